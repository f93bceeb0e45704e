// Test support: a functional (timing-free) walk of a benchmark's warps through the workload IR, to
// check the characteristics each kernel file claims (active lanes, register use, memory intensity).
//
// Contract: walk_warp() executes one warp of one block exactly as docs/kernel-format.md defines the
// control flow (structured SIMT ifs with reconvergence, loops with fixed trips, a part with no active
// lane is skipped, every branch / barrier / exit is one warp instruction) and adds its dynamic
// counts to a WalkStats. Programmatic conditions are evaluated exactly; `rand` / `wrand` draw from
// the RngStream passed in. walk_benchmark() walks every warp of every block that the representative
// SM receives (block b with b % sms == sm) in every launch. It knows nothing of timing.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "arch/workload/kernel.h"
#include "common/rng.h"

namespace rfvar::arch::test {

// GTX480 facts used by the characteristic checks (spec §4; GPGPU-Sim's max_cta).
inline constexpr int kSms = 15;
inline constexpr int kMaxThreadsPerSm = 1536;
inline constexpr int kMaxBlocksPerSm = 8;
inline constexpr int kRegistersPerSm = 32768;
inline constexpr int kSmemBytesPerSm = 49152;

struct WalkStats {
  double warp_instructions = 0;
  double active_lanes = 0;        // sum over warp instructions of active lanes
  double global_instructions = 0; // global / local loads and stores
  double offchip_requests = 0;    // expected L1 misses: sum of tx * (1 - l1) (stores: all of tx)
  double shared_instructions = 0;
  double alu_instructions = 0;    // SP and SFU arithmetic (not memory, branch, barrier, exit)
  double dp_instructions = 0;
  double barriers = 0;
  double divergent_ifs = 0;               // dynamic ifs that split the active lanes
  double divergent_ifs_programmatic = 0;  // ... of those, on a tid condition
  std::vector<double> reg_accesses;       // per register: warp-level reads + writes
  void add(const WalkStats& o);
};

// Blocks of a launch that SM `sm` receives (GPGPU-Sim's round-robin block distribution).
int blocks_on_sm(int grid, int sm = 0, int sms = kSms);
// GPGPU-Sim's max_cta: min(threads, smem, registers, 8) with the block padded to whole warps and
// registers rounded up to a multiple of 4.
int occupancy_blocks(const Kernel& k);
// Fraction of the SM's registers allocated when `blocks` blocks of k are resident.
double rf_fraction(const Kernel& k, int blocks);

WalkStats walk_warp(const Kernel& k, int block_id, int warp, RngStream& rng);
WalkStats walk_kernel_launch(const Kernel& k, int grid, RngStream& rng, int sm = 0);
WalkStats walk_benchmark(const Benchmark& b, RngStream& rng, int sm = 0);

}  // namespace rfvar::arch::test
