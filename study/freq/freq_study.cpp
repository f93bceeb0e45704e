#include "study/freq/freq_study.h"

#include <algorithm>
#include <numeric>

#include "rfmodel/setup_builders.h"
#include "technique/registry.h"

namespace rfvar::study {

using namespace rfmodel;  // the techniques' RF setups

std::vector<SmFreq> sm_frequencies(const varius::SmDelays& sm, const varius::RfGeometry& g, const RfParams& p,
                                   std::span<const std::string> techniques, int hybrid_banks) {
  std::vector<SmFreq> out;
  out.reserve(techniques.size());
  for (const auto& name : techniques) {
    const RfSetup s = technique::make_freq_technique(name)->freq_setup(sm, g, p, hybrid_banks);
    out.push_back({s.clock_norm, slow_fraction(s)});
  }
  return out;
}

double chip_norm_freq(std::span<const double> sm_clock_norm, bool single_clock) {
  if (sm_clock_norm.empty()) return 0.0;
  if (single_clock) return *std::min_element(sm_clock_norm.begin(), sm_clock_norm.end());
  // Tan §3.1: the chip's frequency is the mean of its SMs' register-file frequencies.
  return std::accumulate(sm_clock_norm.begin(), sm_clock_norm.end(), 0.0) / static_cast<double>(sm_clock_norm.size());
}

}  // namespace rfvar::study
