#include "rfmodel/setup_builders.h"

#include <algorithm>

namespace rfvar::rfmodel {

RfSetup setup_from_vectors(const std::string& technique, const varius::RfGeometry& g, const RfParams& p,
                           double clock_norm, const std::vector<std::uint8_t>& slow_vector) {
  RfSetup s = RfSetup::ideal(g.banks, g.rows_per_bank, p.subbanks);
  s.technique = technique;
  s.clock_norm = clock_norm;
  for (std::size_t v = 0; v < slow_vector.size(); ++v)
    s.latency[v] = slow_vector[v] ? static_cast<std::uint8_t>(p.slow_access_cycles) : std::uint8_t{1};
  return s;
}

RfSetup setup_from_table(const std::string& technique, double clock_norm, const BankTable& table,
                         int rows_per_bank, int slow_access_cycles) {
  const int banks = static_cast<int>(table.banks.size());
  RfSetup s = RfSetup::ideal(banks, rows_per_bank, table.subbanks_per_bank);
  s.technique = technique;
  s.clock_norm = clock_norm;
  s.subbank_of.clear();
  for (int v = 0; v < banks; ++v) {
    const VirtualBank& vb = table.banks[static_cast<std::size_t>(v)];
    if (vb.speed != BankSpeed::Fast)
      std::fill_n(s.latency.begin() + v * rows_per_bank, rows_per_bank,
                  static_cast<std::uint8_t>(slow_access_cycles));
    s.hybrid_fast_lanes[static_cast<std::size_t>(v)] = vb.speed == BankSpeed::Hybrid ? vb.fast_lanes : 0u;
    for (int id : vb.subbanks) s.subbank_of.push_back(id);
  }
  return s;
}

double slow_fraction(const RfSetup& s) {
  if (s.latency.empty()) return 0.0;
  const auto slow = std::count_if(s.latency.begin(), s.latency.end(), [](std::uint8_t l) { return l > 1; });
  return static_cast<double>(slow) / static_cast<double>(s.latency.size());
}

}  // namespace rfvar::rfmodel
