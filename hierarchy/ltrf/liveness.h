// Static register liveness on a Cfg (classic backward may-analysis).
//
// Contract: a register is live at a point if some path from that point reads it before writing
// it. live_in/live_out are per instruction; block_in/block_out per block. The analysis is
// conservative (a value is called dead only if no path reads it), which is what the RFC's
// dead-value write-back avoidance (Gebhart ISCA 2011 §3.1) and LTRF+ (LTRF §3.2) require.
// last_read(at, r): instruction `at` reads r and r is dead after it - the "dead operand bit".
#pragma once

#include <vector>

#include "hierarchy/ltrf/cfg.h"

namespace rfvar::arch::ltrf {

class Liveness {
 public:
  explicit Liveness(const Cfg& cfg);

  const RegSet& live_in(InstrRef at) const { return in_[at.block][static_cast<std::size_t>(at.index)]; }
  const RegSet& live_out(InstrRef at) const { return out_[at.block][static_cast<std::size_t>(at.index)]; }
  const RegSet& block_in(int b) const { return in_[static_cast<std::size_t>(b)].front(); }
  const RegSet& block_out(int b) const { return out_[static_cast<std::size_t>(b)].back(); }
  // Registers `at` reads for the last time (read and not live out).
  RegSet last_reads(InstrRef at) const;
  bool last_read(InstrRef at, int reg) const { return last_reads(at).test(static_cast<std::size_t>(reg)); }
  // Rounds of the block-level fixed-point iteration (for tests and diagnostics).
  int iterations() const { return iterations_; }

 private:
  std::vector<std::vector<RegSet>> in_, out_;  // [block][instruction]
  std::vector<std::vector<RegSet>> reads_;     // [block][instruction]
  int iterations_ = 0;
};

}  // namespace rfvar::arch::ltrf
