// Running a benchmark (all its kernel launches) on one SM, or on arch.gpu_sms SMs, under a policy
// and register-file providers (technique/simulate.h runs a named technique).
//
// Contract: every run is deterministic for a given (benchmark, params, policy, RF providers,
// workload key): the same inputs give bit-identical statistics on any thread and in any order.
// The workload key (memory hits, data-dependent branches) is derived from the RngStream
// (Stream::Workload) and does not depend on the chip, so techniques and chips are compared on the
// same dynamic workload. Progress is ticked once per kernel launch.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <tuple>
#include <vector>

#include "arch/core/params.h"
#include "arch/core/sm_stats.h"
#include "arch/mapping/i_register_mapping.h"
#include "arch/run_policy.h"
#include "arch/sm/operand_path.h"
#include "arch/sm/rf_provider.h"
#include "workload/i_workload.h"
#include "workload/kernel.h"
#include "common/progress.h"
#include "common/rng.h"

namespace rfvar::arch {

// One kernel launch's share of a run: the counters' growth over the launch, summed over the SMs.
// `cycles` is the launch's elapsed time: the most cycles any SM's clock advanced (all SMs end a
// launch together, arch/gpu.h; with arch.gpu_clocks = "pv" in that SM's own cycles).
struct LaunchStats {
  std::uint64_t cycles = 0;
  std::uint64_t warp_instructions = 0, thread_instructions = 0;
  std::uint64_t l1_load_requests = 0, l1_hits = 0, l1_merges = 0;  // SmStats::l1_hit_rate()'s terms
  std::uint64_t l1_const_requests = 0, l1_const_hits = 0;           // and l1_data_hit_rate()'s
  std::uint64_t l2_hits = 0, dram_accesses = 0;  // requests past the L1: L2 hits, L2 misses (one line each)
  std::uint64_t dram_writes = 0;                 // DRAM write requests (SmStats::dram_writes)
  // The virtualized register file and register sharing (SmStats' vrf_* and share_*; 0 without them):
  // peaks are the most over the SMs, the others sums.
  std::uint64_t vrf_peak_regs = 0, vrf_peak_blocks = 0, share_global_loads = 0, share_hits = 0;
  std::uint64_t share_partial_hits = 0;
  double vrf_reg_cycles = 0.0;
  // The counters summed over SMs and differenced between launches, read from a LaunchStats or from an
  // SmStats (same names; common/counters.h); cycles and the peaks are maxima, not sums.
  template <class S>
  static auto summed(S& s) {
    return std::tie(s.warp_instructions, s.thread_instructions, s.l1_load_requests, s.l1_hits, s.l1_merges,
                    s.l1_const_requests, s.l1_const_hits, s.l2_hits, s.dram_accesses, s.dram_writes,
                    s.share_global_loads, s.share_hits, s.share_partial_hits, s.vrf_reg_cycles);
  }
  double l1_hit_rate() const {
    return l1_load_requests ? static_cast<double>(l1_hits + l1_merges) / static_cast<double>(l1_load_requests) : 0.0;
  }
  double l1_data_hit_rate() const {
    const std::uint64_t n = l1_load_requests - l1_const_requests;
    return n ? static_cast<double>(l1_hits + l1_merges - l1_const_hits) / static_cast<double>(n) : 0.0;
  }
  double l2_hit_rate() const {
    const std::uint64_t n = l2_hits + dram_accesses;
    return n ? static_cast<double>(l2_hits) / static_cast<double>(n) : 0.0;
  }
  // Warp instructions per elapsed cycle of the whole GPU (all SMs together).
  double ipc() const { return cycles ? static_cast<double>(warp_instructions) / static_cast<double>(cycles) : 0.0; }
};

struct RunResult {
  SmStats stats;
  rfmodel::RfSetup last_setup;  // the setup of the last kernel launch
  std::vector<LaunchStats> per_launch;  // [launch], in launch order
};

// The N-SM mode (arch/gpu.h): `stats` sums the SMs' (stats.ipc() = mean IPC per SM), last_setup is
// SM 0's; per SM its statistics and clock.
struct GpuRunResult : RunResult {
  std::vector<SmStats> per_sm;
  std::vector<double> clock_norm;
  std::uint64_t l2_tag_hits = 0, l2_tag_misses = 0;
};

// The 64-bit workload key of the SM's and the `.kernel` front end's draws (workload_draw(), draw.h).
std::uint64_t workload_key(const RngStream& workload);

// The building block: any workload (i_workload.h), scheduler, mapping and setup provider.
RunResult run_workload(const IWorkload& wl, const ArchParams& p, const std::string& scheduler,
                       std::unique_ptr<IRegisterMapping> mapping, IRfProvider& rf, std::uint64_t key,
                       IOperandPath* path = nullptr, Progress* progress = nullptr);

// A `.kernel` benchmark: run_workload() on its KernelWorkload (kernel_workload.h) with the key of
// `workload`.
RunResult run_benchmark(const Benchmark& b, const ArchParams& p, const std::string& scheduler,
                        std::unique_ptr<IRegisterMapping> mapping, IRfProvider& rf, const RngStream& workload,
                        IOperandPath* path = nullptr, Progress* progress = nullptr);

// One entry point for one SM and arch.gpu_sms SMs under `policy`, SM i reading its register file
// from rf[i]: with p.gpu_sms == 1 (rf.size() must be 1) run_workload() on one SM (per_sm and
// clock_norm stay empty); with p.gpu_sms = N > 1 (rf.size() must be N) the N-SM mode of arch/gpu.h.
// `key`: the workload key the workload was made with (workload_key() of its stream). Throws
// std::invalid_argument when rf.size() differs from p.gpu_sms, InputError for an unknown mapping or
// scheduler.
GpuRunResult run_sms(const IWorkload& wl, const ArchParams& p, const SmPolicy& policy, std::span<IRfProvider* const> rf,
                     std::uint64_t key, Progress* progress = nullptr);

}  // namespace rfvar::arch
