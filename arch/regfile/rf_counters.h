// The register file's statistics: what register_file.h's accesses and row allocations add to an
// SmStats, kept apart from the register file's model state.
//
// Contract: bound to one SmStats for its lifetime. reset() at each kernel launch (before any
// access) takes the launch's RfSetup, which must outlive the launch. Bank counters are per virtual
// bank; sub-bank counters per physical sub-bank (RfSetup::subbank_of), counting an access on a
// sub-bank only if one of its lanes is active (arch/core/sm_stats.h). The bank counters, the slow
// accesses and the sub-bank counters of accesses touching every sub-bank of their bank (the usual
// case) are summed here and added to the SmStats by end_launch(), which must be called once at the
// end of each launch (the SmStats are complete only after it). Allocated-row cycles
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
    BankCount& a = bank_[static_cast<std::size_t>(bank)];
    a.n[write ? 1 : 0] += 1;
    a.busy += static_cast<std::uint64_t>(lat);
    slow_ += lat > 1 ? 1 : 0;
    // Bit L*s+L-1 of `touched`: lane group s (sub-bank s of the bank) has an active lane.
    const std::uint32_t touched = (((lanes & ~sub_hi_) + ~sub_hi_) | lanes) & sub_hi_;
    if (touched == sub_hi_) {  // every sub-bank (the usual case): folded into them at launch end
      a.full_n[write ? 1 : 0] += 1;
      a.full_busy += static_cast<std::uint64_t>(lat);
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
  // Per bank, this launch (added to the SmStats by end_launch()): reads and writes, busy cycles; of
  // them the accesses that touch every sub-bank of the bank. One cache line per bank's counts.
  struct BankCount {
    std::uint64_t n[2], busy, full_n[2], full_busy;  // n[0] reads, n[1] writes
  };
  std::vector<BankCount> bank_;
  std::uint64_t slow_ = 0;  // accesses of more than one cycle, this launch
  std::uint32_t sub_hi_ = 0;     // the top lane of each of the S lane groups
  std::vector<int> alloc_rows_;  // per physical sub-bank: allocated rows now
  std::uint64_t alloc_last_ = 0;
};

}  // namespace rfvar::arch
