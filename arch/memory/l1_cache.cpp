#include "arch/memory/l1_cache.h"

#include <algorithm>

namespace rfvar::arch {

L1Cache::L1Cache(const Params& p)
    : sets_(std::max(1, p.size_bytes / (p.line_bytes * p.ways))),
      assoc_(p.ways),
      ways_(static_cast<std::size_t>(sets_) * static_cast<std::size_t>(assoc_)) {}

void L1Cache::reset() {
  std::fill(ways_.begin(), ways_.end(), Way{});
  stamp_ = 0;
}

const L1Cache::Way* L1Cache::find(std::uint64_t line) const {
  const Way* s = set_of(line);
  for (int w = 0; w < assoc_; ++w)
    if (s[w].valid && s[w].tag == line) return &s[w];
  return nullptr;
}

bool L1Cache::load(std::uint64_t line, std::uint64_t& ready, std::uint32_t* pending) {
  Way* w = const_cast<Way*>(find(line));  // a way of ways_, which this non-const call may change
  if (!w) return false;
  w->last_use = ++stamp_;
  ready = w->ready;
  if (pending) *pending = w->pending;
  return true;
}

bool L1Cache::holds(std::uint64_t line) const { return find(line) != nullptr; }

std::uint64_t L1Cache::allocate(std::uint64_t line, std::uint64_t ready, std::uint32_t pending) {
  Way* s = set_of(line);
  Way* victim = s;
  for (int w = 0; w < assoc_; ++w) {
    if (!s[w].valid) {
      victim = &s[w];
      break;
    }
    if (s[w].last_use < victim->last_use) victim = &s[w];
  }
  const std::uint64_t evicted = victim->valid && victim->dirty ? victim->tag : kNoLine;
  *victim = Way{true, false, line, ++stamp_, ready, pending};
  return evicted;
}

void L1Cache::mark_dirty(std::uint64_t line) {
  Way* s = set_of(line);
  for (int w = 0; w < assoc_; ++w)
    if (s[w].valid && s[w].tag == line) s[w].dirty = true;
}

void L1Cache::store(std::uint64_t line) {
  Way* s = set_of(line);
  for (int w = 0; w < assoc_; ++w)
    if (s[w].valid && s[w].tag == line) s[w].valid = false;
}

}  // namespace rfvar::arch
