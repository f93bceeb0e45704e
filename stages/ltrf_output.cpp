#include "stages/ltrf_output.h"

#include <limits>

#include "common/h5io.h"
#include "stages/job_log_output.h"

namespace rfvar::stages {

void write_ltrf_file(const std::filesystem::path& out, const study::LtrfStudyResult& r, double max_loss,
                     int active_warps, const Config& config, std::uint64_t seed,
                     const std::string& command_line, const StageContext* jobs_of) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const std::size_t D = r.designs.size(), K = r.kernels.size(), L = r.latencies.size();
  std::vector<std::string> designs;
  std::vector<double> norm(D * K), ipc(D * K), mtl(D * K), sweep(D * K * L, nan), region(D * K, nan), hit(D * K, nan);
  std::vector<double> mean(D), dmtl(D);
  std::vector<std::uint8_t> capped(D * K), sensitive(K);
  for (std::size_t d = 0; d < D; ++d) {
    const auto& dr = r.designs[d];
    designs.push_back(dr.name);
    mean[d] = dr.mean_norm_ipc;
    dmtl[d] = dr.max_tolerable_latency;
    for (std::size_t k = 0; k < K; ++k) {
      const auto& x = dr.per_kernel[k];
      const std::size_t i = d * K + k;
      norm[i] = x.norm_ipc;
      ipc[i] = x.ipc;
      mtl[i] = x.max_tolerable_latency;
      capped[i] = x.capped ? 1 : 0;
      for (std::size_t l = 0; l < L && l < x.sweep_ipc.size(); ++l) sweep[i * L + l] = x.sweep_ipc[l];
      if (dr.name == "ltrf" || dr.name == "ltrf+" || dr.name == "shrf") region[i] = x.dynamic_region_length;
      if (dr.name == "rfc") hit[i] = x.rfc_read_hit_rate;
    }
  }
  for (std::size_t k = 0; k < K; ++k) sensitive[k] = r.register_sensitive[k] ? 1 : 0;
  H5Writer w(out);
  w.provenance("ltrf", seed, config, command_line);
  w.attr("/", "config_id", static_cast<std::int64_t>(r.config.id));
  w.attr("/", "active_warps", static_cast<std::int64_t>(active_warps));
  w.attr("/", "max_loss", max_loss);
  w.attr("/", "main_rf_capacity", r.config.capacity_multiple);
  w.attr("/", "main_rf_banks", r.config.bank_multiple);
  w.attr("/", "main_rf_latency", r.config.latency_rel);
  w.attr("/", "normalizer_capacity", r.normalizer_capacity);
  w.attr("/", "mean_two_level_ratio", r.mean_two_level_ratio);
  w.write_strings("/designs", designs);
  w.write_strings("/kernels", r.kernels);
  w.write("/latencies", r.latencies, {L}, {"latency"}, "1 (main-RF latency / baseline's)");
  const std::vector<std::string> dk = {"design", "kernel"};
  w.write("/norm_ipc", norm, {D, K}, dk, "1 (IPC / baseline on main-RF design #1)");
  w.write("/ipc", ipc, {D, K}, dk, "warp instructions / cycle");
  w.write("/max_tolerable_latency", mtl, {D, K}, dk, "1 (main-RF latency / baseline's; NaN: no limit)");
  w.write("/capped", capped, {D, K}, dk, "1 (reached the end of the sweep)");
  w.write("/sweep_ipc", sweep, {D, K, L}, {"design", "kernel", "latency"}, "warp instructions / cycle");
  w.write("/dynamic_region_length", region, {D, K}, dk, "warp instructions / region entry (NaN: no regions)");
  w.write("/rfc_read_hit_rate", hit, {D, K}, dk, "1 (RFC read hits / reads; NaN: no RFC)");
  w.write("/mean_norm_ipc", mean, {D}, {"design"}, "1");
  w.write("/design_max_tolerable_latency", dmtl, {D}, {"design"}, "1 (mean over kernels)");
  w.write("/normalizer_ipc", r.normalizer_ipc, {K}, {"kernel"}, "warp instructions / cycle");
  w.write("/all_active_ipc", r.all_active_ipc, {K}, {"kernel"}, "warp instructions / cycle");
  w.write("/register_sensitive", sensitive, {K}, {"kernel"}, "1 (occupancy grows with the ideal capacity)");
  if (jobs_of) write_job_log(w, *jobs_of);  // /jobs (docs/hdf5.md "jobs") when asked for
  w.commit();
}

}  // namespace rfvar::stages
