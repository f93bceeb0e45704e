// A PTX harness run as the SM's workload (arch::TraceWorkload): static code per launched kernel,
// register ids under arch.register_ids, register facts and L2 hit probabilities from the traces.
//
// Contract: ptx_workload() makes one arch::Kernel per distinct (entry, block shape, dynamic shared
// bytes) launched, in order of first launch (static_kernel.h: code[pc] = the entry's instruction
// pc, name = entry name, block_threads, smem_bytes = static + dynamic shared, regs_per_thread = the
// entry's count in the `ptxas -v` output <ptx stem>.regs beside the PTX: a missing file or entry is
// an InputError naming the file), and one Launch per harness launch (grid = all blocks) with its
// trace. Register ids (opt.ids): RegisterIds::GpgpuSim = GPGPU-Sim 3.1's numbering
// (register_ids.h), RegisterIds::Allocated = a liveness allocation to ids 0..62 (reg_alloc.h).
// reg_lanes, static_reg_weight and pvd_regs come from the traces of all blocks (register_use.h).
// Every global/local load and store gets l2_hit = its L2 hit rate over the whole run on p.sms SMs
// (analysis/trace_l2_reuse.h, with the L2 of arch.l2_*; 0 if no request reached the L2); l1_hit
// stays 0 (the SM's L1 tags decide). opt.line_bytes is the trace's line size and must equal
// arch.l1_line_bytes (ConfigError otherwise). The path overload loads the harness, runs it with
// opt.seed and opt.line_bytes (harness.h) and translates the run. Deterministic for given inputs.
#pragma once

#include <cstdint>
#include <filesystem>

#include "arch/core/params.h"
#include "ptx/harness.h"
#include "workload/trace_workload.h"

namespace rfvar::arch::ptx {

using arch::RegisterIds;  // arch/core/params.h: GpgpuSim, Allocated

struct WorkloadOptions {
  RegisterIds ids = RegisterIds::GpgpuSim;
  std::uint64_t seed = 1;
  int line_bytes = 128;
  bool keys = false;  // record WarpTrace::keys (register sharing, sharing.mode != "off")
  Limits limits;  // [limits] (common/limits.h): instructions, loop passes, buffers, input size
};

// Options from the configuration: ids = arch.register_ids, line_bytes = arch.l1_line_bytes,
// limits = [limits].
WorkloadOptions workload_options(const ArchParams& p, std::uint64_t seed = 1);

TraceWorkload ptx_workload(const Harness& h, const HarnessRun& run, const WorkloadOptions& opt,
                           const ArchParams& p);
TraceWorkload ptx_workload(const std::filesystem::path& harness_toml, const WorkloadOptions& opt,
                           const ArchParams& p);

}  // namespace rfvar::arch::ptx
