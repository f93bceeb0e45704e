// The operand-read path between the collector units and the main register-file banks, and the
// hooks a register-file hierarchy (RFC, LTRF; issue 6) needs from the SM.
//
// Contract: the SM asks the path for every source operand read and every result write. A path that
// returns false everywhere is the plain Fermi RF (the SM's default when it holds no path; the SM
// then calls none of these hooks and behaves bit-identically). serve_read() == true means the
// operand comes from the upper level this cycle (no bank read), absorb_write() == true means the
// result stays in the upper level (no bank write now). Call order, per warp:
//  * on_kernel_launch() at each launch, before any block, with the SM's main-RF writer: the path
//    may ask it to queue background write-backs (they occupy a bank like a result write but clear
//    no scoreboard bit);
//  * on_issue(slot, pc) when the warp issues the instruction at pc, before its operand reads;
//  * on_next_pc(slot, pc) when a warp starts (pc 0) and after every issue, with the warp's next pc;
//    it returns the first cycle the warp may issue again (>= now; e.g. LTRF's PREFETCH wait);
//  * on_warp_activate / on_warp_deactivate(slot, pc) when a two-level scheduler moves the warp
//    into / out of its active set (RFC flush, LTRF write-back and refetch); activate returns the
//    first cycle the warp may issue;
//  * on_warp_exit() when a warp finishes.
#pragma once

#include <cstdint>

#include "workload/kernel.h"

namespace rfvar::arch {

// The SM's side: queue a background write of (warp slot, register) to its main-RF bank.
class IMainRfWriter {
 public:
  virtual ~IMainRfWriter() = default;
  virtual void write_back(int warp_slot, int reg) = 0;
};

class IOperandPath {
 public:
  virtual ~IOperandPath() = default;
  virtual bool serve_read(int warp_slot, int reg, std::uint64_t now) = 0;
  virtual bool absorb_write(int warp_slot, int reg, std::uint64_t now) = 0;
  virtual void on_kernel_launch(const Kernel& /*k*/, int /*warp_slots*/, IMainRfWriter& /*main_rf*/) {}
  virtual void on_issue(int /*warp_slot*/, int /*pc*/, std::uint64_t /*now*/) {}
  virtual std::uint64_t on_next_pc(int /*warp_slot*/, int /*pc*/, std::uint64_t now) { return now; }
  virtual std::uint64_t on_warp_activate(int /*warp_slot*/, int /*pc*/, std::uint64_t now) { return now; }
  virtual void on_warp_deactivate(int /*warp_slot*/, int /*pc*/, std::uint64_t /*now*/) {}
  virtual void on_warp_exit(int /*warp_slot*/) {}
};

}  // namespace rfvar::arch
