#include "arch/sharing/virtual_rf.h"

#include <algorithm>
#include <stdexcept>

namespace rfvar::arch::sharing {

void VirtualRegisterFile::reset(int capacity, int slots, int ids, std::uint64_t now) {
  if (capacity < 1 || slots < 0 || ids < 1) throw std::invalid_argument("virtual register file: bad sizes");
  ids_ = ids;
  map_.assign(static_cast<std::size_t>(slots) * static_cast<std::size_t>(ids), -1);
  refs_.assign(static_cast<std::size_t>(capacity), 0);
  owned_.assign(static_cast<std::size_t>(slots), 0);
  free_.resize(static_cast<std::size_t>(capacity));
  for (int p = 0; p < capacity; ++p) free_[static_cast<std::size_t>(p)] = capacity - 1 - p;
  peak_ = 0;
  reg_cycles_ = 0.0;
  since_ = now;
}

void VirtualRegisterFile::integrate(std::uint64_t now) {
  if (now > since_) reg_cycles_ += static_cast<double>(in_use()) * static_cast<double>(now - since_);
  since_ = std::max(since_, now);
}

int VirtualRegisterFile::allocate(int slot, int reg, std::uint64_t now) {
  int& m = map_[index(slot, reg)];
  if (m >= 0 || free_.empty()) throw std::logic_error("virtual register file: allocate on a mapped register or a full pool");
  integrate(now);
  m = free_.back();
  free_.pop_back();
  ++owned_[static_cast<std::size_t>(slot)];
  refs_[static_cast<std::size_t>(m)] = 1;
  peak_ = std::max(peak_, in_use());
  return m;
}

void VirtualRegisterFile::map_to(int slot, int reg, int phys, std::uint64_t now) {
  int& m = map_[index(slot, reg)];
  if (m >= 0 || refs_.at(static_cast<std::size_t>(phys)) < 1)
    throw std::logic_error("virtual register file: map_to on a mapped register or a free physical register");
  integrate(now);
  m = phys;
  ++refs_[static_cast<std::size_t>(phys)];
  ++owned_[static_cast<std::size_t>(slot)];
}

int VirtualRegisterFile::release(int slot, int reg, std::uint64_t now) {
  int& m = map_[index(slot, reg)];
  if (m < 0) return -1;
  const int p = m;
  m = -1;
  --owned_[static_cast<std::size_t>(slot)];
  if (--refs_[static_cast<std::size_t>(p)] > 0) return -1;
  integrate(now);
  free_.push_back(p);
  return p;
}

}  // namespace rfvar::arch::sharing
