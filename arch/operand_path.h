// The operand-read path between the collector units and the main register-file banks.
//
// Contract: the SM asks the path for every source operand read and every result write. A path that
// returns false everywhere is the plain Fermi RF (the SM's default when it holds no path). A
// register-file cache (Gebhart 2011) or LTRF's prefetched working sets (issue 6) implement this
// interface: serve_read() == true means the operand comes from the upper level this cycle (no bank
// read), absorb_write() == true means the result stays in the upper level (no bank write now).
// on_warp_deactivate() is called when the two-level scheduler drops a warp from its active set
// (flush point of an RFC) and on_warp_exit() when a warp finishes.
#pragma once

#include <cstdint>

namespace rfvar::arch {

class IOperandPath {
 public:
  virtual ~IOperandPath() = default;
  virtual bool serve_read(int warp_slot, int reg, std::uint64_t now) = 0;
  virtual bool absorb_write(int warp_slot, int reg, std::uint64_t now) = 0;
  virtual void on_warp_deactivate(int /*warp_slot*/, std::uint64_t /*now*/) {}
  virtual void on_warp_exit(int /*warp_slot*/) {}
};

}  // namespace rfvar::arch
