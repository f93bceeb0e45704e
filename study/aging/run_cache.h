// SM cycle-model runs of a benchmark under a study technique's SmRfPlan, cached by everything that
// affects them.
//
// Contract: run_canonical() runs the SM model (arch::run_benchmark) with a provider that hands the
// SM canonical[entry_for(h)] at each kernel launch and returns the run's cycles and instructions and
// its per-sub-bank counters in virtual positions, summed per plan entry. to_physical() maps them
// through a plan's real subbank_of: for any plan with the same key the result equals a direct run
// under the real setups (run_direct(), the uncached reference). RunCache memoizes run_canonical()
// by (benchmark id, mapping, scheduler, renaming, plan key); it belongs to one study, so the arch
// parameters and the workload stream are fixed for its lifetime. get() is thread-safe and computes
// each entry once: a thread asking for an entry another thread is computing waits for it (a run that
// threw rethrows in every waiter).
// The N-SM mode (arch.gpu_sms = N > 1, arch/gpu.h): run_canonical_gpu() runs one arch::Gpu of N
// SMs, SM i under plans[i] (canonical setups, as above), and returns each SM's CanonicalRun from its
// own statistics (its cycles count every launch whole, idle tail included); get_gpu() memoizes it
// by the benchmark, the policy and the N plan keys in SM order. The canonical setups run at clock 1,
// which is the run under the real setups only with arch.gpu_clocks = "equal" (every SM at the
// reference clock): run_canonical_gpu() throws std::invalid_argument for "pv" or a plan count other
// than arch.gpu_sms.
#pragma once

#include <cstdint>
#include <future>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "arch/core/params.h"
#include "arch/core/sm_stats.h"
#include "arch/run_policy.h"
#include "workload/i_workload.h"
#include "workload/kernel.h"
#include "common/rng.h"
#include "technique/rf_plan.h"

namespace rfvar::study {

using technique::SmRfPlan;

// Per-sub-bank counters of a run (virtual positions in a CanonicalRun, physical ids after
// to_physical()).
struct SubbankTotals {
  std::vector<std::uint64_t> reads, writes;  // [banks * S]
  std::vector<double> allocated_row_cycles;  // [banks * S]
  void add(const SubbankTotals& o, std::span<const int> position_to_id);
};

struct CanonicalRun {
  std::uint64_t cycles = 0;
  std::uint64_t warp_instructions = 0;
  double ipc = 0.0;
  // Register-file accesses (reads and writes) of more than one cycle, and all of them (SmStats).
  std::uint64_t slow_accesses = 0, rf_accesses = 0;
  std::vector<SubbankTotals> by_entry;  // [plan entries]: launches that used that entry
};

// What a run depends on besides the plan.
struct RunInputs {
  const arch::IWorkload* benchmark = nullptr;  // the workload (any front end, workload/i_workload.h)
  int benchmark_id = 0;  // distinguishes benchmarks in the cache key
  const arch::ArchParams* arch = nullptr;
  const arch::SmPolicy* policy = nullptr;  // mapping, scheduler, renaming
  const RngStream* workload = nullptr;  // the workload stream: arch::workload_key() of it is the run's key
};

CanonicalRun run_canonical(const RunInputs& in, const SmRfPlan& plan);
SubbankTotals to_physical(const CanonicalRun& run, const SmRfPlan& plan);

std::vector<CanonicalRun> run_canonical_gpu(const RunInputs& in, std::span<const SmRfPlan* const> plans);

// The uncached reference: a run under plan.real, counters already physical.
arch::SmStats run_direct(const RunInputs& in, const SmRfPlan& plan);

class RunCache {
 public:
  explicit RunCache(bool enabled = true) : enabled_(enabled) {}
  std::shared_ptr<const CanonicalRun> get(const RunInputs& in, const SmRfPlan& plan);
  std::shared_ptr<const std::vector<CanonicalRun>> get_gpu(const RunInputs& in,
                                                           std::span<const SmRfPlan* const> plans);
  std::uint64_t hits() const { return hits_; }
  std::uint64_t misses() const { return misses_; }

 private:
  template <class T>
  using Entries = std::unordered_map<std::string, std::shared_future<std::shared_ptr<const T>>>;
  template <class T, class Run>
  std::shared_ptr<const T> memo(Entries<T>& entries, std::string key, Run&& run);

  bool enabled_;
  std::mutex mutex_;
  Entries<CanonicalRun> runs_;
  Entries<std::vector<CanonicalRun>> gpu_runs_;
  std::uint64_t hits_ = 0, misses_ = 0;
};

}  // namespace rfvar::study
