// `rfvar ltrf`: the register-file hierarchy study (issue 6; LTRF Fig. 9 and Fig. 11): IPC of BL,
// RFC, LTRF, LTRF+, SHRF-like and Ideal per kernel normalized to the baseline, and each design's
// maximum tolerable main-RF latency. No model logic here: study/ltrf/ltrf_study.h does the runs.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <optional>
#include <sstream>

#include "apps/cli_common.h"
#include "apps/ltrf_output.h"
#include "common/limits.h"
#include "hierarchy/design/design.h"
#include "frontend/load_workload.h"
#include "study/ltrf/ltrf_study.h"
#include "study/ltrf/ltrf_workloads.h"

namespace rfvar::apps {

namespace {

struct LtrfOptions {
  std::string kernels = "default";
  std::string designs = "bl,rfc,ltrf,ltrf+,shrf,ideal";
  std::optional<int> config_id;
  std::string latency_sweep = "1,2,...,8";
  double max_loss = 0.05;
  std::optional<int> active_warps;
  std::string output;
  std::string trace_cache;  // optional directory of cached PTX traces
};

std::vector<std::string> split(const std::string& list) {
  std::vector<std::string> out;
  std::stringstream ss(list);
  for (std::string s; std::getline(ss, s, ',');)
    if (!s.empty()) out.push_back(s);
  return out;
}

// "1,1.5,...,8": numbers, where "..." continues the step of the two numbers before it up to the next.
// Every value finite and > 0; at most max_points values (limits.max_sweep_points).
std::vector<double> parse_sweep(const std::string& text, std::int64_t max_points) {
  const auto parts = split(text);
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

nlohmann::json num(double x) { return std::isnan(x) ? nlohmann::json(nullptr) : nlohmann::json(x); }

void run(CommonOptions& o, const LtrfOptions& lo) {
  const Config config = o.load_config();
  o.apply_threads();
  const arch::ArchParams ap = arch::ArchParams::from_config(config);
  if (ap.gpu_sms > 1) throw InputError(arch::kOneSmOnly);
  arch::hierarchy::HierarchyParams h = arch::hierarchy::HierarchyParams::from_config(config);
  if (lo.active_warps) h.active_warps = *lo.active_warps;
  study::LtrfStudyOptions so;
  so.designs = split(lo.designs);
  so.config_id = lo.config_id.value_or(h.ltrf.main_rf_config);
  so.latencies = parse_sweep(lo.latency_sweep, ap.limits.max_sweep_points);
  so.max_loss = lo.max_loss;
  const std::vector<std::string> names = study::ltrf_workload_specs(lo.kernels, config);
  const std::uint64_t seed = o.master_seed(config);
  const study::LoadedWorkloads w = study::load_ltrf_workloads(names, ap, seed, lo.trace_cache);
  Progress bar("ltrf", study::ltrf_study_runs(w.list.size(), so), o.progress());
  const auto t0 = std::chrono::steady_clock::now();
  study::LtrfStudyResult r = study::run_ltrf_study(w.list, ap, h, so, w.key, &bar);
  r.kernels = distinct_names(names, r.kernels);  // two workloads sharing a benchmark name stay apart
  bar.finish();
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (!lo.output.empty()) write_ltrf_file(lo.output, r, so.max_loss, h.active_warps, config, seed, o.command_line);

  if (o.json) {
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
                        {"max_loss", so.max_loss},
                        {"active_warps", h.active_warps},
                        {"normalizer_capacity", r.normalizer_capacity},
                        {"runs", r.runs},
                        {"seconds", secs}};
    if (!lo.output.empty()) j["file"] = lo.output;
    for (std::size_t k = 0; k < r.kernels.size(); ++k) {
      j["normalizer_ipc"][r.kernels[k]] = r.normalizer_ipc[k];
      j["register_sensitive"][r.kernels[k]] = static_cast<bool>(r.register_sensitive[k]);
      j["two_level"]["per_kernel"][r.kernels[k]] = r.normalizer_ipc[k] / r.all_active_ipc[k];
    }
    j["two_level"]["mean_ipc_ratio"] = r.mean_two_level_ratio;
    print_json(j);
    return;
  }
  std::printf("IPC at main-RF design #%d (%.2gx capacity, %.3gx latency) normalized to BL on #1 with the RFC's storage "
              "(%.3gx capacity), LTRF Fig. 9; * = register-sensitive (LTRF §5)\n",
              r.config.id, r.config.capacity_multiple, r.config.latency_rel, r.normalizer_capacity);
  std::printf("%-10s %8s", "kernel", "BL IPC");
  for (const auto& d : r.designs) std::printf(" %8s", d.name.c_str());
  std::printf("\n");
  for (std::size_t k = 0; k < r.kernels.size(); ++k) {
    std::printf("%-10s %8.3f", (r.kernels[k] + (r.register_sensitive[k] ? "*" : "")).c_str(), r.normalizer_ipc[k]);
    for (const auto& d : r.designs) std::printf(" %8.3f", d.per_kernel[k].norm_ipc);
    std::printf("\n");
  }
  std::printf("%-10s %8s", "mean", "");
  for (const auto& d : r.designs) std::printf(" %8.3f", d.mean_norm_ipc);
  std::printf("\n\nMaximum tolerable main-RF latency (x), at most %.0f %% IPC loss vs the design at 1x (LTRF Fig. 11; "
              "'+' = no loss within the sweep)\n%-10s %8s", 100 * so.max_loss, "kernel", "");
  for (const auto& d : r.designs) std::printf(" %8s", d.name.c_str());
  std::printf("\n");
  for (std::size_t k = 0; k < r.kernels.size(); ++k) {
    std::printf("%-10s %8s", (r.kernels[k] + (r.register_sensitive[k] ? "*" : "")).c_str(), "");
    for (const auto& d : r.designs) {
      const auto& x = d.per_kernel[k];
      if (std::isnan(x.max_tolerable_latency)) std::printf(" %8s", "-");
      else std::printf(" %7.2f%s", x.max_tolerable_latency, x.capped ? "+" : " ");
    }
    std::printf("\n");
  }
  std::printf("%-10s %8s", "mean", "");
  for (const auto& d : r.designs) {
    if (std::isnan(d.max_tolerable_latency)) std::printf(" %8s", "-");
    else std::printf(" %8.2f", d.max_tolerable_latency);
  }
  std::printf("\n\nTwo-level scheduler, %d active warps per scheduler unit: BL IPC / BL IPC with every warp active = %.4f (mean)\n",
              h.active_warps, r.mean_two_level_ratio);
  std::printf("%zu runs in %.1f s\n", r.runs, secs);
  if (!lo.output.empty()) std::printf("wrote %s\n", lo.output.c_str());
}

}  // namespace

void register_ltrf(CLI::App& app, CommonOptions& o) {
  auto lo = std::make_shared<LtrfOptions>();
  CLI::App* sub = app.add_subcommand(
      "ltrf",
      "Register-file hierarchy study (LTRF 2018 Fig. 9 / Fig. 11; RFC and two-level of Gebhart 2011):\n"
      "IPC of each design per kernel at main-RF design --config-id of LTRF Table 2, normalized to the\n"
      "baseline on design #1 with the RFC's storage added, and each design's maximum tolerable main-RF\n"
      "latency over --latency-sweep (design #1's capacity).");
  sub->add_option("--kernels", lo->kernels,
                  "Comma-separated workloads, 'default' (LTRF §5's 9 register-sensitive + 4 insensitive:\n"
                  "ltrf.kernels_register_sensitive / _insensitive, CUDA compiled to PTX) or 'all' (Tan's\n"
                  "hand-written kernels in data/kernels; default: default). PTX harnesses are loaded with\n"
                  "arch.register_ids = allocated (LTRF's passes work on allocated registers). Accepted forms\n"
                  "(a plain NAME is data/kernels/ltrf/NAME.kernel first):\n" + arch::workload_spec_forms());
  sub->add_option("--designs", lo->designs, "Comma-separated designs of bl,rfc,ltrf,ltrf+,shrf,ideal (default: all)");
  sub->add_option("--config-id", lo->config_id, "Main-RF design of LTRF Table 2, 1..7 (default: ltrf.main_rf_config)");
  sub->add_option("--latency-sweep", lo->latency_sweep,
                  "Relative main-RF latencies (> 0), e.g. 1,1.5,...,8 ('...' continues the step; default 1,2,...,8)");
  sub->add_option("--max-loss", lo->max_loss, "IPC loss defining the maximum tolerable latency, fraction (default 0.05)");
  sub->add_option("--active-warps", lo->active_warps, "Two-level active warps per scheduler unit; RFC/LTRF partitions = this x arch.schedulers units (default: ltrf.active_warps)");
  add_common_options(sub, o, "");
  sub->add_option("--trace-cache", lo->trace_cache, kTraceCacheHelp);
  sub->add_option("-o,--output", lo->output, "Also write the results to this HDF5 file (atomically; docs/hdf5.md \"ltrf\")");
  sub->callback([&o, lo] { run(o, *lo); });
}

}  // namespace rfvar::apps
