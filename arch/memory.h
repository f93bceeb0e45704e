// The memory side of one SM: shared memory, an L1 (per-instruction hit probabilities, or a tag
// array for accesses with an address stream), and bandwidth-limited L2 and DRAM queues (so memory
// contention exists), plus a limit on L1 misses in flight (MSHRs).
//
// Contract: access() / access_lines() are called when a memory instruction leaves its collector
// unit; they return the cycle its data is back (loads) or its last request has left (stores).
// access() decides L1 and L2 hits by `draw(k)`, a caller-supplied deterministic draw; access_lines()
// takes the coalesced line requests (arch/memory/coalescer.h), looks them up in the L1 tags
// (arch/memory/l1_cache.h) and draws only L2 hits. Queue and tag state persist across calls in cycle
// order; reset() clears them between launches.
#pragma once

#include <cstdint>
#include <functional>
#include <queue>
#include <vector>

#include "arch/memory/l1_cache.h"
#include "arch/params.h"
#include "arch/sm_stats.h"
#include "arch/workload/kernel.h"

namespace rfvar::arch {

class MemorySystem {
 public:
  explicit MemorySystem(const ArchParams& p)
      : p_(p), l1_(L1Cache::Params{p.l1_size_bytes, p.l1_line_bytes, p.l1_ways}) {}
  void reset();
  // `draw(k)` in [0, 1): the random number of request k (two per request: L1 then L2).
  template <typename Draw>
  std::uint64_t access(const Instr& in, std::uint64_t now, Draw&& draw, SmStats& stats);
  // An address-stream access: `n` distinct line requests, one per cycle from `now`.
  template <typename Draw>
  std::uint64_t access_lines(const Instr& in, const std::uint64_t* lines, int n, std::uint64_t now, Draw&& draw,
                             SmStats& stats);

 private:
  std::uint64_t miss(std::uint64_t issue, bool l2_hit, SmStats& stats);
  const ArchParams& p_;
  L1Cache l1_;
  bool l1_used_ = false;  // tags touched since reset()
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
    if (in.op == OpClass::Load) ++stats.l1_load_requests;
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

template <typename Draw>
std::uint64_t MemorySystem::access_lines(const Instr& in, const std::uint64_t* lines, int n, std::uint64_t now,
                                         Draw&& draw, SmStats& stats) {
  l1_used_ = true;
  std::uint64_t done = now;
  for (int k = 0; k < n; ++k) {
    const std::uint64_t issue = now + static_cast<std::uint64_t>(k);  // one request per cycle
    std::uint64_t t, ready = 0;
    if (in.op == OpClass::Load) {
      ++stats.l1_load_requests;
      ++stats.stream_load_requests;
    }
    if (in.op == OpClass::Load && l1_.load(lines[k], ready)) {
      ++(ready > issue ? stats.l1_merges : stats.l1_hits);  // merged into the in-flight miss, or present
      ++stats.stream_load_hits;
      t = std::max(issue + static_cast<std::uint64_t>(p_.lat_l1_hit_cycles), ready);
    } else {
      t = miss(issue, draw(2 * k + 1) < in.l2_hit, stats);
      if (in.op == OpClass::Load) l1_.allocate(lines[k], t);  // allocate on read miss
      else l1_.store(lines[k]);                               // write-evict, no allocate
    }
    done = std::max(done, t);
  }
  return done;
}

}  // namespace rfvar::arch
