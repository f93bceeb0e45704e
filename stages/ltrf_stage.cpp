#include "stages/ltrf_stage.h"

#include <chrono>
#include <cmath>

#include "common/limits.h"
#include "common/progress.h"
#include "frontend/load_workload.h"
#include "hierarchy/design/design.h"
#include "study/ltrf/ltrf_workloads.h"
#include "stages/ltrf_output.h"
#include "stages/stage_inputs.h"
#include "stages/workload_check.h"

namespace rfvar::stages {

namespace {

nlohmann::json num(double x) { return std::isnan(x) ? nlohmann::json(nullptr) : nlohmann::json(x); }

struct LtrfSetup {
  arch::ArchParams ap;
  arch::hierarchy::HierarchyParams h;
  study::LtrfStudyOptions so;
};

// The parameters and study options, validated (everything but the workloads' loading).
LtrfSetup setup(const LtrfStage::Options& lo, const Config& config) {
  LtrfSetup s{arch::ArchParams::from_config(config), {}, {}};
  if (s.ap.gpu_sms > 1) throw InputError(arch::kOneSmOnly);
  s.h = arch::hierarchy::HierarchyParams::from_config(config);
  if (lo.active_warps) s.h.active_warps = *lo.active_warps;
  s.so.designs = split_list(lo.designs);
  s.so.config_id = lo.config_id.value_or(s.h.ltrf.main_rf_config);
  s.so.latencies = parse_sweep(lo.latency_sweep, s.ap.limits.max_sweep_points);
  s.so.max_loss = lo.max_loss;
  return s;
}

}  // namespace

std::vector<double> parse_sweep(const std::string& text, std::int64_t max_points) {
  const auto parts = split_list(text);
  auto number = [&](const std::string& s) {
    double x = 0;
    try {
      std::size_t n = 0;
      x = std::stod(s, &n);
      if (n != s.size()) throw std::invalid_argument("");
    } catch (const std::exception&) {
      throw InputError("--latency-sweep '" + text + "': '" + s + "' is not a number");
    }
    if (!(std::isfinite(x) && x > 0))
      throw InputError("--latency-sweep '" + text + "': '" + s + "' is not a latency (accepted: finite, > 0)");
    return x;
  };
  std::vector<double> v;
  auto room = [&](double more) {
    if (static_cast<double>(v.size()) + more > static_cast<double>(max_points))
      Limits::exceeded("--latency-sweep '" + text.substr(0, 60) + "': values", "max_sweep_points",
                       static_cast<double>(v.size()) + more, static_cast<double>(max_points));
  };
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (parts[i] == "...") {
      if (v.size() < 2 || i + 1 >= parts.size()) throw InputError("--latency-sweep '" + text + "': '...' needs two values before it and one after");
      const double step = v[v.size() - 1] - v[v.size() - 2];
      if (!(step > 0)) throw InputError("--latency-sweep '" + text + "': '...' needs an increasing step");
      const double end = number(parts[i + 1]);
      room(std::floor((end - v.back()) / step));
      for (double x = v.back() + step; x < end - 1e-9; x += step) v.push_back(std::round(x * 1e9) / 1e9);
      continue;
    }
    room(1);
    v.push_back(number(parts[i]));
  }
  return v;
}

StageInfo LtrfStage::info() { return {"ltrf", {}, {"population.", "arch.", "ltrf."}, true}; }

const std::vector<OptionDecl<LtrfStage::Options>>& LtrfStage::options() {
  static const std::vector<OptionDecl<Options>> decls = {
      {"kernels", "--kernels",
       "Comma-separated workloads, 'default' (LTRF §5's 9 register-sensitive + 4 insensitive:\n"
       "ltrf.kernels_register_sensitive / _insensitive, CUDA compiled to PTX) or 'all' (Tan's\n"
       "hand-written kernels in data/kernels; default: default). PTX harnesses are loaded with\n"
       "arch.register_ids = allocated (LTRF's passes work on allocated registers). Accepted forms\n"
       "(a plain NAME is data/kernels/ltrf/NAME.kernel first):\n" + arch::workload_spec_forms(),
       &Options::kernels},
      {"designs", "--designs", "Comma-separated designs of bl,rfc,ltrf,ltrf+,shrf,ideal (default: all)",
       &Options::designs},
      {"config_id", "--config-id", "Main-RF design of LTRF Table 2, 1..7 (default: ltrf.main_rf_config)",
       &Options::config_id},
      {"latency_sweep", "--latency-sweep",
       "Relative main-RF latencies (> 0), e.g. 1,1.5,...,8 ('...' continues the step; default 1,2,...,8)",
       &Options::latency_sweep},
      {"max_loss", "--max-loss", "IPC loss defining the maximum tolerable latency, fraction (default 0.05)",
       &Options::max_loss},
      {"active_warps", "--active-warps",
       "Two-level active warps per scheduler unit; RFC/LTRF partitions = this x arch.schedulers units (default: "
       "ltrf.active_warps)",
       &Options::active_warps},
  };
  return decls;
}

void LtrfStage::check(const Options& lo, const StageContext& ctx) {
  const LtrfSetup s = setup(lo, ctx.config);
  study::check_ltrf_study_options(s.so, s.h);
  check_workload_specs(study::ltrf_workload_specs(lo.kernels, ctx.config), "--kernels");
}

LtrfStage::Result LtrfStage::run(const Options& lo, const StageContext& ctx) {
  const Config& config = ctx.config;
  const LtrfSetup s = setup(lo, config);
  const std::vector<std::string> names = study::ltrf_workload_specs(lo.kernels, config);
  const std::uint64_t seed = master_seed(config);
  const study::LoadedWorkloads w = study::load_ltrf_workloads(names, s.ap, seed, lo.trace_cache);
  Progress bar("ltrf", study::ltrf_study_runs(w.list.size(), s.so), ctx.progress);
  const auto t0 = std::chrono::steady_clock::now();
  Result res;
  res.r = study::run_ltrf_study(w.list, s.ap, s.h, s.so, w.key, &bar, ctx.jobs);
  study::LtrfStudyResult& r = res.r;
  r.kernels = distinct_names(names, r.kernels);  // two workloads sharing a benchmark name stay apart
  bar.finish();
  res.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (!ctx.output.empty())
    write_ltrf_file(ctx.output, r, s.so.max_loss, s.h.active_warps, config, seed, ctx.command_line, &ctx);
  if (ctx.jobs) ctx.jobs->log().clear();  // written above under /jobs, or not asked for
  res.max_loss = s.so.max_loss;
  res.active_warps = s.h.active_warps;
  res.output = ctx.output;
  return res;
}

nlohmann::json LtrfStage::json(const Result& res) {
  const study::LtrfStudyResult& r = res.r;
  nlohmann::json dj;
  for (const auto& d : r.designs) {
    nlohmann::json pk;
    for (std::size_t k = 0; k < r.kernels.size(); ++k) {
      const auto& x = d.per_kernel[k];
      pk[r.kernels[k]] = {{"norm_ipc", x.norm_ipc}, {"ipc", x.ipc}, {"max_tolerable_latency", num(x.max_tolerable_latency)},
                          {"capped", x.capped}, {"sweep_ipc", x.sweep_ipc}};
      if (d.name == "rfc") pk[r.kernels[k]]["rfc_read_hit_rate"] = x.rfc_read_hit_rate;
      if (d.name == "ltrf" || d.name == "ltrf+" || d.name == "shrf")
        pk[r.kernels[k]]["dynamic_region_length"] = x.dynamic_region_length;
    }
    dj[d.name] = {{"per_kernel", pk}, {"mean_norm_ipc", d.mean_norm_ipc}, {"max_tolerable_latency", num(d.max_tolerable_latency)}};
  }
  nlohmann::json j = {{"designs", dj},
                      {"config_id", r.config.id},
                      {"config", {{"capacity", r.config.capacity_multiple}, {"banks", r.config.bank_multiple}, {"latency", r.config.latency_rel}}},
                      {"latencies", r.latencies},
                      {"max_loss", res.max_loss},
                      {"active_warps", res.active_warps},
                      {"normalizer_capacity", r.normalizer_capacity},
                      {"runs", r.runs},
                      {"seconds", res.seconds}};
  if (!res.output.empty()) j["file"] = res.output;
  for (std::size_t k = 0; k < r.kernels.size(); ++k) {
    j["normalizer_ipc"][r.kernels[k]] = r.normalizer_ipc[k];
    j["register_sensitive"][r.kernels[k]] = static_cast<bool>(r.register_sensitive[k]);
    j["two_level"]["per_kernel"][r.kernels[k]] = r.normalizer_ipc[k] / r.all_active_ipc[k];
  }
  j["two_level"]["mean_ipc_ratio"] = r.mean_two_level_ratio;
  return j;
}

}  // namespace rfvar::stages
