#include "hierarchy/design/main_rf_setup.h"

#include <algorithm>
#include <cmath>

#include "hierarchy/ltrf/params.h"
#include "common/config.h"

namespace rfvar::arch::hierarchy {

rfmodel::RfSetup main_rf_setup(const MainRfShape& m, int subbanks, int base_registers) {
  ltrf::check_latency_rel(m.latency_rel, "main-RF latency");
  if (!(m.capacity_multiple > 0.0)) throw InputError("main-RF capacity multiple must be > 0");
  if (base_registers < 32) throw InputError("main-RF base capacity must be at least one 32-lane entry");
  const int banks = std::clamp(static_cast<int>(std::lround(16.0 * m.bank_multiple)), 1, 64);
  const int rows = std::clamp(static_cast<int>(std::ceil(base_registers / 32.0 * m.capacity_multiple / banks - 1e-9)), 1, 256);
  rfmodel::RfSetup s = rfmodel::RfSetup::ideal(banks, rows, subbanks);
  s.technique = "main-rf";
  const double L = m.latency_rel;
  for (int row = 0; row < rows; ++row)
    for (int b = 0; b < banks; ++b) {
      const double i = static_cast<double>(row * banks + b);
      const double c = std::floor((i + 1.0) * L + 1e-9) - std::floor(i * L + 1e-9);  // LTRF Table 2 latency x 1 cycle
      s.latency[static_cast<std::size_t>(b * rows + row)] = static_cast<std::uint8_t>(std::clamp(c, 1.0, 255.0));
    }
  return s;
}

}  // namespace rfvar::arch::hierarchy
