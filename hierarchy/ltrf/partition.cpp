#include "hierarchy/ltrf/partition.h"

#include <stdexcept>
#include <string>

namespace rfvar::arch::ltrf {

WarpPartitions::WarpPartitions(LtrfVariant variant, int warps, int partitions, int capacity_regs)
    : variant_(variant), partitions_(partitions), capacity_(capacity_regs), state_(static_cast<std::size_t>(warps)) {
  if (warps < 1 || partitions < 1 || capacity_regs < 1)
    throw std::invalid_argument("WarpPartitions needs warps, partitions and capacity >= 1");
}

WarpPartitions::WarpState& WarpPartitions::warp_state(int warp) {
  if (warp < 0 || warp >= static_cast<int>(state_.size()))
    throw std::out_of_range("warp slot " + std::to_string(warp) + " outside the partition table");
  return state_[static_cast<std::size_t>(warp)];
}

void WarpPartitions::count(const RegTransfer& t) {
  stats_.regs_fetched += t.fetch.count();
  stats_.regs_written_back += t.writeback.count();
  stats_.dead_not_fetched += t.allocate.count();
}

// Brings `want` into the partition: registers already resident stay, the others are fetched
// (LTRF+: only live ones, LTRF §4.2).
RegTransfer WarpPartitions::fetch_into(WarpState& s, const RegSet& want, const RegSet& live) {
  if (static_cast<int>(want.count()) > capacity_)
    throw std::logic_error("working set of " + std::to_string(want.count()) + " registers exceeds the partition (" +
                           std::to_string(capacity_) + ")");
  RegTransfer t;
  const RegSet missing = s.active ? (want & ~s.ws) : want;
  if (variant_ == LtrfVariant::LtrfPlus) {
    t.fetch = missing & live;
    t.allocate = missing & ~live;
  } else {
    t.fetch = missing;
  }
  return t;
}

RegTransfer WarpPartitions::enter(int warp, const RegSet& ws, const RegSet& live) {
  WarpState& s = warp_state(warp);
  if (!s.active) throw std::logic_error("enter() on an inactive warp " + std::to_string(warp));
  RegTransfer t = fetch_into(s, ws, live);
  RegSet leaving_dirty = s.dirty & ~ws;
  if (variant_ == LtrfVariant::LtrfPlus) {
    stats_.dead_not_written += (leaving_dirty & ~live).count();
    leaving_dirty &= live;
  }
  t.writeback = leaving_dirty;
  s.dirty &= ws;
  s.ws = ws;
  ++stats_.regions_entered;
  if (t.fetch.any()) ++stats_.prefetches;
  count(t);
  return t;
}

RegTransfer WarpPartitions::restart(int warp, const RegSet& ws, const RegSet& live) {
  WarpState& s = warp_state(warp);
  if (!s.active) throw std::logic_error("restart() on an inactive warp " + std::to_string(warp));
  RegSet out = s.dirty;  // Gebhart MICRO 2011: values live out of a strand go to the main RF
  if (variant_ == LtrfVariant::LtrfPlus) {
    stats_.dead_not_written += (out & ~live).count();
    out &= live;
  }
  s.ws.reset();  // the partition is invalidated at the strand boundary
  s.dirty.reset();
  RegTransfer t = fetch_into(s, ws, live);
  t.writeback = out;
  s.ws = ws;
  ++stats_.regions_entered;
  if (t.fetch.any()) ++stats_.prefetches;
  count(t);
  return t;
}

RegTransfer WarpPartitions::deactivate(int warp, const RegSet& live) {
  WarpState& s = warp_state(warp);
  if (!s.active) throw std::logic_error("deactivate() on an inactive warp " + std::to_string(warp));
  RegTransfer t;
  if (variant_ == LtrfVariant::LtrfPlus) {  // LTRF §3.2: live registers only
    t.writeback = s.ws & live;
    stats_.dead_not_written += (s.ws & ~live).count();
  } else {  // LTRF §3.2: the entire working set
    t.writeback = s.ws;
  }
  s.active = false;
  s.dirty.reset();
  --active_;
  ++stats_.deactivations;
  count(t);
  return t;
}

RegTransfer WarpPartitions::activate(int warp, const RegSet& ws, const RegSet& live) {
  WarpState& s = warp_state(warp);
  if (s.active) throw std::logic_error("activate() on an active warp " + std::to_string(warp));
  if (active_ >= partitions_)
    throw std::logic_error("activate(): all " + std::to_string(partitions_) + " partitions are in use");
  RegTransfer t = fetch_into(s, ws, live);
  s.active = true;
  s.ws = ws;
  s.dirty.reset();
  ++active_;
  ++stats_.activations;
  if (t.fetch.any()) ++stats_.prefetches;
  count(t);
  return t;
}

bool WarpPartitions::access(int warp, int reg, bool is_write) {
  WarpState& s = warp_state(warp);
  const auto r = static_cast<std::size_t>(reg);
  if (!s.active || !s.ws.test(r)) {
    ++stats_.misses;
    return false;
  }
  ++stats_.accesses;
  if (is_write) s.dirty.set(r);
  return true;
}

void WarpPartitions::exit(int warp) {
  WarpState& s = warp_state(warp);
  if (s.active) --active_;
  s = WarpState{};
}

}  // namespace rfvar::arch::ltrf
