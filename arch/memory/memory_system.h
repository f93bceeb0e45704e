// The memory side of one SM: shared memory, an L1 (per-instruction hit probabilities, or a tag
// array for accesses with an address stream), a bandwidth-limited L2 queue and a DRAM (a bandwidth
// queue, or with arch.dram_model = "banks" GDDR5 banks with open rows under FR-FCFS,
// arch/memory/dram.h), plus a limit on L1 misses in flight (MSHRs).
//
// Contract: access() / access_lines() are called when a memory instruction leaves its collector
// unit; they return the cycle its data is back (loads) or its last request has left (stores).
// access() decides L1 and L2 hits by `draw(k)`, a caller-supplied deterministic draw; access_lines()
// takes the coalesced line requests (workload/coalescer.h), looks them up in the L1 tags
// (arch/memory/l1_cache.h) and draws only L2 hits. Queue and tag state persist across calls in cycle
// order; reset() clears them between launches.
// With the banks DRAM a load's DRAM requests are decided later (FR-FCFS may serve a younger row hit
// first), so the returned cycle is a lower bound and take_record() gives a record id (kNoRecord if
// the load has no pending DRAM request): the caller calls resolve(record, now) at that cycle, which
// returns the final cycle (>= now, the record then freed) or, still pending, a later cycle to ask
// again (resolved() false). finish() decides what is left at the end of a launch.
#pragma once

#include <cstdint>
#include <functional>
#include <queue>
#include <vector>

#include "arch/core/params.h"
#include "arch/core/sm_stats.h"
#include "arch/memory/dram.h"
#include "arch/memory/l1_cache.h"
#include "arch/memory/shared_l2.h"
#include "workload/kernel.h"

namespace rfvar::arch {

// The DRAM model's parameters from [arch]; `share`: SMs each request stands for (dram.h).
Dram::Params dram_params(const ArchParams& p, double share);

class MemorySystem {
 public:
  static constexpr std::uint32_t kNoRecord = 0xffffffffu;
  explicit MemorySystem(const ArchParams& p);
  void reset();
  // The N-SM mode (arch/gpu.h): L1 misses go to the shared L2 and DRAM `l2`, whose times are reference
  // cycles; this SM's cycle c is reference cycle c * period_ratio (set at every launch).
  void attach(SharedL2* l2) { shared_ = l2; }
  void set_period_ratio(double r) { ratio_ = r; }
  // The record of the last access()/access_lines() (kNoRecord: its returned cycle is final).
  std::uint32_t take_record() {
    const std::uint32_t r = rec_;
    rec_ = kNoRecord;
    return r;
  }
  std::uint64_t resolve(std::uint32_t record, std::uint64_t now, SmStats& stats);
  bool resolved() const { return resolved_; }
  void finish(SmStats& stats);
  // Whether a load of these `n` line requests would miss in the L1 tags (some line not present, so a
  // request goes to L2): the load-store unit's probe (register sharing, arch/sm/sm_share.cpp); nothing changes.
  bool l1_misses(const std::uint64_t* lines, int n) const {
    for (int k = 0; k < n; ++k)
      if (!l1_.holds(lines[k])) return true;
    return false;
  }
  // Whether an address-stream access (access_lines()) of these `n` line requests stays inside this SM:
  // a load whose every line is in the L1 tags with the cycle of its data known (no DRAM request id to
  // ask about), so it reaches neither the L2 nor the DRAM. Nothing changes.
  bool l1_decides(const Instr& in, const std::uint64_t* lines, int n) const {
    if (in.op != OpClass::Load) return false;
    for (int k = 0; k < n; ++k)
      if (!l1_.holds_decided(lines[k])) return false;
    return true;
  }
  // `draw(k)` in [0, 1): the random number of request k (two per request: L1 then L2).
  template <typename Draw>
  std::uint64_t access(const Instr& in, std::uint64_t now, Draw&& draw, SmStats& stats);
  // An address-stream access: `n` distinct line requests, one per cycle from `now`.
  template <typename Draw>
  std::uint64_t access_lines(const Instr& in, const std::uint64_t* lines, int n, std::uint64_t now, Draw&& draw,
                             SmStats& stats);

 private:
  // `addr`: the request's byte address (Dram::kUnknown: none); `load`: its DRAM id joins the record
  // (else a store: with arch.l2_write_policy = "write-allocate" an L2 miss also writes the DRAM).
  // The one-SM mode has no L2 tags (hits are drawn), so no dirty lines and no write-backs.
  std::uint64_t miss(std::uint64_t issue, bool l2_hit, SmStats& stats, std::uint64_t addr = Dram::kUnknown,
                     bool load = false);
  std::uint64_t miss_shared(std::uint64_t issue, bool l2_hit, SmStats& stats, std::uint64_t addr, bool load);
  void add_to_record(std::uint32_t dram_id);
  // The banks DRAM this SM sends to (its own, or the shared one's, in this SM's cycles) and the
  // conversions of its cycles to the shared time base (identity in the one-SM mode).
  void dram_advance(std::uint64_t now) {
    if (shared_)
      shared_->advance(to_ref(now));
    else
      dram_.advance(now);
  }
  std::uint64_t dram_completion(std::uint32_t id) const {
    return shared_ ? from_ref(shared_->completion(id)) : dram_.completion(id);
  }
  std::uint64_t to_ref(std::uint64_t c) const {
    return shared_ ? static_cast<std::uint64_t>(static_cast<double>(c) * ratio_) : c;
  }
  std::uint64_t from_ref(std::uint64_t r) const {
    return shared_ && r != Dram::kUnknown ? SharedL2::to_sm_cycle(static_cast<double>(r), ratio_) : r;
  }
  void sync(SmStats& stats);
  struct Record {
    std::uint32_t n = 0;
    std::uint32_t ids[32];
  };
  const ArchParams& p_;
  L1Cache l1_;
  bool l1_used_ = false;  // tags touched since reset()
  double l2_free_ = 0.0, dram_free_ = 0.0;
  Dram dram_;
  SharedL2* shared_ = nullptr;
  double ratio_ = 1.0;
  std::uint32_t last_dram_id_ = L1Cache::kNoPending;  // the DRAM request of the last miss() (banks model)
  std::uint32_t rec_ = kNoRecord;
  bool resolved_ = true;
  std::vector<Record> recs_;
  std::vector<std::uint32_t> free_recs_;
  std::uint64_t synced_[3] = {0, 0, 0};  // Dram row counters already added to SmStats
  std::priority_queue<std::uint64_t, std::vector<std::uint64_t>, std::greater<>> inflight_;  // miss completion times
};

template <typename Draw>
std::uint64_t MemorySystem::access(const Instr& in, std::uint64_t now, Draw&& draw, SmStats& stats) {
  const int tx = in.transactions;
  if (in.space == MemSpace::Shared) return now + static_cast<std::uint64_t>(p_.lat_smem_cycles + tx - 1);
  if (p_.dram_banks_model) dram_advance(now);
  std::uint64_t done = now;
  for (int k = 0; k < tx; ++k) {
    const std::uint64_t issue = now + static_cast<std::uint64_t>(k);  // one request per cycle
    std::uint64_t t;
    const bool cst = in.space == MemSpace::Const && in.op == OpClass::Load;
    if (in.op == OpClass::Load) ++stats.l1_load_requests;
    if (cst) ++stats.l1_const_requests;
    if (draw(2 * k) < in.l1_hit && in.op == OpClass::Load) {
      ++stats.l1_hits;
      if (cst) ++stats.l1_const_hits;
      t = issue + static_cast<std::uint64_t>(p_.lat_l1_hit_cycles);
    } else {
      t = miss(issue, draw(2 * k + 1) < in.l2_hit, stats, Dram::kUnknown, in.op == OpClass::Load);
    }
    done = std::max(done, t);
  }
  return done;
}

template <typename Draw>
std::uint64_t MemorySystem::access_lines(const Instr& in, const std::uint64_t* lines, int n, std::uint64_t now,
                                         Draw&& draw, SmStats& stats) {
  l1_used_ = true;
  // The banks DRAM's decisions up to `now`, made before the first request that needs them (a line
  // whose DRAM request may be pending, or a miss); an access the L1 decides alone leaves the DRAM
  // untouched (its decisions depend on the arrivals only, dram.h), so that such an access touches
  // nothing shared (l1_decides(), arch/gpu.h).
  bool advanced = !p_.dram_banks_model;
  const auto advance = [&] {
    if (!advanced) dram_advance(now);
    advanced = true;
  };
  std::uint64_t done = now;
  for (int k = 0; k < n; ++k) {
    const std::uint64_t issue = now + static_cast<std::uint64_t>(k);  // one request per cycle
    std::uint64_t t, ready = 0;
    const bool cst = in.space == MemSpace::Const && in.op == OpClass::Load;
    if (in.op == OpClass::Load) {
      ++stats.l1_load_requests;
      ++stats.stream_load_requests;
    }
    if (cst) ++stats.l1_const_requests;
    std::uint32_t pending = L1Cache::kNoPending;
    if (in.op == OpClass::Load && l1_.load(lines[k], ready, &pending)) {
      bool undecided = false;
      if (pending != L1Cache::kNoPending) {  // the line's DRAM request (banks model): decided, or pending
        advance();
        const std::uint64_t c = dram_completion(pending);
        undecided = c == Dram::kUnknown;
        if (undecided) add_to_record(pending);
        else ready = c;
      }
      ++(ready > issue || undecided ? stats.l1_merges : stats.l1_hits);  // merged into the in-flight miss, or present
      ++stats.stream_load_hits;
      if (cst) ++stats.l1_const_hits;
      t = std::max(issue + static_cast<std::uint64_t>(p_.lat_l1_hit_cycles), ready);
    } else {
      advance();
      last_dram_id_ = L1Cache::kNoPending;
      t = miss(issue, draw(2 * k + 1) < in.l2_hit, stats, lines[k] * static_cast<std::uint64_t>(p_.l1_line_bytes),
               in.op == OpClass::Load);
      if (in.op == OpClass::Load) l1_.allocate(lines[k], t, last_dram_id_);  // allocate on read miss
      else l1_.store(lines[k]);                               // write-evict, no allocate
    }
    done = std::max(done, t);
  }
  return done;
}

}  // namespace rfvar::arch
