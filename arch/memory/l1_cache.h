// The L1 data cache tag array of one SM: set-associative, LRU, allocate on read miss, stores
// write-evict / write-no-allocate (GPGPU-Sim GTX480 `-gpgpu_cache:dl1 32:128:4,L:L:m:N`: 32 sets x
// 128 B lines x 4 ways, LRU, write-evict, allocate on miss; linear set index = line % sets).
//
// Contract: lines are line addresses (byte address / line bytes). A line is allocated when its miss
// is sent, with the cycle its data arrives (`ready`); a later load of that line is a hit whose data
// comes at max(now + hit latency, ready): an in-flight miss is merged (GPGPU-Sim HIT_RESERVED, one
// MSHR entry) instead of sending a second request. A line may carry the id of its pending DRAM request
// (arch/memory/dram.h) while its `ready` is only a lower bound. As the L2's tag array (shared_l2.h) a
// line may be dirty (mark_dirty()); allocate() then reports the dirty line it evicts, for its write-back.
// No statistics, no timing beyond `ready`.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace rfvar::arch {

class L1Cache {
 public:
  struct Params {
    int size_bytes = 16384;
    int line_bytes = 128;
    int ways = 4;
  };
  static constexpr std::uint32_t kNoPending = 0xffffffffu;
  static constexpr std::uint64_t kNoLine = ~std::uint64_t{0};
  explicit L1Cache(const Params& p);
  void reset();
  // A load of `line`: true if the tag is present (LRU updated, `ready` set to the
  // cycle its data is in the cache; `*pending` its pending DRAM request id or kNoPending); false on a
  // miss (nothing changes: call allocate()).
  bool load(std::uint64_t line, std::uint64_t& ready, std::uint32_t* pending = nullptr);
  // Whether `line`'s tag is present (a hit or a merge into an in-flight miss): nothing changes.
  bool holds(std::uint64_t line) const;
  // Whether `line`'s tag is present and carries no pending DRAM request (its `ready` is final): a load
  // of it is decided here, without the DRAM. Nothing changes.
  bool holds_decided(std::uint64_t line) const {
    const std::ptrdiff_t i = find(line);
    return i >= 0 && meta_[static_cast<std::size_t>(i)].pending == kNoPending;
  }
  // Allocates `line` (clean) for a read miss whose data arrives at `ready`, evicting the set's least
  // recently used way. Returns the evicted line if it was dirty, else kNoLine.
  std::uint64_t allocate(std::uint64_t line, std::uint64_t ready, std::uint32_t pending = kNoPending);
  // A write-back cache's store hit: marks `line` dirty if present (LRU unchanged: load() did that).
  void mark_dirty(std::uint64_t line);
  // A store to `line`: write-evict (the line, if present, is invalidated; nothing is allocated).
  void store(std::uint64_t line);
  int sets() const { return sets_; }

 private:
  // A way's state apart from its tag. The tags are an array of their own (kNoLine: an invalid way), so
  // that a lookup scans one set's tags in one or two host cache lines (the L2's tag array is larger
  // than a host core's caches; docs/performance.md).
  struct Meta {
    bool dirty = false;
    std::uint32_t pending = kNoPending;
    std::uint64_t last_use = 0, ready = 0;
  };
  std::size_t set_base(std::uint64_t line) const {
    return static_cast<std::size_t>(line % static_cast<std::uint64_t>(sets_)) * static_cast<std::size_t>(assoc_);
  }
  // The index of the way holding `line`, or -1 (a line is at most 2^62: params.cpp bounds line bytes >= 4).
  std::ptrdiff_t find(std::uint64_t line) const;
  int sets_ = 1, assoc_ = 1;
  std::uint64_t stamp_ = 0;          // LRU order (ties in one cycle broken by access order)
  std::vector<std::uint64_t> tags_;  // [sets * ways]: the line held, kNoLine if invalid
  std::vector<Meta> meta_;           // [sets * ways]
};

}  // namespace rfvar::arch
