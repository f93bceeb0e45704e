// What `rfvar guardband` and `rfvar perf` share: their study options, the validated inputs they
// load (configuration, benchmarks, chips file) and the batched run of the population study.
//
// Contract: add_study_options() adds --chips, --kernels, --techniques, --years, --epochs and
// --no-cache, --trace-cache. load_study_inputs() validates everything before anything is read in bulk or
// written: years <= 0 or epochs < 1, an unknown technique or benchmark, an empty chips file and a chips file
// made with another chip configuration (study/aging/chip_config_check.h) are InputErrors naming the
// value. run_study() reads the chips in batches and runs study::PopulationStudy on them with a
// progress bar labelled `label`; its constructor refuses, before any run, arch.gpu_sms above the
// chips' SMs and arch.gpu_clocks = "pv" with arch.gpu_sms > 1. No model logic here.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "apps/chips_file.h"
#include "apps/cli_common.h"
#include "workload/i_workload.h"
#include "common/h5io.h"
#include "study/aging/population_study.h"

namespace rfvar::apps {

struct StudyOptions {
  std::string chips_file;
  std::string kernels = "all";
  std::string techniques;       // comma-separated study technique names
  std::optional<double> years;  // default: nbti.lifetime_years
  std::optional<int> epochs;    // default: nbti.lifetime_epochs
  bool no_cache = false;
  std::string trace_cache;  // optional directory of cached PTX traces (frontend/workload_cache.h)

  // The default technique list: those Tan 2016 Fig. `tan_figure` shows (technique/registry.h).
  static StudyOptions for_figure(int tan_figure);
};

void add_study_options(CLI::App* sub, StudyOptions& so);

struct StudyInputs {
  Config config;
  study::StudyConfig study;
  std::vector<std::string> kernel_names;
  std::vector<std::shared_ptr<const arch::IWorkload>> benchmarks;  // frontend/load_workload.h, any front end
  std::unique_ptr<ChipsFile> chips;
};

StudyInputs load_study_inputs(const CommonOptions& o, const StudyOptions& so);

std::unique_ptr<study::PopulationStudy> run_study(const CommonOptions& o, const StudyInputs& in,
                                                  const std::string& label);

// Writes one technique's per-(chip, SM, kernel[, sub-bank]) detail for SMs 0..sms-1 (the study's
// sms(): every SM of the chips, or arch.gpu_sms in the N-SM mode) under `group` (ipc, fresh_freq,
// aged_freq, guardband, utilization, aged_delay, vbank_utilization, vbank_aged_delay, critical_subbank):
// the part of the layout guardband and perf share, and the technique attributes (technique_output.h)
// of the technique named by the group's last path component.
void write_technique_rows(H5Writer& out, const std::string& group, const study::TechniqueRows& rows,
                          const ChipsFileInfo& info, int sms, std::size_t kernels);

// The root attribute sms_simulated (which SMs the rows hold and how they were simulated; `chip_sms`:
// the chips' SMs), and with
// arch.gpu_sms > 1 the attribute gpu_sms (docs/hdf5.md).
void write_sms_simulated(H5Writer& out, const study::PopulationStudy& study, int chip_sms);

}  // namespace rfvar::apps
