#include "nbti/utilization.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace rfvar::nbti {

namespace {
void check_cycles(std::uint64_t cycles) {
  if (cycles == 0) throw InputError("sub-bank utilization needs a run of at least one cycle, got 0 cycles");
}
}  // namespace

std::vector<double> activity_utilization(std::span<const std::uint64_t> reads,
                                         std::span<const std::uint64_t> writes, std::uint64_t cycles,
                                         double activity_scale) {
  if (reads.size() != writes.size())
    throw std::invalid_argument("activity_utilization: reads and writes differ in length");
  check_cycles(cycles);
  std::vector<double> u(reads.size());
  for (std::size_t s = 0; s < reads.size(); ++s) {
    const double accesses = static_cast<double>(reads[s]) + static_cast<double>(writes[s]);
    // docs/models.md#nbti: U = activity_scale x fraction of cycles serving a read or write, clamped to [0, 1].
    u[s] = std::clamp(activity_scale * accesses / static_cast<double>(cycles), 0.0, 1.0);
  }
  return u;
}

std::vector<double> allocated_utilization(std::span<const std::uint64_t> allocated_cycles,
                                          std::uint64_t cycles) {
  check_cycles(cycles);
  std::vector<double> u(allocated_cycles.size());
  for (std::size_t s = 0; s < allocated_cycles.size(); ++s) {
    if (allocated_cycles[s] > cycles)
      throw InputError("sub-bank " + std::to_string(s) + " allocated for " +
                       std::to_string(allocated_cycles[s]) + " of " + std::to_string(cycles) +
                       " cycles: utilization out of range; accepted: [0, 1]");
    // docs/models.md#nbti option: fraction of time the sub-bank holds a live block's registers.
    u[s] = static_cast<double>(allocated_cycles[s]) / static_cast<double>(cycles);
  }
  return u;
}

std::vector<double> subbank_utilization(const NbtiParams& p, const SubbankCounts& counts) {
  if (p.utilization == UtilizationSource::allocated)
    return allocated_utilization(counts.allocated_cycles, counts.cycles);
  return activity_utilization(counts.reads, counts.writes, counts.cycles, p.activity_scale);
}

}  // namespace rfvar::nbti
