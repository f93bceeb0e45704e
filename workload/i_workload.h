// The workload interface: what the SM runs, whichever front end made it.
//
// Contract: benchmark() is the static side: the kernels (launch shape, registers, static code whose
// pc the traces index, hybrid-bank facts) and the launch sequence. block() gives the dynamic side:
// the warp traces (trace.h) of block `bid` of launch `launch` (an index into benchmark().launches),
// the same for every call with the same arguments, independent of chip, technique and timing. An
// implementation may build them on demand into `scratch` and return it (the `.kernel` front end,
// kernel_workload.h) or return stored traces (trace_workload.h: PTX interpreter, Accel-Sim reader,
// recorded traces). Implementations are immutable once built and may be shared between threads.
#pragma once

#include "workload/kernel.h"
#include "workload/trace.h"

namespace rfvar::arch {

class IWorkload {
 public:
  virtual ~IWorkload() = default;
  virtual const Benchmark& benchmark() const = 0;
  virtual const BlockTrace& block(int launch, int bid, BlockTrace& scratch) const = 0;
};

}  // namespace rfvar::arch
