#include "apps/study/ltrf_output.h"

#include <limits>

#include "common/h5io.h"

namespace rfvar::apps::study {

namespace {

double num(const nlohmann::json& j) {
  return j.is_number() ? j.get<double>() : std::numeric_limits<double>::quiet_NaN();
}

}  // namespace

void write_ltrf_file(const std::filesystem::path& out, const nlohmann::json& j, const Config& config,
                     std::uint64_t seed, const std::string& command_line) {
  try {
    std::vector<std::string> designs, kernels;
    for (const auto& [d, _] : j.at("designs").items()) designs.push_back(d);
    const std::vector<double> lat = j.at("latencies").get<std::vector<double>>();
    for (const auto& [k, _] : j.at("normalizer_ipc").items()) kernels.push_back(k);
    const auto D = designs.size(), K = kernels.size(), L = lat.size();
    std::vector<double> norm(D * K), ipc(D * K), mtl(D * K), sweep(D * K * L, std::numeric_limits<double>::quiet_NaN());
    std::vector<double> mean(D), dmtl(D);
    std::vector<std::uint8_t> capped(D * K);
    for (std::size_t d = 0; d < D; ++d) {
      const auto& dj = j["designs"][designs[d]];
      mean[d] = num(dj.at("mean_norm_ipc"));
      dmtl[d] = num(dj.at("max_tolerable_latency"));
      for (std::size_t k = 0; k < K; ++k) {
        const auto& kj = dj.at("per_kernel").at(kernels[k]);
        norm[d * K + k] = num(kj.at("norm_ipc"));
        ipc[d * K + k] = num(kj.at("ipc"));
        mtl[d * K + k] = num(kj.at("max_tolerable_latency"));
        capped[d * K + k] = kj.value("capped", false) ? 1 : 0;
        const auto& s = kj.at("sweep_ipc");
        for (std::size_t l = 0; l < L && l < s.size(); ++l) sweep[(d * K + k) * L + l] = num(s[l]);
      }
    }
    H5Writer w(out);
    w.provenance("ltrf", seed, config, command_line);
    w.attr("/", "config_id", static_cast<std::int64_t>(j.at("config_id").get<int>()));
    w.attr("/", "active_warps", static_cast<std::int64_t>(j.at("active_warps").get<int>()));
    w.attr("/", "max_loss", num(j.at("max_loss")));
    w.attr("/", "main_rf_capacity", num(j.at("config").at("capacity")));
    w.attr("/", "main_rf_latency", num(j.at("config").at("latency")));
    w.write_strings("/designs", designs);
    w.write_strings("/kernels", kernels);
    w.write("/latencies", lat, {L}, {"latency"}, "1 (main-RF latency / baseline's)");
    const std::vector<std::string> dk = {"design", "kernel"};
    w.write("/norm_ipc", norm, {D, K}, dk, "1 (IPC / baseline on main-RF design #1)");
    w.write("/ipc", ipc, {D, K}, dk, "warp instructions / cycle");
    w.write("/max_tolerable_latency", mtl, {D, K}, dk, "1 (main-RF latency / baseline's; NaN: no limit)");
    w.write("/capped", capped, {D, K}, dk, "1 (reached the end of the sweep)");
    w.write("/sweep_ipc", sweep, {D, K, L}, {"design", "kernel", "latency"}, "warp instructions / cycle");
    w.write("/mean_norm_ipc", mean, {D}, {"design"}, "1");
    w.write("/design_max_tolerable_latency", dmtl, {D}, {"design"}, "1 (mean over kernels)");
    w.commit();
  } catch (const nlohmann::json::exception& e) {
    throw InputError(std::string("study: unexpected 'rfvar ltrf --json' output: ") + e.what());
  }
}

}  // namespace rfvar::apps::study
