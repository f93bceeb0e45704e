// What the guardband and perf stages (stages/aging_stages.h) share: their options, the validated
// inputs they load (configuration, benchmarks, chips file) and the batched run of the population study.
//
// Contract: aging_option_decls() declares chips (--chips), kernels, techniques, years, epochs,
// --no-cache, --trace-cache and the study option gpu_sms (arch.gpu_sms for the stage).
// check_aging_options() checks, reading nothing: years <= 0 or epochs < 1, an unknown technique or
// benchmark, the model parameters. load_aging_inputs() validates everything before anything is read in
// bulk or written: those, an empty chips file and a chips file made with another chip configuration
// (study/aging/chip_config_check.h) are InputErrors naming the value. run_aging() reads the chips in
// batches and runs study::PopulationStudy on them with a progress bar labelled `label`; its
// constructor refuses, before any run, arch.gpu_sms above the chips' SMs and arch.gpu_clocks = "pv"
// with arch.gpu_sms > 1. No model logic here.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "common/h5io.h"
#include "frontend/load_workload.h"
#include "study/aging/population_study.h"
#include "stages/chips_file.h"
#include "stages/stage.h"
#include "stages/stage_inputs.h"
#include "technique/registry.h"
#include "workload/i_workload.h"

namespace rfvar::stages {

struct AgingOptions {
  std::string chips_file;
  std::string kernels = "all";
  std::string techniques;       // comma-separated study technique names; default: the figure's
  std::optional<double> years;  // default: nbti.lifetime_years
  std::optional<int> epochs;    // default: nbti.lifetime_epochs
  bool no_cache = false;
  std::string trace_cache;  // optional directory of cached PTX traces (frontend/workload_cache.h)

  // The default technique list: those Tan 2016 Fig. `tan_figure` shows (technique/registry.h).
  explicit AgingOptions(int tan_figure);
};

// The declarations of AgingOptions' fields, for O = a stage's options derived from AgingOptions.
template <class O>
std::vector<OptionDecl<O>> aging_option_decls(const O& defaults);

struct AgingInputs {
  Config config;
  study::StudyConfig study;
  std::vector<std::string> kernel_names;
  std::vector<std::shared_ptr<const arch::IWorkload>> benchmarks;  // frontend/load_workload.h, any front end
  std::unique_ptr<ChipsFile> chips;
};

void check_aging_options(const AgingOptions& so, const Config& config);

AgingInputs load_aging_inputs(const AgingOptions& so, const Config& config);

// jobs: the ranks the study is spread over (StageContext::jobs; null: this process).
std::unique_ptr<study::PopulationStudy> run_aging(const AgingInputs& in, const std::string& label, bool progress,
                                                  JobDistributor* jobs = nullptr);

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

template <class O>
std::vector<OptionDecl<O>> aging_option_decls(const O& d) {
  return {
      {"", "--chips", "Chip population file written by 'rfvar chips'", &O::chips_file, true},
      {"kernels", "--kernels",
       "Comma-separated workloads, or 'all' (default: all of data/kernels). Forms:\n" + arch::workload_spec_forms(),
       &O::kernels},
      {"techniques", "--techniques",
       "Comma-separated: " + technique::names_joined(technique::Role::aging) + "\n(default: " + d.techniques + ")",
       &O::techniques},
      {"years", "--years", "Lifetime in years, > 0 (default: nbti.lifetime_years = 7)", &O::years},
      {"epochs", "--epochs", "Epochs of the NBTI-opt loop over the lifetime, >= 1 (default: nbti.lifetime_epochs = 7)",
       &O::epochs},
      {"", "--no-cache",
       "Simulate every SM run even if an identical one was run (slow; "
       "results are identical)",
       &O::no_cache},
      {"", "--trace-cache", kTraceCacheHelp, &O::trace_cache},
      {"gpu_sms", "",
       "SMs simulated sharing the L2 and DRAM (arch.gpu_sms, 1..arch.sms; default 1), clocks as arch.gpu_clocks",
       ConfigKeyOption{"arch.gpu_sms"}},
  };
}

}  // namespace rfvar::stages
