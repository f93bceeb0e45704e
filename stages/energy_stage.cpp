#include "stages/energy_stage.h"

#include <chrono>

#include "common/progress.h"
#include "hierarchy/design/design.h"
#include "study/energy/energy_workloads.h"
#include "stages/energy_output.h"
#include "stages/stage_inputs.h"
#include "stages/workload_check.h"

namespace rfvar::stages {

namespace {

std::vector<int> parse_configs(const std::string& text) {
  std::vector<int> v;
  for (const auto& s : split_list(text)) {
    std::size_t n = 0;
    int c = 0;
    try {
      c = std::stoi(s, &n);
    } catch (const std::exception&) {
      n = 0;
    }
    if (n != s.size() || c < 1 || c > 7)
      throw InputError("--configs '" + text + "': '" + s +
                       "' is not a main-RF design of LTRF Table 2 (accepted: 1..7)");
    v.push_back(c);
  }
  if (v.empty()) throw InputError("--configs: no main-RF design given (accepted: 1..7)");
  return v;
}

struct EnergySetup {
  arch::ArchParams ap;
  arch::hierarchy::HierarchyParams h;
  arch::energy::EnergyParams ep;
  study::EnergyStudyOptions so;
};

EnergySetup setup(const EnergyStage::Options& eo, const Config& config) {
  const arch::ArchParams ap = arch::ArchParams::from_config(config);
  if (ap.gpu_sms > 1) throw InputError(arch::kOneSmOnly);
  EnergySetup s{ap, arch::hierarchy::HierarchyParams::from_config(config),
                arch::energy::EnergyParams::from_config(config), {}};
  study::EnergyStudyOptions& so = s.so;
  so.kernels = study::resolve_energy_workloads(split_list(eo.kernels));
  so.configs = parse_configs(eo.configs);
  so.designs = split_list(eo.designs);
  so.block_stride = eo.block_stride;
  so.sfu_long_latency = s.h.ltrf.long_latency_sfu;
  so.trace_cache = eo.trace_cache;
  if (eo.design_kernels != "all" && eo.design_kernels != "hand")
    throw InputError("--design-kernels '" + eo.design_kernels + "' is not one of: all, hand");
  so.compiled_designs = eo.design_kernels == "all";
  return s;
}

}  // namespace

StageInfo EnergyStage::info() { return {"energy", {}, {"population.", "arch.", "ltrf.", "energy."}, true}; }

const std::vector<OptionDecl<EnergyStage::Options>>& EnergyStage::options() {
  static const std::vector<OptionDecl<Options>> decls = {
      {"kernels", "--kernels",
       "Comma-separated workloads (any --kernel form; a plain name is a .kernel benchmark of data/kernels or\n"
       "data/kernels/ltrf), 'all' (every .kernel benchmark and every data/cuda harness as ptx:NAME), 'hand'\n"
       "or 'ptx' (default: all)",
       &Options::kernels},
      {"design_kernels", "--design-kernels",
       "Workloads that also run the designs on the SM: 'all' (the .kernel ones and the compiled\n"
       "ones, loaded with allocated register ids as rfvar ltrf does) or 'hand' (.kernel only)\n"
       "(default: all)",
       &Options::design_kernels},
      {"configs", "--configs", "Comma-separated main-RF designs of LTRF Table 2, 1..7 (default: 1,2,...,7)",
       &Options::configs},
      {"designs", "--designs", "Comma-separated designs of bl,rfc,ltrf,ltrf+,shrf,ideal (default: bl,rfc,ltrf,ltrf+)",
       &Options::designs},
      {"block_stride", "--block-stride",
       "Allocation replay: count every s-th block of each launch, >= 1 (default 1: every block)",
       &Options::block_stride},
      {"", "--trace-cache", kTraceCacheHelp, &Options::trace_cache},
  };
  return decls;
}

void EnergyStage::check(const Options& eo, const StageContext& ctx) {
  const EnergySetup s = setup(eo, ctx.config);
  study::check_energy_study_options(s.so, s.h);
  check_workload_specs(s.so.kernels, "--kernels");
}

EnergyStage::Result EnergyStage::run(const Options& eo, const StageContext& ctx) {
  const EnergySetup s = setup(eo, ctx.config);
  const std::uint64_t seed = master_seed(ctx.config);
  Progress bar("energy", study::energy_study_items(s.so), ctx.progress);
  const auto t0 = std::chrono::steady_clock::now();
  Result res{study::run_energy_study(s.so, s.ap, s.h, s.ep, seed, &bar, ctx.jobs), s.ep, 0.0, ctx.output};
  bar.finish();
  res.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (!ctx.output.empty()) write_energy_file(ctx.output, res.r, s.ep, ctx.config, seed, ctx.command_line, &ctx);
  if (ctx.jobs) ctx.jobs->log().clear();  // written above under /jobs, or not asked for
  return res;
}

nlohmann::json EnergyStage::json(const Result& res) {
  nlohmann::json j = energy_json(res.r, res.ep);
  j["seconds"] = res.seconds;
  if (!res.output.empty()) j["file"] = res.output;
  return j;
}

}  // namespace rfvar::stages
