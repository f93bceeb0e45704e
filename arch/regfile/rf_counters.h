// The register file's statistics: what register_file.h's accesses and row allocations add to an
// SmStats, kept apart from the register file's model state.
//
// Contract: bound to one SmStats for its lifetime. reset() at each kernel launch (before any
// access) takes the launch's RfSetup, which must outlive the launch. Bank counters are per virtual
// bank; sub-bank counters per physical sub-bank (RfSetup::subbank_of), counting an access on a
// sub-bank only if one of its lanes is active (arch/core/sm_stats.h). An access touching every sub-bank of
// its bank (the usual case) is summed per bank and folded into the sub-bank counters by
// end_launch(), which must be called once at the end of each launch. Allocated-row cycles
// (subbank_allocated_row_cycles) integrate the rows holding live vectors over time: call
// integrate(now) before every change of the allocation and at the end of the launch.
#pragma once

#include <bit>
#include <cstdint>
#include <vector>

#include "arch/core/sm_stats.h"
#include "rfmodel/rf_setup.h"

namespace rfvar::arch {

class RfCounters {
 public:
  explicit RfCounters(SmStats& stats) : st_(stats) {}
  void reset(const rfmodel::RfSetup& s, std::uint64_t now);

  // One served access of `lat` cycles to virtual bank `bank` with stored lanes `lanes`.
  void access(int bank, std::uint32_t lanes, int lat, bool write) {
    const auto b = static_cast<std::size_t>(bank);
    (write ? st_.bank_writes : st_.bank_reads)[b] += 1;
    st_.bank_busy_cycles[b] += static_cast<std::uint64_t>(lat);
    if (lat > 1) ++st_.slow_accesses;
    // Bit L*s+L-1 of `touched`: lane group s (sub-bank s of the bank) has an active lane.
    const std::uint32_t touched = (((lanes & ~sub_hi_) + ~sub_hi_) | lanes) & sub_hi_;
    if (touched == sub_hi_) {  // every sub-bank (the usual case): counted per bank, folded in at launch end
      sub_full_[3 * b + (write ? 1 : 0)] += 1;
      sub_full_[3 * b + 2] += static_cast<std::uint64_t>(lat);
      return;
    }
    partial_access(bank, touched, lat, write);
  }
  // A queued read that waited this cycle (its bank or its collector unit busy).
  void conflict() { ++st_.bank_conflict_cycles; }
  void conflicts(int n) { st_.bank_conflict_cycles += static_cast<std::uint64_t>(n); }
  // A vector placed outside its mapped bank (the bank was full).
  void spill() { ++st_.row_spills; }
  // One row of virtual bank `bank` allocated (+1) or freed (-1): every sub-bank of it.
  void row(int bank, int delta) {
    for (int sb = 0; sb < s_->subbanks; ++sb)
      alloc_rows_[static_cast<std::size_t>(
          s_->subbank_of[static_cast<std::size_t>(bank * s_->subbanks + sb)])] += delta;
  }
  // Adds the allocated rows times the cycles since the last call.
  void integrate(std::uint64_t now);
  void end_launch(std::uint64_t now);

 private:
  void partial_access(int bank, std::uint32_t touched, int lat, bool write);

  SmStats& st_;
  const rfmodel::RfSetup* s_ = nullptr;
  // Accesses that touch every sub-bank of their bank, per bank: reads, writes, busy cycles (this launch).
  std::vector<std::uint64_t> sub_full_;
  std::uint32_t sub_hi_ = 0;     // the top lane of each of the S lane groups
  std::vector<int> alloc_rows_;  // per physical sub-bank: allocated rows now
  std::uint64_t alloc_last_ = 0;
};

}  // namespace rfvar::arch
