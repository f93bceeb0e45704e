#include "study/aging/study_summary.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace rfvar::study {

namespace {
double mean(const std::vector<double>& v) {
  return v.empty() ? 0.0 : std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size());
}
double sample_std(const std::vector<double>& v) {
  if (v.size() < 2) return 0.0;
  const double m = mean(v);
  double ss = 0.0;
  for (const double x : v) ss += (x - m) * (x - m);
  return std::sqrt(ss / static_cast<double>(v.size() - 1));
}
}  // namespace

std::vector<TechniqueSummary> summarize_study(const PopulationStudy& s, bool single_clock) {
  const int C = s.chips(), M = s.sms(), K = s.kernels();
  std::vector<TechniqueSummary> out;
  for (std::size_t t = 0; t < s.config().techniques.size(); ++t) {
    const TechniqueRows& r = s.rows(t);
    TechniqueSummary ts;
    ts.name = s.config().techniques[t];
    ts.chip_perf.assign(static_cast<std::size_t>(C), 0.0);
    ts.chip_ipc = ts.chip_freq = ts.chip_perf;
    ts.kernel_perf.assign(static_cast<std::size_t>(K), 0.0);
    ts.kernel_gb = ts.kernel_ipc = ts.kernel_perf;
    for (int c = 0; c < C; ++c) {
      for (int k = 0; k < K; ++k) {
        const double ideal = s.ideal_ipc()[static_cast<std::size_t>(k)];
        double f_min = 1e300, f_sum = 0.0, ipc_sum = 0.0, perf_sum = 0.0, gb_sum = 0.0;
        for (int m = 0; m < M; ++m) {
          const std::size_t i = s.index(c, m, k);
          f_min = std::min(f_min, r.aged_freq[i]);
          f_sum += r.aged_freq[i];
          ipc_sum += r.ipc[i];
          perf_sum += r.ipc[i] * r.aged_freq[i];
          gb_sum += r.guardband[i];
        }
        const double f = single_clock ? f_min : f_sum / M;
        const double perf = (single_clock ? ipc_sum * f_min : perf_sum) / M / ideal;
        const double ipc = ipc_sum / M / ideal;
        ts.chip_perf[static_cast<std::size_t>(c)] += perf / K;
        ts.chip_ipc[static_cast<std::size_t>(c)] += ipc / K;
        ts.chip_freq[static_cast<std::size_t>(c)] += f / K;
        ts.kernel_perf[static_cast<std::size_t>(k)] += perf / C;
        ts.kernel_ipc[static_cast<std::size_t>(k)] += ipc / C;
        ts.kernel_gb[static_cast<std::size_t>(k)] += gb_sum / M / C;
      }
    }
    ts.mean_perf = mean(ts.chip_perf);
    ts.std_perf = sample_std(ts.chip_perf);
    ts.mean_ipc = mean(ts.chip_ipc);
    ts.mean_freq = mean(ts.chip_freq);
    ts.mean_gb = mean(ts.kernel_gb);
    out.push_back(std::move(ts));
  }
  for (const auto& b : out)
    if (b.name == "baseline" && b.mean_gb > 0.0)
      for (auto& ts : out) ts.gb_normalized = ts.mean_gb / b.mean_gb;
  return out;
}

}  // namespace rfvar::study
