// The functional, warp-wide PTX interpreter: runs one kernel launch over its whole grid and records
// what every warp issues (workload/trace.h).
//
// Contract: blocks run one after another in block-id order (x fastest), so atomics and results
// are deterministic; global memory (DeviceMemory) persists across launches; shared memory is
// per block (zeroed at block start, dynamic shared after the static variables, 16-byte aligned),
// local memory per thread (zeroed), the param space is `params` (Entry::param_bytes bytes, laid
// out as in Entry::params). Within a block, warps take turns (warp 0 first) running until they
// reach a bar.sync or exit; when every warp still running waits at the barrier, all are released.
// A warp is SIMT with immediate-post-dominator reconvergence: a stack of (pc, reconvergence pc,
// mask); on a divergent branch the fall-through lanes run first, then the taken lanes, and both
// rejoin at the branch's IPDOM (Entry::reconverge). Traces: one TraceStep per issued warp
// instruction (bra, bar, ret/exit included; the last is the warp's ret/exit) with the SIMT mask
// at issue (lanes whose guard predicate is false stay in it); one TraceMem per ld/st/atom/red
// (exec.h describes lines and conflict degrees). Malformed launches, faulting accesses and launches
// past TraceOptions' instruction limits throw InputError naming the file (and line or limit key).
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "common/limits.h"
#include "ptx/device_memory.h"
#include "ptx/program.h"
#include "workload/trace.h"

namespace rfvar::arch::ptx {

struct LaunchShape {
  std::array<std::uint32_t, 3> grid{1, 1, 1};
  std::array<std::uint32_t, 3> block{1, 1, 1};
  std::uint32_t dynamic_shared_bytes = 0;
};

struct TraceOptions {
  bool record = true;  // false: run functionally only (LaunchTrace::blocks left empty)
  std::uint32_t line_bytes = 128;
  bool keys = false;  // also record each memory step's TraceKey (WarpTrace::keys: register sharing)
  // limits.max_warp_instructions / max_launch_instructions (common/limits.h): a launch that would
  // issue more throws InputError naming the key (a kernel branching to itself, a huge grid).
  std::uint64_t max_warp_instructions = Limits{}.max_warp_instructions;
  std::uint64_t max_launch_instructions = Limits{}.max_launch_instructions;
};

struct LaunchStats {
  std::uint64_t warp_instructions = 0;  // warp instructions issued (= trace steps)
};

// Places the module's .global variables (with their initializers) at kGlobalBase; call it once on
// a fresh DeviceMemory, before any other allocation.
void load_module(const Program& prog, DeviceMemory& mem);

LaunchTrace run_launch(const Program& prog, const Entry& entry, const LaunchShape& shape,
                       std::span<const unsigned char> params, DeviceMemory& mem, const TraceOptions& opt,
                       LaunchStats* stats = nullptr);

}  // namespace rfvar::arch::ptx
