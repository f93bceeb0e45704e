// The memory side of one SM: shared memory, an L1 with per-instruction hit probabilities, and
// bandwidth-limited L2 and DRAM queues (so memory contention exists), plus a limit on L1 misses in
// flight (MSHRs).
//
// Contract: access() is called when a memory instruction leaves its collector unit; it returns the
// cycle its data is back (loads) or its last request has left (stores). Hits are decided by
// `uniform(k)`, a caller-supplied deterministic draw for request k. Queue state persists across
// calls in cycle order; reset() clears it between runs.
#pragma once

#include <cstdint>
#include <functional>
#include <queue>
#include <vector>

#include "arch/params.h"
#include "arch/sm_stats.h"
#include "arch/workload/kernel.h"

namespace rfvar::arch {

class MemorySystem {
 public:
  explicit MemorySystem(const ArchParams& p) : p_(p) {}
  void reset();
  // `draw(k)` in [0, 1): the random number of request k (two per request: L1 then L2).
  template <typename Draw>
  std::uint64_t access(const Instr& in, std::uint64_t now, Draw&& draw, SmStats& stats);

 private:
  std::uint64_t miss(std::uint64_t issue, bool l2_hit, SmStats& stats);
  const ArchParams& p_;
  double l2_free_ = 0.0, dram_free_ = 0.0;
  std::priority_queue<std::uint64_t, std::vector<std::uint64_t>, std::greater<>> inflight_;  // miss completion times
};

template <typename Draw>
std::uint64_t MemorySystem::access(const Instr& in, std::uint64_t now, Draw&& draw, SmStats& stats) {
  const int tx = in.transactions;
  if (in.space == MemSpace::Shared) return now + static_cast<std::uint64_t>(p_.lat_smem_cycles + tx - 1);
  std::uint64_t done = now;
  for (int k = 0; k < tx; ++k) {
    const std::uint64_t issue = now + static_cast<std::uint64_t>(k);  // one request per cycle
    std::uint64_t t;
    if (draw(2 * k) < in.l1_hit && in.op == OpClass::Load) {
      ++stats.l1_hits;
      t = issue + static_cast<std::uint64_t>(p_.lat_l1_hit_cycles);
    } else {
      t = miss(issue, draw(2 * k + 1) < in.l2_hit, stats);
    }
    done = std::max(done, t);
  }
  return done;
}

}  // namespace rfvar::arch
