// The SM's partial register sharing (sharing.mode = "partial"; Jeon et al., CAL 2019 §2.2, §3; docs/models.md
// "Register sharing"). A global load that misses the address mapping table (sm_share.cpp) and misses in
// L1 (some line request's tag absent: §3 "we run partial sharing only upon L1 cache misses", the probe
// the load-store unit makes anyway) is built from registers when one or two table entries cover its
// active lanes (AddressMappingTable::cover()): a free w-merge slot (§3's dedicated operand collector
// slot; sharing.merge_slots) queues a read of each source at its bank (one operand per slot per cycle,
// bank conflicts as any read; a source whose own load is still in flight is read when its data is
// written, §3: "once two register values are ready", as a perfect hit waits), then after the last
// read the shift-and-OR merge takes sharing.merge_cycles (a CHOICE: §3 gives no latency), then the result
// is written to the load's destination register like a load's (a bank write). The load sends nothing to
// memory and takes the LSU one cycle. With every slot busy, or on an L1 hit, the load goes to memory.
// Values are not simulated: a source released before its read is still read (timing only).
#include <algorithm>

#include "arch/sm/sm.h"

namespace rfvar::arch {

bool Sm::share_partial(const Collector& c, const sharing::WarpLoad& key) {
  const Instr& in = *c.in;
  if (!in.mem_trace || c.requests == 0) return false;  // no line requests: no L1 probe to decide by
  const std::optional<sharing::Cover> cov = amt_->cover(key, {});
  if (!cov) return false;
  if (!mem_.l1_misses(c.lines, static_cast<int>(std::min<std::uint32_t>(c.requests, 32)))) {
    ++stats_.share_partial_l1_hits;
    return false;
  }
  int slot = -1;
  for (int s = merge_first_; s < static_cast<int>(cus_.size()) && slot < 0; ++s) {
    const Collector& m = cus_[static_cast<std::size_t>(s)];
    if (!m.busy || (m.pending == 0 && m.ready_at <= now_)) slot = s;
  }
  if (slot < 0) {
    ++stats_.share_partial_busy;
    return false;
  }
  amt_->touch(*cov, now_);
  Collector& m = cus_[static_cast<std::size_t>(slot)];
  static_cast<CollectorState&>(m) = c;  // the load's warp, destination and lanes
  m.lines = nullptr;                    // not its line requests: a merge sends none
  m.busy = true;
  m.pending = cov->n;
  m.ready_at = now_ + 1;
  for (int j = 0; j < cov->n; ++j) {
    const auto p = static_cast<std::size_t>(cov->phys[j]);
    const RfRead rd{static_cast<std::uint16_t>(slot), phys_lat_[p], static_cast<std::uint8_t>(c.warp), cov->held[j]};
    if (phys_inflight_[p]) {  // read when its load's data is written (share_returned())
      ++stats_.share_merge_waits;
      merge_waiters_[p].push_back(rd);
    } else {
      regfile_.request_read(phys_bank_[p], rd);
    }
  }
  stats_.share_merge_reads += static_cast<std::uint64_t>(cov->n);
  ++stats_.share_partial_hits;
  return true;
}

void Sm::merge_read(const RfRead& rd) {
  Collector& m = cus_[rd.cu];
  m.ready_at = std::max(m.ready_at, now_ + rd.lat);
  if (--m.pending > 0) return;
  // Every source read: shift and OR, then the destination's write-back (Jeon §3: "written to the load
  // instruction's destination register at the writeback stage"); the slot is free when the merge ends.
  m.ready_at += static_cast<std::uint64_t>(p_.sharing.merge_cycles);
  events_.push({m.ready_at, seq_++, static_cast<std::uint8_t>(m.warp), m.in->ndst, m.in->dst, m.mask,
                MemorySystem::kNoRecord});
}

}  // namespace rfvar::arch
