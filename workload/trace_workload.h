// A workload whose warp traces are stored: recorded from another workload (record()), produced by
// the PTX interpreter (ptx/) or read from Accel-Sim traces (frontend/accelsim/).
//
// Contract: holds the Benchmark and, per launch, the BlockTraces of the blocks it was given; block()
// returns the stored trace and throws std::out_of_range for a block that was not recorded. record()
// asks `from` for the blocks of every launch that SM `sm` of `sms` receives (b % sms == sm; sms = 1:
// every block) and stores them, so replaying the result gives bit-identical SM runs.
#pragma once

#include <vector>

#include "workload/i_workload.h"

namespace rfvar::arch {

class TraceWorkload final : public IWorkload {
 public:
  // launches[i] holds launch i's blocks by block id (blocks not recorded are empty BlockTraces).
  TraceWorkload(Benchmark b, std::vector<LaunchTrace> launches);
  static TraceWorkload record(const IWorkload& from, int sms = 1, int sm = 0);
  const Benchmark& benchmark() const override { return b_; }
  const BlockTrace& block(int launch, int bid, BlockTrace& scratch) const override;
  const std::vector<LaunchTrace>& launches() const { return launches_; }

 private:
  Benchmark b_;
  std::vector<LaunchTrace> launches_;
};

}  // namespace rfvar::arch
