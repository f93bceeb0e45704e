// The SM's perfect register sharing (sharing.mode = "perfect"; Jeon et al., CAL 2019 §2.1, §3; docs/models.md
// "Register sharing"): the address mapping table (arch/sharing/address_mapping_table.h) is looked up in the
// load-store unit, after address generation (at the load's dispatch to the MEM pipeline), for every global
// load whose active lanes all access one stride group into one destination register that got a new
// register at issue (a partial write into an older value is not shared); the key is those lanes and
// their addresses (Jeon §3's entry: base, stride, active count; values sit in lanes). A hit maps the
// destination to the physical register holding that warp-unit load and skips the load and the write-back
// (§3: "it does not even require register writeback"); if that register's own load has not returned yet,
// the destination stays pending until it does (no value is read before it exists). A miss records the load
// with its destination's physical register and issues it. A store, red or atom removes the entries whose
// addresses it writes (§3), one without a single stride group empties the table; an atom is never shared.
// An entry goes when its physical register is freed or written in place (sm_vrf.cpp vrf_free()).
// With sharing.mode = "partial" a load that misses the table may instead be built from one or two entries'
// registers (sm_merge.cpp); a load into an older value is then looked up for that and recorded too.
#include <bit>

#include "arch/sm/sm.h"

namespace rfvar::arch {

Sm::Shared Sm::share_dispatch(const Collector& c) {
  const Instr& in = *c.in;
  const TraceKey& k = c.key;
  if (in.op == OpClass::Store || k.writes) {  // the warp's slot may belong to a new block by now: not read
    if (k.count == 0) {
      ++stats_.share_flushes;
      stats_.share_invalidated += amt_->size();
      amt_->clear();
    } else {
      stats_.share_invalidated += static_cast<std::uint64_t>(
          amt_->on_store({k.base, k.stride, k.count, k.width}));
    }
    return Shared::No;
  }
  if (in.op != OpClass::Load) return Shared::No;
  ++stats_.share_global_loads;
  Warp& w = warps_[static_cast<std::size_t>(c.warp)];  // live: its destination is pending
  const sharing::WarpLoad key{k.base, k.stride, k.count, k.width, c.mask};
  // Every active lane accesses (no lane off by a guard), and the destination got a new register at
  // issue: no lane of an older value to keep, so it may map to another register.
  // With partial sharing a load into an older value (a partial write) is also built by a merge and
  // recorded: the merge writes its lanes as the load would, and its register holds the load's lanes.
  const bool fresh = c.fresh & 1;
  if (in.ndst != 1 || k.count == 0 || std::popcount(c.mask) != k.count || (!fresh && !partial_on_) ||
      !amt_->recordable(key))
    return Shared::No;
  const RegId r = in.dst[0];
  const int mine = vrf_.phys(c.warp, r);
  if (mine < 0) return Shared::No;  // a value never read (released at issue): not shared
  const std::optional<int> p = fresh ? amt_->lookup(key, now_) : std::nullopt;  // only a fresh one may remap
  if (p) {
    ++stats_.share_hits;
    vrf_free(c.warp, r);  // the register allocated at issue is not needed
    vrf_.map_to(c.warp, r, *p, now_);
    if (phys_inflight_[static_cast<std::size_t>(*p)]) {
      ++stats_.share_waits;
      phys_waiters_[static_cast<std::size_t>(*p)].push_back({c.warp, r});
    } else {
      registers_written(w, c.warp, r);
    }
    return Shared::Hit;
  }
  const bool merged = partial_on_ && share_partial(c, key);
  amt_->insert(key, mine, now_);  // a merged load's register holds the data too (written by the merge)
  phys_inflight_[static_cast<std::size_t>(mine)] = 1;
  ++stats_.share_recorded;
  return merged ? Shared::Merge : Shared::No;
}

void Sm::share_returned(int slot, RegId reg) {
  const int p = vrf_.phys(slot, reg);
  if (p >= 0 && partial_on_ && !merge_waiters_[static_cast<std::size_t>(p)].empty()) {  // sm_merge.cpp
    for (const RfRead& rd : merge_waiters_[static_cast<std::size_t>(p)])
      regfile_.request_read(phys_bank_[static_cast<std::size_t>(p)], rd);
    merge_waiters_[static_cast<std::size_t>(p)].clear();
  }
  if (p < 0 || !phys_inflight_[static_cast<std::size_t>(p)]) return;
  phys_inflight_[static_cast<std::size_t>(p)] = 0;
  auto& waiters = phys_waiters_[static_cast<std::size_t>(p)];
  for (const auto& [ws, wr] : waiters) registers_written(warps_[static_cast<std::size_t>(ws)], ws, wr);
  waiters.clear();
}

}  // namespace rfvar::arch
