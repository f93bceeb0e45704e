#include "arch/core/sm_stats.h"

namespace rfvar::arch {

const char* stall_name(Stall s) {
  static const char* names[] = {"idle", "memory", "data_dependence", "collector", "barrier", "control"};
  return names[static_cast<int>(s)];
}

std::vector<double> SmStats::subbank_utilization() const {
  std::vector<double> u(subbank_reads.size(), 0.0);
  if (cycles == 0) return u;
  for (std::size_t i = 0; i < u.size(); ++i)
    u[i] = static_cast<double>(subbank_reads[i] + subbank_writes[i]) / static_cast<double>(cycles);
  return u;
}

std::vector<double> SmStats::subbank_allocated_fraction(int rows_per_bank) const {
  std::vector<double> u(subbank_allocated_row_cycles.size(), 0.0);
  if (cycles == 0 || rows_per_bank <= 0) return u;
  for (std::size_t i = 0; i < u.size(); ++i)
    u[i] = subbank_allocated_row_cycles[i] / (static_cast<double>(rows_per_bank) * static_cast<double>(cycles));
  return u;
}

}  // namespace rfvar::arch
