#include "hierarchy/ltrf/rf_capacity.h"

#include <cmath>
#include <sstream>

#include "arch/core/occupancy.h"
#include "common/config.h"

namespace rfvar::arch::ltrf {

int blocks_with_capacity(const Kernel& k, const ArchParams& p, double capacity_multiple) {
  if (!(capacity_multiple > 0.0)) {
    std::ostringstream os;
    os << "register-file capacity multiple " << capacity_multiple << " must be > 0";
    throw InputError(os.str());
  }
  ArchParams scaled = p;
  scaled.registers_per_sm = static_cast<int>(std::floor(p.registers_per_sm * capacity_multiple));
  return max_blocks_per_sm(k, scaled);
}

int warps_with_capacity(const Kernel& k, const ArchParams& p, double capacity_multiple) {
  return blocks_with_capacity(k, p, capacity_multiple) * k.warps_per_block();
}

double baseline_capacity_with_rfc(const ArchParams& p, int active_warps, int regs_per_interval) {
  const double rfc_regs = static_cast<double>(active_warps) * regs_per_interval * 32.0;
  return 1.0 + rfc_regs / p.registers_per_sm;
}

bool register_sensitive(const Benchmark& b, const ArchParams& p, double base, double large) {
  for (const Kernel& k : b.kernels)  // LTRF §5: the register file limits the achievable TLP
    if (warps_with_capacity(k, p, large) > warps_with_capacity(k, p, base)) return true;
  return false;
}

}  // namespace rfvar::arch::ltrf
