// GPU-wide L2 reuse of a benchmark's address streams: the probability `l2=` that an L1 miss of a
// global/local memory instruction hits in the L2, derived from the addresses of every block on every
// SM instead of set by hand (docs/kernel-format.md, "How `l2=` is derived"). The SM model simulates
// one SM and cannot see the reuse between blocks on different SMs; this walk can.
//
// Contract: derive_l2_reuse() is pure (no printing, no files) and deterministic for a given `rng`
// (which draws only the kernels' `rand` / `wrand` conditions). It walks every warp of every block
// of every launch (analysis/kernel_walk.h) over all `p.sms` SMs: block b runs on SM b % sms
// (GPGPU-Sim's round-robin distribution, as the SM model assumes), at most max_blocks_per_sm()
// (arch/core/occupancy.h) blocks resident per SM, an SM's next block dispatched when one of its blocks
// retires. Concurrency is approximated without timing: in each round every resident warp of every
// SM executes one warp instruction (SM 0 first, blocks and warps in order; analysis/gpu_rounds.h);
// barriers and latencies are not modelled. Each SM filters its coalesced line requests through its
// own L1 (L1Cache with arch.l1_*: loads allocate, stores write-evict and always go on; reset at each
// launch as the SM model's is), and every request that leaves an L1 goes to ONE shared L2 (L2Params;
// LRU tag array, linear set index = line % sets; write-back and write-allocate like GPGPU-Sim's
// GTX480 dl2, so stores are L2 accesses and allocate a line that later loads hit; l2_filter.h). The
// L2 keeps its contents from launch to launch (GPGPU-Sim -gpgpu_flush_l2_cache 0). Accesses without
// an address stream (tx= / l1=) are listed as not derivable and do not touch the caches.
// trace_l2_reuse.h derives the same from recorded warp traces (PTX, Accel-Sim workloads).
#pragma once

#include <cstdint>
#include <vector>

#include "arch/core/params.h"
#include "workload/kernel.h"
#include "common/config.h"
#include "common/rng.h"

namespace rfvar::arch {

// The GPU's L2 (GPGPU-Sim GTX480 `-gpgpu_cache:dl2 64:128:8,L:B:m:W`: 64 sets x 128 B x 8 ways in
// each of 6 partitions x 2 sub-partitions = 768 KB; modelled as one 768-set array).
struct L2Params {
  int size_bytes = 786432;
  int line_bytes = 128;
  int ways = 8;
  int sets() const { return size_bytes / (line_bytes * ways); }
  // arch.l2_size_bytes, arch.l2_line_bytes, arch.l2_ways; ConfigError if not a whole number of sets.
  static L2Params from_config(const Config& c);
  static L2Params from_arch(const ArchParams& p);  // ArchParams::l2_* (validated there)
};

// One global/local load or store of a kernel, summed over all its executions on all SMs.
struct L2InstrReuse {
  int kernel = 0;            // index into Benchmark::kernels
  int pc = 0;                // index into Kernel::code
  int line = 0;              // source line in the kernel file
  bool store = false;
  bool derivable = false;    // has an address stream (else tx= / l1=: no addresses, nothing derived)
  double file_l2 = 0.0;      // the file's l2=
  std::uint64_t line_requests = 0;  // coalesced line requests to the L1
  std::uint64_t l2_requests = 0;    // requests that left the L1 (load misses, all stores)
  std::uint64_t l2_hits = 0;
  // The derived `l2=`: hits / requests (meaningful only if l2_requests > 0).
  double derived_l2() const {
    return l2_requests > 0 ? static_cast<double>(l2_hits) / static_cast<double>(l2_requests) : 0.0;
  }
};

struct L2Reuse {
  std::vector<L2InstrReuse> instructions;  // every global/local load/store, by kernel, then pc
  std::uint64_t warp_instructions = 0;     // all SMs, all launches
  std::uint64_t l2_requests = 0;
  std::uint64_t l2_hits = 0;
};

L2Reuse derive_l2_reuse(const Benchmark& b, const ArchParams& p, const L2Params& l2, RngStream rng);

}  // namespace rfvar::arch
