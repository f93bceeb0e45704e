#include "arch/sharing/address_mapping_table.h"

#include <algorithm>
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
