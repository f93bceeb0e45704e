#include "arch/sharing/address_mapping_table.h"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <stdexcept>
#include <string>

namespace rfvar::arch::sharing {
namespace {

// Whether the bytes [addr, addr + width) overlap those of any lane of `e`.
bool lane_overlaps(std::uint64_t addr, int width, const WarpLoad& e) {
  for (int k = 0; k < e.count; ++k) {
    const std::uint64_t lo = e.base + static_cast<std::uint64_t>(e.stride * k);
    if (addr < lo + static_cast<std::uint64_t>(e.width) && lo < addr + static_cast<std::uint64_t>(width))
      return true;
  }
  return false;
}

std::uint32_t lanes_of(const WarpLoad& w) {
  if (w.lanes != 0) return w.lanes;
  return w.count >= 32 ? ~0u : (1u << w.count) - 1u;
}

// The lane holding rank r (the r-th active lane) of `mask`.
int lane_of_rank(std::uint32_t mask, int r) {
  for (int i = 0; i < r; ++i) mask &= mask - 1;
  return std::countr_zero(mask);
}

// The lane of `e` whose address is `addr`, or -1 (e.stride != 0).
int lane_of(const WarpLoad& e, std::uint64_t addr) {
  const std::int64_t off = static_cast<std::int64_t>(addr - e.base);
  if (off % e.stride != 0) return -1;
  const std::int64_t r = off / e.stride;
  if (r < 0 || r >= e.count) return -1;
  return lane_of_rank(lanes_of(e), static_cast<int>(r));
}

// The lanes of the load (lane -> address `addr[lane]`, lanes `want`) that `e` read at shift d supplies:
// lane i whose address sits in e's lane i + d.
std::uint32_t supplies(const WarpLoad& e, int d, const std::uint64_t* addr, std::uint32_t want) {
  std::uint32_t got = 0;
  for (std::uint32_t m = want; m != 0; m &= m - 1) {
    const int i = std::countr_zero(m);
    if (lane_of(e, addr[i]) == i + d) got |= 1u << i;
  }
  return got;
}

}  // namespace

std::optional<WarpLoad> warp_load(const std::vector<std::uint64_t>& lane_addrs, int width) {
  if (lane_addrs.empty() || lane_addrs.size() > 32) return std::nullopt;
  WarpLoad w{lane_addrs[0], 0, static_cast<int>(lane_addrs.size()), width};
  if (lane_addrs.size() > 1) w.stride = static_cast<std::int64_t>(lane_addrs[1] - lane_addrs[0]);
  for (std::size_t k = 1; k < lane_addrs.size(); ++k)
    if (static_cast<std::int64_t>(lane_addrs[k] - lane_addrs[k - 1]) != w.stride) return std::nullopt;
  return w;
}

AddressMappingTable::AddressMappingTable(int capacity, int stride_bits) : capacity_(capacity) {
  if (capacity < 0 || stride_bits < 2 || stride_bits > 63)
    throw std::invalid_argument("address mapping table: capacity " + std::to_string(capacity) +
                                " (accepted: 0 = " + "unlimited, or >= 1) or stride_bits " +
                                std::to_string(stride_bits) + " (accepted: 2..63) out of range");
  max_stride_ = (std::int64_t{1} << (stride_bits - 1)) - 1;
}

bool AddressMappingTable::recordable(const WarpLoad& w) const { return std::llabs(w.stride) <= max_stride_; }

std::optional<int> AddressMappingTable::lookup(const WarpLoad& w, std::uint64_t now) {
  for (Entry& e : entries_)  // fully associative: the paper's table is looked up by address (§3)
    if (e.key == w) {
      e.last_use = now;
      return e.phys_reg;
    }
  return std::nullopt;
}

std::optional<int> AddressMappingTable::insert(const WarpLoad& w, int phys_reg, std::uint64_t now) {
  std::optional<int> replaced;
  if (capacity_ > 0 && static_cast<int>(entries_.size()) >= capacity_) {
    // LRU (Jeon §3 is silent on replacement): the entry whose last use is most distant.
    auto lru = std::min_element(entries_.begin(), entries_.end(),
                                [](const Entry& a, const Entry& b) { return a.last_use < b.last_use; });
    replaced = lru->phys_reg;
    entries_.erase(lru);
  }
  entries_.push_back({w, phys_reg, now});
  return replaced;
}

std::optional<Cover> AddressMappingTable::cover(const WarpLoad& w,
                                                const std::vector<std::uint8_t>& unavailable) const {
  if (w.count < 1 || w.count > 32 || (w.stride == 0 && w.count > 1)) return std::nullopt;
  const std::uint32_t want = lanes_of(w);
  std::uint64_t addr[32] = {};
  int q = 0;
  for (std::uint32_t m = want; m != 0; m &= m - 1, ++q)
    addr[std::countr_zero(m)] = w.base + static_cast<std::uint64_t>(w.stride * q);
  const auto usable = [&](const Entry& e) {
    const auto p = static_cast<std::size_t>(e.phys_reg);
    return e.key.width == w.width && e.key.stride != 0 && (p >= unavailable.size() || !unavailable[p]);
  };
  // A source at the shift that puts its copy of `lane`'s address at `lane`: what it supplies, or 0.
  const auto source = [&](const Entry& e, int lane, int& shift) -> std::uint32_t {
    if (!usable(e)) return 0;
    const int at = lane_of(e.key, addr[lane]);
    if (at < 0) return 0;
    shift = at - lane;
    return supplies(e.key, shift, addr, want);
  };
  const int first = std::countr_zero(want);  // some source holds the first lane's address
  for (const Entry& a : entries_) {
    int da = 0;
    const std::uint32_t la = source(a, first, da);
    if (la == 0) continue;
    if (la == want)
      return Cover{1, {a.phys_reg, -1}, {la, 0}, {lanes_of(a.key), 0}, {da, 0}};
    const int next = std::countr_zero(want & ~la);  // the second holds the first lane the first lacks
    for (const Entry& b : entries_) {
      int db = 0;
      if (&b == &a) continue;
      const std::uint32_t lb = source(b, next, db) & ~la;
      if ((la | lb) != want) continue;
      return Cover{2, {a.phys_reg, b.phys_reg}, {la, lb}, {lanes_of(a.key), lanes_of(b.key)}, {da, db}};
    }
  }
  return std::nullopt;
}

void AddressMappingTable::touch(const Cover& c, std::uint64_t now) {
  for (Entry& e : entries_)
    for (int j = 0; j < c.n; ++j)
      if (e.phys_reg == c.phys[j]) e.last_use = now;
}

int AddressMappingTable::on_store(const WarpLoad& store) {
  const auto before = entries_.size();
  std::erase_if(entries_, [&](const Entry& e) {
    for (int k = 0; k < store.count; ++k)
      if (lane_overlaps(store.base + static_cast<std::uint64_t>(store.stride * k), store.width, e.key))
        return true;
    return false;
  });
  return static_cast<int>(before - entries_.size());
}

int AddressMappingTable::release(int phys_reg) {
  return static_cast<int>(std::erase_if(entries_, [&](const Entry& e) { return e.phys_reg == phys_reg; }));
}

}  // namespace rfvar::arch::sharing
