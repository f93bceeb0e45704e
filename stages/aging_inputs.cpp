#include "stages/aging_inputs.h"

#include <algorithm>

#include "stages/technique_output.h"
#include "stages/workload_check.h"
#include "frontend/load_workload.h"
#include "workload/kernel_parser.h"
#include "common/progress.h"
#include "nbti/stress_model.h"
#include "study/aging/chip_config_check.h"
#include "technique/registry.h"

namespace rfvar::stages {

namespace {
constexpr int kBatchChips = 16;  // chips read per batch (about 2 MB per chip of 15 SMs)
}

AgingOptions::AgingOptions(int tan_figure) : techniques(join_names(technique::figure_names(tan_figure))) {}

namespace {

// The study's configuration from the options (validated: the model parameters, years, epochs, techniques).
study::StudyConfig study_config(const AgingOptions& so, const Config& config) {
  if (so.years) nbti::check_years(*so.years);
  if (so.epochs && *so.epochs < 1)
    throw InputError("--epochs must be >= 1, got " + std::to_string(*so.epochs));
  study::StudyConfig cfg;
  cfg.nbti = nbti::NbtiParams::from_config(config);
  cfg.rf = rfmodel::RfParams::from_config(config);
  cfg.arch = arch::ArchParams::from_config(config);
  cfg.life = {so.years.value_or(cfg.nbti.lifetime_years), so.epochs.value_or(cfg.nbti.lifetime_epochs)};
  cfg.techniques = split_list(so.techniques);
  cfg.cache = !so.no_cache;
  if (cfg.techniques.empty()) throw InputError("--techniques: none named");
  for (const auto& t : cfg.techniques) technique::make_technique(t, technique::Role::aging);
  return cfg;
}

std::vector<std::string> kernel_names(const AgingOptions& so) {
  std::vector<std::string> names = so.kernels == "all" ? arch::available_benchmarks() : split_list(so.kernels);
  if (names.empty()) throw InputError("--kernels: no benchmark named");
  return names;
}

}  // namespace

void check_aging_options(const AgingOptions& so, const Config& config) {
  (void)study_config(so, config);
  check_workload_specs(kernel_names(so), "--kernels");
}

AgingInputs load_aging_inputs(const AgingOptions& so, const Config& config) {
  AgingInputs in;
  in.config = config;
  in.study = study_config(so, in.config);
  const study::StudyConfig& cfg = in.study;
  in.kernel_names = kernel_names(so);
  const std::uint64_t seed = master_seed(in.config);  // run_aging()'s workload stream: the same key
  for (const auto& n : in.kernel_names)
    in.benchmarks.push_back(arch::load_workload(n, cfg.arch, seed, so.trace_cache));
  in.chips = std::make_unique<ChipsFile>(so.chips_file);
  const ChipsFileInfo& info = in.chips->info();
  if (info.chips < 1 || info.sms < 1) throw InputError("'" + so.chips_file + "' holds no chips");
  study::check_chip_config(in.chips->config(), in.config, so.chips_file);
  return in;
}

std::unique_ptr<study::PopulationStudy> run_aging(const AgingInputs& in, const std::string& label, bool progress,
                                                  JobDistributor* jobs) {
  const ChipsFileInfo& info = in.chips->info();
  const RngStream workload(master_seed(in.config), 0, Stream::Workload);
  study::StudyConfig cfg = in.study;
  cfg.jobs = jobs;
  auto study = std::make_unique<study::PopulationStudy>(std::move(cfg), in.benchmarks, info.chips, info.sms,
                                                        info.subbanks, workload);
  // Distributed, a batch holds up to 4 ranks' share of chips, so the one-SM mode's chip plan has work
  // for every rank of a small run while a rank holds at most 4 x kBatchChips chips.
  const int batch = kBatchChips * (jobs ? std::min(jobs->ranks(), 4) : 1);
  Progress bar(label,
               static_cast<std::uint64_t>(info.chips) * static_cast<std::uint64_t>(study->ticks_per_chip()),
               progress);
  for (int first = 0; first < info.chips; first += batch) {
    const int count = std::min(batch, info.chips - first);
    study->run_chips(in.chips->read(first, count), first, &bar);
  }
  return study;
}

void write_technique_rows(H5Writer& out, const std::string& group, const study::TechniqueRows& rows,
                          const ChipsFileInfo& info, int sms, std::size_t kernels) {
  const auto C = static_cast<std::uint64_t>(info.chips), M = static_cast<std::uint64_t>(sms),
             K = static_cast<std::uint64_t>(kernels), S = static_cast<std::uint64_t>(info.subbanks);
  const Dims csk = {C, M, K}, csks = {C, M, K, S};
  const std::vector<std::string> lab = {"chip", "sm", "kernel"}, labs = {"chip", "sm", "kernel", "subbank"};
  out.write(group + "/ipc", rows.ipc, csk, lab, "warp instructions / cycle (lifetime mean)");
  out.write(group + "/fresh_freq", rows.fresh_freq, csk, lab, "1 (normalized to no PV)");
  out.write(group + "/aged_freq", rows.aged_freq, csk, lab, "1 (normalized to no PV)");
  out.write(group + "/guardband", rows.guardband, csk, lab, "1 (1 - f_aged / f_fresh)");
  out.write(group + "/utilization", rows.utilization, csks, labs, "1");
  out.write(group + "/aged_delay", rows.aged_delay, csks, labs, "1 (normalized to the nominal cell)");
  // Tan Fig. 8 per virtual bank (organization-table order, fastest first).
  const auto B =
      static_cast<std::uint64_t>(rows.vbank_utilization.size() / std::max<std::size_t>(1, rows.ipc.size()));
  const Dims cskb = {C, M, K, B};
  const std::vector<std::string> labb = {"chip", "sm", "kernel", "virtual_bank"};
  out.write(group + "/vbank_utilization", rows.vbank_utilization, cskb, labb, "1");
  out.write(group + "/vbank_aged_delay", rows.vbank_aged_delay, cskb, labb,
            "1 (normalized to the nominal cell)");
  out.write(group + "/critical_subbank", rows.critical_subbank, csk, lab, "physical sub-bank id (-1: none)");
  out.write(group + "/slow_access_fraction", rows.slow_access_fraction, csk, lab,
            "1 (register accesses of more than one cycle / all, over the lifetime's runs)");
  write_technique_attrs(out, group, group.substr(group.rfind('/') + 1), technique::Role::aging);
}

void write_sms_simulated(H5Writer& out, const study::PopulationStudy& study, int chip_sms) {
  if (study.gpu_sms() == 1) {
    out.attr("/", "sms_simulated", std::string("all; vl-rf: SM 0 of each chip"));
    return;
  }
  const std::string last = std::to_string(study.gpu_sms() - 1);
  const std::string rest = study.gpu_sms() < chip_sms ? "; SMs " + std::to_string(study.gpu_sms()) + ".." +
                                                            std::to_string(chip_sms - 1) + " have no rows"
                                                      : "";
  out.attr(
      "/", "sms_simulated",
      "0.." + last + " of each chip on one GPU sharing the L2 and DRAM, each SM under its own plan" + rest);
  out.attr("/", "gpu_sms", static_cast<std::int64_t>(study.gpu_sms()));
}

}  // namespace rfvar::stages
