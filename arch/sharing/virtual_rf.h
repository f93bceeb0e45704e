// The virtualized register file (Jeon et al., MICRO 2015; the baseline of Jeon et al., CAL 2019 §3):
// a per-warp architectural-to-physical mapping over a pool of physical warp registers.
//
// Contract: the pool holds `capacity` physical registers (one 32-lane vector each; CAL 2019 §4:
// 128 KB per SM = 1024). allocate() maps an unmapped (warp slot, architectural register) to a free
// physical register (precondition: free() > 0); map_to() maps it to an existing physical register,
// which then has one more reference (perfect sharing, CAL 2019 §3: "one physical register id may
// appear in multiple entries of the register mapping table"); release() unmaps it and returns the
// physical register when that was its last reference (it is free again), else -1. In-use counts are
// integrated over the caller's cycle counts (`now`, non-decreasing): peak() and reg_cycles() (sum
// over cycles of registers in use). Pure model state: no I/O.
#pragma once

#include <cstdint>
#include <vector>

namespace rfvar::arch::sharing {

class VirtualRegisterFile {
 public:
  // Empties the pool: `capacity` >= 1 physical registers, `slots` warp slots of `ids` registers each.
  void reset(int capacity, int slots, int ids, std::uint64_t now);
  int capacity() const { return static_cast<int>(refs_.size()); }
  int in_use() const { return capacity() - static_cast<int>(free_.size()); }
  int free() const { return static_cast<int>(free_.size()); }
  int phys(int slot, int reg) const { return map_[index(slot, reg)]; }  // -1: unmapped
  int owned(int slot) const { return owned_[static_cast<std::size_t>(slot)]; }  // registers the slot maps
  int refs(int phys) const { return refs_[static_cast<std::size_t>(phys)]; }
  int allocate(int slot, int reg, std::uint64_t now);
  void map_to(int slot, int reg, int phys, std::uint64_t now);
  int release(int slot, int reg, std::uint64_t now);
  // Brings reg_cycles() up to `now`.
  void integrate(std::uint64_t now);
  int peak() const { return peak_; }
  double reg_cycles() const { return reg_cycles_; }

 private:
  std::size_t index(int slot, int reg) const {
    return static_cast<std::size_t>(slot) * static_cast<std::size_t>(ids_) + static_cast<std::size_t>(reg);
  }
  int ids_ = 1;
  std::vector<int> map_;   // [slot * ids + reg] -> physical register, -1 if none
  std::vector<int> refs_;  // [physical register] -> architectural registers mapped to it
  std::vector<int> owned_;  // [slot] -> its mapped architectural registers
  std::vector<int> free_;  // free physical registers (a stack: the most recently freed is reused first)
  int peak_ = 0;
  double reg_cycles_ = 0.0;
  std::uint64_t since_ = 0;
};

}  // namespace rfvar::arch::sharing
