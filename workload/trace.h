// Dynamic warp traces: what a warp of a block executes, recorded once per benchmark and replayed
// by the SM model for every chip and technique (functional execution does not depend on either).
//
// Contract: a WarpTrace is the exact sequence of warp instructions one warp issues, in program
// order: for each, the pc of its static instruction in Kernel::code and its active-lane mask.
// Memory instructions whose static Instr has `mem_trace` set carry one TraceMem each, in the same
// order as their steps: for global / local / const accesses the coalesced line requests (line
// address = byte address / arch.l1_line_bytes, with the memory space or region in the high bits so
// that distinct spaces never alias), for shared accesses the bank-conflict degree (`count` ways,
// no lines). The last step of every warp is its Exit. A BlockTrace holds the warps of one block
// (warp index in block = position). Producers: the `.kernel` front end (kernel_trace.h), the PTX
// interpreter (ptx/) and the Accel-Sim reader (frontend/accelsim/); consumer: the SM (arch/sm/sm.h).
#pragma once

#include <cstdint>
#include <vector>

namespace rfvar::arch {

// One warp instruction issued.
struct TraceStep {
  std::int32_t pc = 0;      // index into Kernel::code
  std::uint32_t mask = 0;   // active lanes (SIMT mask; a guard predicate does not clear lanes here)
  bool operator==(const TraceStep&) const = default;
};

// The dynamic memory behaviour of one memory step.
struct TraceMem {
  std::uint32_t first = 0;  // its lines are WarpTrace::lines[first, first + count) (global/local/const)
  std::uint32_t count = 0;  // distinct line requests (1..32; 0 if no lane is active), or for shared
                            // memory the conflict degree (ways, >= 1), with no lines
  bool operator==(const TraceMem&) const = default;
};

// The lanes' byte addresses of one global memory step as one stride group: lane k of the `count`
// active lanes (in lane order) accesses [base + k * stride, + width). What an entry of Jeon 2019's
// address mapping table holds (§3; arch/sharing/address_mapping_table.h). count = 0: no key (not a
// global access, not one stride group, or no lane active).
struct TraceKey {
  std::uint64_t base = 0;
  std::int64_t stride = 0;
  std::uint8_t count = 0;
  std::uint8_t width = 0;  // bytes per lane
  bool writes = false;     // a store, atom or red: it writes these addresses (an atom is a Load step)
  bool operator==(const TraceKey&) const = default;
};

struct WarpTrace {
  std::vector<TraceStep> steps;
  std::vector<TraceMem> mem;
  std::vector<std::uint64_t> lines;
  // One TraceKey per `mem` record when the producer records them (the PTX interpreter with
  // TraceOptions::keys), else empty: only the register-sharing model reads them (arch/sm/sm_share.cpp).
  // Not stored in .rftrace files nor Accel-Sim traces.
  std::vector<TraceKey> keys;
  bool operator==(const WarpTrace&) const = default;
  void clear() { steps.clear(), mem.clear(), lines.clear(), keys.clear(); }
};

struct BlockTrace {
  std::vector<WarpTrace> warps;  // [warp index in block]
  bool operator==(const BlockTrace&) const = default;
};

// Every block of one kernel launch.
struct LaunchTrace {
  std::int32_t launch = 0;        // index into Benchmark::launches
  std::vector<BlockTrace> blocks; // [block id], all blocks of the grid
  bool operator==(const LaunchTrace&) const = default;
};

}  // namespace rfvar::arch
