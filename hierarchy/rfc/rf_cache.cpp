#include "hierarchy/rfc/rf_cache.h"

#include <stdexcept>
#include <string>

namespace rfvar::arch::rfc {

RegisterFileCache::RegisterFileCache(const RfcParams& p, int warps)
    : p_(p), entries_(p.entries_per_thread), policy_(make_replacement(p.replacement)) {
  if (warps < 1 || entries_ < 1) throw std::invalid_argument("RegisterFileCache needs warps and entries >= 1");
  table_.resize(static_cast<std::size_t>(warps) * static_cast<std::size_t>(entries_));
}

std::span<RfcEntry> RegisterFileCache::slots(int warp) {
  const auto n = static_cast<std::size_t>(entries_);
  if (warp < 0 || static_cast<std::size_t>(warp) * n >= table_.size())
    throw std::out_of_range("RFC warp slot " + std::to_string(warp) + " out of range");
  return std::span<RfcEntry>(table_).subspan(static_cast<std::size_t>(warp) * n, n);
}

std::span<const RfcEntry> RegisterFileCache::slots(int warp) const {
  return const_cast<RegisterFileCache*>(this)->slots(warp);
}

int RegisterFileCache::find(int warp, int reg) const {
  const auto s = slots(warp);
  for (std::size_t i = 0; i < s.size(); ++i)
    if (s[i].reg == reg) return static_cast<int>(i);
  return -1;
}

bool RegisterFileCache::read(int warp, int reg, bool last_read) {
  ++stats_.reads;
  const int i = find(warp, reg);
  if (i < 0) return false;  // main-RF read, no allocation (Gebhart §3.1)
  RfcEntry& e = slots(warp)[static_cast<std::size_t>(i)];
  ++stats_.read_hits;
  policy_->on_hit(e, ++tick_);
  if (last_read) e.dead = true;  // dead-operand bit: no write-back on eviction (Gebhart §3.1)
  return true;
}

WriteOutcome RegisterFileCache::write(int warp, int reg, bool dead, bool long_latency) {
  WriteOutcome out;
  auto s = slots(warp);
  const int resident = find(warp, reg);
  if (long_latency && p_.bypass_long_latency) {  // Gebhart §4.2: bypass to the main RF
    ++stats_.writes_bypassed;
    if (resident >= 0) s[static_cast<std::size_t>(resident)] = RfcEntry{};  // stale copy
    return out;
  }
  ++stats_.writes_cached;
  out.cached = true;
  int i = resident;
  if (i >= 0) {
    ++stats_.overwrites;  // the old value never reaches the main RF
  } else {
    for (std::size_t k = 0; k < s.size() && i < 0; ++k)
      if (!s[k].valid()) i = static_cast<int>(k);
    if (i < 0) {
      i = policy_->victim(s);
      RfcEntry& v = s[static_cast<std::size_t>(i)];
      ++stats_.evictions;
      out.evicted_reg = v.reg;
      out.written_back = !v.dead;
      if (v.dead) ++stats_.dead_dropped;
      else ++stats_.eviction_writebacks;
    }
  }
  RfcEntry& e = s[static_cast<std::size_t>(i)];
  e.reg = reg;
  e.dead = dead;
  policy_->on_fill(e, ++tick_);
  return out;
}

ltrf::RegSet RegisterFileCache::flush(int warp) {
  ltrf::RegSet wb;
  ++stats_.flushes;
  for (RfcEntry& e : slots(warp)) {
    if (!e.valid()) continue;
    if (e.dead) {
      ++stats_.dead_dropped;
    } else {
      ++stats_.flush_writebacks;
      wb.set(static_cast<std::size_t>(e.reg));
    }
    e = RfcEntry{};
  }
  return wb;
}

void RegisterFileCache::exit(int warp) {
  for (RfcEntry& e : slots(warp)) e = RfcEntry{};
}

}  // namespace rfvar::arch::rfc
