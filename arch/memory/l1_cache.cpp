#include "arch/memory/l1_cache.h"

#include <algorithm>

namespace rfvar::arch {

L1Cache::L1Cache(const Params& p)
    : sets_(std::max(1, p.size_bytes / (p.line_bytes * p.ways))),
      assoc_(p.ways),
      tags_(static_cast<std::size_t>(sets_) * static_cast<std::size_t>(assoc_), kNoLine),
      meta_(tags_.size()) {}

void L1Cache::reset() {
  std::fill(tags_.begin(), tags_.end(), kNoLine);
  std::fill(meta_.begin(), meta_.end(), Meta{});
  stamp_ = 0;
}

std::ptrdiff_t L1Cache::find(std::uint64_t line) const {
  const std::size_t s = set_base(line);
  for (int w = 0; w < assoc_; ++w)
    if (tags_[s + static_cast<std::size_t>(w)] == line) return static_cast<std::ptrdiff_t>(s) + w;
  return -1;
}

bool L1Cache::load(std::uint64_t line, std::uint64_t& ready, std::uint32_t* pending) {
  const std::ptrdiff_t i = find(line);
  if (i < 0) return false;
  Meta& m = meta_[static_cast<std::size_t>(i)];
  m.last_use = ++stamp_;
  ready = m.ready;
  if (pending) *pending = m.pending;
  return true;
}

bool L1Cache::holds(std::uint64_t line) const { return find(line) >= 0; }

std::uint64_t L1Cache::allocate(std::uint64_t line, std::uint64_t ready, std::uint32_t pending) {
  // The set's first invalid way, else its least recently used (the first of equals).
  const std::size_t s = set_base(line);
  std::size_t victim = s;
  for (std::size_t w = s; w < s + static_cast<std::size_t>(assoc_); ++w) {
    if (tags_[w] == kNoLine) {
      victim = w;
      break;
    }
    if (meta_[w].last_use < meta_[victim].last_use) victim = w;
  }
  const std::uint64_t evicted = tags_[victim] != kNoLine && meta_[victim].dirty ? tags_[victim] : kNoLine;
  tags_[victim] = line;
  meta_[victim] = Meta{false, pending, ++stamp_, ready};
  return evicted;
}

void L1Cache::mark_dirty(std::uint64_t line) {
  if (const std::ptrdiff_t i = find(line); i >= 0) meta_[static_cast<std::size_t>(i)].dirty = true;
}

void L1Cache::store(std::uint64_t line) {
  if (const std::ptrdiff_t i = find(line); i >= 0) tags_[static_cast<std::size_t>(i)] = kNoLine;
}

}  // namespace rfvar::arch
