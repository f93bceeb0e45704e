// Running a benchmark (all its kernel launches) on one SM under a technique.
//
// Contract: run_benchmark() is deterministic for a given (benchmark, params, technique, RF delays,
// workload key): the same inputs give bit-identical statistics on any thread and in any order.
// The workload key (memory hits, data-dependent branches) is derived from the RngStream
// (Stream::Workload) and does not depend on the chip, so techniques and chips are compared on the
// same dynamic workload. Progress is ticked once per kernel launch.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "arch/core/params.h"
#include "arch/core/sm_stats.h"
#include "arch/mapping/i_register_mapping.h"
#include "arch/sm/operand_path.h"
#include "arch/sm/rf_provider.h"
#include "arch/technique/technique.h"
#include "arch/workload/i_workload.h"
#include "arch/workload/kernel.h"
#include "common/progress.h"
#include "common/rng.h"

namespace rfvar::arch {

struct RunResult {
  SmStats stats;
  rfmodel::RfSetup last_setup;  // the setup of the last kernel launch
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

// A technique of technique_table() on one SM's delays (nullptr: the chip without PV). A non-empty
// `scheduler` replaces the technique's warp scheduler (an experiment knob, `rfvar sim --scheduler`).
// `key`: the workload key the workload was made with (workload_key() of its stream).
RunResult run_technique(const IWorkload& wl, const ArchParams& p, const rfmodel::RfParams& rp,
                        const std::string& technique, const varius::SmDelays* sm, const varius::RfGeometry& g,
                        std::uint64_t key, Progress* progress = nullptr, const std::string& scheduler = "");
// The same for a `.kernel` benchmark (its KernelWorkload with the key of `workload`).
RunResult run_technique(const Benchmark& b, const ArchParams& p, const rfmodel::RfParams& rp,
                        const std::string& technique, const varius::SmDelays* sm, const varius::RfGeometry& g,
                        const RngStream& workload, Progress* progress = nullptr, const std::string& scheduler = "");

// A technique on arch.gpu_sms SMs (arch/gpu.h): SM i gets the delays sms[i] (nullptr: without PV);
// sms.size() must be p.gpu_sms. With p.gpu_sms = 1 the result equals run_technique() bit-for-bit.
GpuRunResult run_technique_gpu(const IWorkload& wl, const ArchParams& p, const rfmodel::RfParams& rp,
                               const std::string& technique, const std::vector<const varius::SmDelays*>& sms,
                               const varius::RfGeometry& g, std::uint64_t key, Progress* progress = nullptr,
                               const std::string& scheduler = "");

}  // namespace rfvar::arch
