// The register file's statistics: what register_file.h's accesses and row allocations add to an
// SmStats, kept apart from the register file's model state.
//
// Contract: bound to one SmStats for its lifetime. reset() at each kernel launch (before any
// access) takes the launch's RfSetup, which must outlive the launch. Bank counters are per virtual
// bank; sub-bank counters per physical sub-bank (RfSetup::subbank_of), counting an access on a
// sub-bank only if one of its lanes is active (arch/core/sm_stats.h). The bank and sub-bank
// counters and the slow accesses are summed here per bank and added to the SmStats by end_launch(),
// which must be called once at the end of each launch (the SmStats are complete only after it).
// Allocated-row cycles (subbank_allocated_row_cycles) integrate the rows holding live vectors over
// time: call integrate(now) before every change of the allocation and at the end of the launch.
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

  // One served access of `lat` cycles to virtual bank `bank` with stored lanes `lanes`. Without a
  // branch on the lanes (the lane masks are data, and such a branch mispredicts; docs/performance.md):
  // the access is counted under its pattern, the set of sub-banks with an active lane, and the
  // patterns are spread over the sub-banks at launch end (S <= 4; more sub-banks count each one).
  void access(int bank, std::uint32_t lanes, int lat, bool write) {
    std::uint64_t* c = &cnt_[static_cast<std::size_t>(bank) * stride_];
    const auto l = static_cast<std::uint64_t>(lat);
    const int w = write ? 1 : 0;
    slow_ += lat > 1 ? 1 : 0;
    // Bit L*s+L-1 of `touched`: lane group s (sub-bank s of the bank) has an active lane.
    const std::uint32_t touched = (((lanes & ~sub_hi_) + ~sub_hi_) | lanes) & sub_hi_;
    if (subbanks_ <= kMaxPatternSubbanks) {
      // Gathers bit L*s+L-1 into bit s: (touched >> L-1) has bit s at L*s; times pattern_mul_ (the sum of
      // 2^((S-1-j)(L-1))) each lands alone at (S-1)(L-1)+s (no two products meet while S <= L).
      const auto pat = static_cast<std::size_t>((((static_cast<std::uint64_t>(touched) >> (lanes_per_ - 1)) * pattern_mul_) >>
                                                 pattern_shift_) & pattern_mask_);
      c[3 * pat + static_cast<std::size_t>(w)] += 1;
      c[3 * pat + 2] += l;
      return;
    }
    c[w] += 1;
    c[2] += l;
    for (int g = 0; g < subbanks_; ++g) {
      const std::uint64_t on = (touched >> (g * lanes_per_ + lanes_per_ - 1)) & 1u;
      c[3 + 3 * g + w] += on;
      c[3 + 3 * g + 2] += on * l;
    }
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
  SmStats& st_;
  const rfmodel::RfSetup* s_ = nullptr;
  // Per bank, this launch (added to the SmStats by end_launch()), `stride_` counts. S <= 4: per
  // pattern p (bit s: sub-bank s had an active lane) its reads, writes and busy cycles (3 x 2^S).
  // More sub-banks: the bank's reads, writes, busy cycles, then per sub-bank s its reads, writes, busy
  // cycles (3 + 3 S).
  static constexpr int kMaxPatternSubbanks = 4;
  std::vector<std::uint64_t> cnt_;
  std::size_t stride_ = 3;
  int subbanks_ = 0, lanes_per_ = 32;  // S, and 32 / S lanes per sub-bank
  std::uint64_t pattern_mul_ = 1, pattern_mask_ = 1;
  int pattern_shift_ = 0;
  std::uint64_t slow_ = 0;  // accesses of more than one cycle, this launch
  std::uint32_t sub_hi_ = 0;     // the top lane of each of the S lane groups
  std::vector<int> alloc_rows_;  // per physical sub-bank: allocated rows now
  std::uint64_t alloc_last_ = 0;
};

}  // namespace rfvar::arch
