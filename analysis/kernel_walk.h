// A functional (timing-free) walk of a benchmark's warps through the workload IR: the dynamic counts
// the kernel-characteristic tests check (active lanes, register use, memory intensity) and, on
// request, the warp's address-stream accesses in dynamic order (the input of analysis/l2_reuse.h).
//
// Contract: walk_warp() executes one warp of one block exactly as docs/kernel-format.md defines the
// control flow (structured SIMT ifs with reconvergence, loops with fixed trips, a part with no active
// lane is skipped, every branch / barrier / exit is one warp instruction) and adds its dynamic
// counts to a WalkStats. Programmatic conditions are evaluated exactly; `rand` / `wrand` draw from
// the RngStream passed in. walk_kernel_launch() walks every warp of every block that the
// representative SM receives (block b with b % sms == sm). It knows nothing of timing; occupancy
// comes from arch/core/occupancy.h. With a WalkTrace, walk_warp() also records every global/local access
// that has an address stream: its pc, how many warp instructions the warp executed before it, and
// its coalesced lines (workload/coalescer.h), exactly the lines the SM model would request.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "arch/memory/l1_cache.h"
#include "workload/kernel.h"
#include "common/rng.h"

namespace rfvar::arch {

struct WalkStats {
  double warp_instructions = 0;
  double active_lanes = 0;        // sum over warp instructions of active lanes
  double global_instructions = 0; // global / local loads and stores
  double offchip_requests = 0;    // expected L1 misses: sum of tx * (1 - l1) (stores: all of tx);
                                  // address streams: coalesced lines that miss in an L1 of the
                                  // warp's own (reuse within the warp only)
  double shared_instructions = 0;
  double alu_instructions = 0;    // SP and SFU arithmetic (not memory, branch, barrier, exit)
  double dp_instructions = 0;
  double barriers = 0;
  double divergent_ifs = 0;               // dynamic ifs that split the active lanes
  double divergent_ifs_programmatic = 0;  // ... of those, on a tid condition
  std::vector<double> reg_accesses;       // per register: warp-level reads + writes
  void add(const WalkStats& o);
};

// Blocks of a launch that SM `sm` of `sms` receives (GPGPU-Sim's round-robin block distribution).
int blocks_on_sm(int grid, int sm, int sms);
// Fraction of an SM's `registers_per_sm` allocated when `blocks` blocks of k are resident (GPGPU-Sim
// allocation: block padded to whole warps, registers rounded up to a multiple of 4).
double rf_fraction(const Kernel& k, int blocks, int registers_per_sm);

// One address-stream access of a warp, in the warp's dynamic order.
struct WarpAccess {
  std::uint32_t at = 0;     // warp instructions this warp executed before this one
  std::int32_t pc = 0;      // index into Kernel::code
  std::uint32_t first = 0;  // its lines are WalkTrace::lines[first, first + count)
  std::uint32_t count = 0;  // distinct lines (coalesced requests), 1..32
};
struct WalkTrace {
  std::vector<WarpAccess> accesses;
  std::vector<std::uint64_t> lines;  // line addresses (byte address / line bytes, region in the high bits)
  std::uint32_t instructions = 0;    // warp instructions of the whole walk
};

// `l1`: the geometry of the warp-private L1 behind WalkStats::offchip_requests and the line size of
// the coalescing (arch.l1_* in the config).
WalkStats walk_warp(const Kernel& k, const L1Cache::Params& l1, int block_id, int warp, RngStream& rng,
                    WalkTrace* trace = nullptr);
WalkStats walk_kernel_launch(const Kernel& k, const L1Cache::Params& l1, int grid, int sm, int sms, RngStream& rng);

}  // namespace rfvar::arch
