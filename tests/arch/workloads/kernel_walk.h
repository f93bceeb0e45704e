// Test support: a functional (timing-free) walk of a benchmark's warps through the workload IR, to
// check the characteristics each kernel file claims (active lanes, register use, memory intensity).
//
// Contract: walk_warp() executes one warp of one block exactly as docs/kernel-format.md defines the
// control flow (structured SIMT ifs with reconvergence, loops with fixed trips, a part with no active
// lane is skipped, every branch / barrier / exit is one warp instruction) and adds its dynamic
// counts to a WalkStats. Programmatic conditions are evaluated exactly; `rand` / `wrand` draw from
// the RngStream passed in. walk_kernel_launch() walks every warp of every block that the
// representative SM receives (block b with b % sms == sm). It knows nothing of timing; occupancy
// comes from the arch library (arch/occupancy.h).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "arch/workload/kernel.h"
#include "common/rng.h"

namespace rfvar::arch::test {

struct WalkStats {
  double warp_instructions = 0;
  double active_lanes = 0;        // sum over warp instructions of active lanes
  double global_instructions = 0; // global / local loads and stores
  double offchip_requests = 0;    // expected L1 misses: sum of tx * (1 - l1) (stores: all of tx);
                                  // address streams: coalesced lines that miss in an L1 of the
                                  // warp's own (16 KB, 4-way; reuse within the warp only)
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

WalkStats walk_warp(const Kernel& k, int block_id, int warp, RngStream& rng);
WalkStats walk_kernel_launch(const Kernel& k, int grid, int sm, int sms, RngStream& rng);

}  // namespace rfvar::arch::test
