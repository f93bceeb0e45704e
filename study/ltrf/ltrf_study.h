// The LTRF study (LTRF Fig. 9 and Fig. 11; issue 6): IPC of the register-file hierarchy designs
// per kernel, normalized to the baseline, at one main-RF design of Table 2, and the maximum
// tolerable main-RF latency of each design from a latency sweep.
//
// Contract: run_ltrf_study() runs, per workload (any front end, i_workload.h; workload_set.h loads
// them with allocated register ids; `key` = the workload key they were made with), (OpenMP over independent runs, results gathered
// by index, so the result does not depend on the thread count):
//  * the normalizer: BL on main-RF design #1 with the RFC's storage added to its capacity
//    (LTRF §5's fair baseline, rf_capacity.h) at 1x latency;
//  * each design at main-RF design `config_id` (capacity, banks, latency of Table 2; BL also gets
//    the RFC storage); Ideal always runs at ideal_capacity, design #1's banks, 1x latency;
//  * each design except Ideal at every latency of the sweep (1x is always run) on design #1's
//    capacity and banks (LTRF §6.3: latency varied, size constant).
//  * BL on the normalizer's main RF with every resident warp in the active set (two-level with
//    64 active warps per scheduler unit), for the cost of the two-level active set (Gebhart ISCA 2011):
//    two_level_ratio = normalizer IPC / this IPC.
// max_tolerable_latency of a design on a kernel = the largest latency L such that the IPC at
// every swept latency <= L is at least (1 - max_loss) x the design's own IPC at 1x, with linear
// interpolation between the last sweep point that passes and the first that fails; the sweep
// maximum if none fails (capped: `capped` is set); NaN for Ideal. Means are arithmetic over
// kernels. register_sensitive[k]: rf_capacity.h's register_sensitive() between design #1's capacity
// and the Ideal capacity (LTRF §5's two groups). Throws InputError for bad options (config id
// outside 1-7, a latency <= 0, max_loss outside (0, 1), active warps out of range, an unknown
// design, no kernel) and lets the interval formation's InputError through (N < an instruction's
// register count). The runs go in parallel over the ranks of `jobs` (null: this process) and each
// rank's threads (common/job_distributor.h); the result does not depend on either.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "arch/core/params.h"
#include "hierarchy/design/design.h"
#include "workload/i_workload.h"
#include "common/job_distributor.h"
#include "common/progress.h"

namespace rfvar::study {

struct LtrfStudyOptions {
  std::vector<std::string> designs = {"bl", "rfc", "ltrf", "ltrf+", "shrf", "ideal"};
  int config_id = 7;
  std::vector<double> latencies = {1, 2, 3, 4, 5, 6, 7, 8};
  double max_loss = 0.05;
};

struct LtrfKernelResult {
  double ipc = 0.0;                    // at config_id
  double norm_ipc = 0.0;               // ipc / normalizer IPC
  std::vector<double> sweep_ipc;       // [latencies] (empty for Ideal)
  double max_tolerable_latency = 0.0;  // NaN for Ideal
  bool capped = false;                 // no sweep point lost more than max_loss
  double dynamic_region_length = 0.0;  // ltrf/ltrf+/shrf at config_id: instructions per region entry
  double rfc_read_hit_rate = 0.0;      // rfc at config_id
};

struct LtrfDesignResult {
  std::string name;
  std::vector<LtrfKernelResult> per_kernel;  // [kernels]
  double mean_norm_ipc = 0.0;
  double max_tolerable_latency = 0.0;  // mean over kernels (NaN for Ideal)
};

struct LtrfStudyResult {
  std::vector<std::string> kernels;
  std::vector<bool> register_sensitive;  // [kernels] rf_capacity.h, design #1 vs ideal capacity
  std::vector<double> normalizer_ipc;  // [kernels]
  std::vector<double> all_active_ipc;  // [kernels] BL, every warp active
  double mean_two_level_ratio = 0.0;   // mean over kernels of normalizer_ipc / all_active_ipc
  std::vector<double> latencies;       // the sweep as run (sorted, with 1x)
  arch::ltrf::MainRfConfig config;
  double normalizer_capacity = 1.0;
  std::vector<LtrfDesignResult> designs;
  std::size_t runs = 0;
  double warp_instructions = 0.0;  // over all runs
};

// The checks of run_ltrf_study() that need no workload: designs, config_id, the latency sweep,
// max_loss in (0, 1), active warps; InputError naming the option and the accepted range.
void check_ltrf_study_options(const LtrfStudyOptions& o, const arch::hierarchy::HierarchyParams& h);

LtrfStudyResult run_ltrf_study(const std::vector<const arch::IWorkload*>& workloads,
                               const arch::ArchParams& p, const arch::hierarchy::HierarchyParams& h,
                               const LtrfStudyOptions& o, std::uint64_t key, Progress* progress = nullptr,
                               JobDistributor* jobs = nullptr);

// The SM runs run_ltrf_study() makes on `workloads` workloads (one progress tick each): per workload
// the normalizer, the all-active BL, and per design one run at config_id plus, except Ideal, one per
// latency of the sweep (with 1x, duplicates once).
std::size_t ltrf_study_runs(std::size_t workloads, const LtrfStudyOptions& o);

// The tolerable-latency rule above on one sweep (exposed for tests).
double max_tolerable_latency(const std::vector<double>& latencies, const std::vector<double>& ipc, double ref_ipc,
                             double max_loss, bool* capped);

}  // namespace rfvar::study
