#include "rfmodel/classify.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "common/config.h"

namespace rfvar::rfmodel {

int fast_count_for(double fast_fraction, int n_elements) {
  if (!(fast_fraction > 0.0 && fast_fraction <= 1.0))
    throw InputError("fast fraction " + std::to_string(fast_fraction) + " is outside (0, 1]");
  const double k = std::floor(fast_fraction * n_elements + 1e-6);
  return std::clamp(static_cast<int>(k), 1, n_elements);
}

Classification classify_fastest(std::span<const float> delays, double fast_fraction, int slow_access_cycles) {
  if (delays.empty()) throw InputError("cannot classify an empty set of delays");
  const int n = static_cast<int>(delays.size());
  const int k = fast_count_for(fast_fraction, n);
  std::vector<float> sorted(delays.begin(), delays.end());
  std::nth_element(sorted.begin(), sorted.begin() + (k - 1), sorted.end());
  const float threshold = sorted[static_cast<std::size_t>(k - 1)];
  const float d_max = *std::max_element(delays.begin(), delays.end());

  Classification c;
  c.threshold_delay = threshold;
  // Tan 2016 §3.2.1: the slowest fast element sets the clock; slow ones get slow_access_cycles.
  c.period = std::max(static_cast<double>(threshold), static_cast<double>(d_max) / slow_access_cycles);
  c.slow.resize(delays.size());
  int fast = 0;
  for (std::size_t i = 0; i < delays.size(); ++i) {
    const bool is_fast = delays[i] <= threshold;
    c.slow[i] = is_fast ? 0 : 1;
    fast += is_fast ? 1 : 0;
  }
  c.fast_count = fast;
  return c;
}

VlRf classify_vl_rf(const SmDelays& sm, const RfGeometry& g, double fast_fraction, int slow_access_cycles) {
  VlRf r;
  r.registers = classify_fastest(sm.reg_delay, fast_fraction, slow_access_cycles);
  r.slow_vector.assign(static_cast<std::size_t>(g.vectors()), 0);
  for (int v = 0; v < g.vectors(); ++v) {
    const auto* row = &r.registers.slow[static_cast<std::size_t>(v) * g.lanes];
    // Tan §3.2.1: an operand is slow as soon as one of its 32 same-named registers is slow.
    r.slow_vector[static_cast<std::size_t>(v)] = std::any_of(row, row + g.lanes, [](auto s) { return s != 0; });
  }
  return r;
}

VlRv classify_vl_rv(const SmDelays& sm, const RfGeometry& g, double fast_fraction, int slow_access_cycles,
                    int array_vectors) {
  if (array_vectors < 1 || g.vectors() % array_vectors != 0)
    throw InputError("VL-RV array size " + std::to_string(array_vectors) + " must divide the " +
                     std::to_string(g.vectors()) + " register vectors");
  const int arrays = g.vectors() / array_vectors;
  std::vector<float> array_delay(static_cast<std::size_t>(arrays), 0.0f);
  for (int v = 0; v < g.vectors(); ++v) {
    float& a = array_delay[static_cast<std::size_t>(v / array_vectors)];
    a = std::max(a, sm.vector_delay[static_cast<std::size_t>(v)]);
  }
  VlRv r;
  r.arrays = classify_fastest(array_delay, fast_fraction, slow_access_cycles);
  r.slow_vector.resize(static_cast<std::size_t>(g.vectors()));
  for (int v = 0; v < g.vectors(); ++v)
    r.slow_vector[static_cast<std::size_t>(v)] = r.arrays.slow[static_cast<std::size_t>(v / array_vectors)];
  return r;
}

VlSb classify_vl_sb(std::span<const float> subbank_delay, int banks, int subbanks_per_bank, double fast_fraction,
                    int slow_access_cycles) {
  if (static_cast<int>(subbank_delay.size()) != banks * subbanks_per_bank)
    throw InputError("VL-SB expects " + std::to_string(banks * subbanks_per_bank) + " sub-bank delays, got " +
                     std::to_string(subbank_delay.size()));
  VlSb r;
  r.subbanks = classify_fastest(subbank_delay, fast_fraction, slow_access_cycles);
  r.slow_bank.assign(static_cast<std::size_t>(banks), 0);
  for (int b = 0; b < banks; ++b)
    for (int s = 0; s < subbanks_per_bank; ++s)  // Tan §3.2.1: a bank with a slow sub-bank is slow
      r.slow_bank[static_cast<std::size_t>(b)] |= r.subbanks.slow[static_cast<std::size_t>(b * subbanks_per_bank + s)];
  return r;
}

std::vector<float> subbank_delays(std::span<const float> reg_delay, const RfGeometry& g, int subbanks_per_bank) {
  if (subbanks_per_bank < 1 || g.lanes % subbanks_per_bank != 0)
    throw InputError("sub-banks per bank " + std::to_string(subbanks_per_bank) + " must divide the " +
                     std::to_string(g.lanes) + " lanes");
  if (static_cast<int>(reg_delay.size()) != g.registers())
    throw InputError("expected " + std::to_string(g.registers()) + " register delays, got " +
                     std::to_string(reg_delay.size()));
  const int width = g.lanes / subbanks_per_bank;
  std::vector<float> out(static_cast<std::size_t>(g.banks * subbanks_per_bank), 0.0f);
  for (int b = 0; b < g.banks; ++b) {
    for (int row = 0; row < g.rows_per_bank; ++row) {
      const float* regs = reg_delay.data() + (static_cast<std::size_t>(b) * g.rows_per_bank + row) * g.lanes;
      for (int s = 0; s < subbanks_per_bank; ++s) {
        float& d = out[static_cast<std::size_t>(b * subbanks_per_bank + s)];
        d = std::max(d, *std::max_element(regs + s * width, regs + (s + 1) * width));
      }
    }
  }
  return out;
}

}  // namespace rfvar::rfmodel
