// One workload spec (`--kernel` / `--kernels` value, `rfvar trace` argument) -> the workload the SM
// runs, whichever front end makes it.
//
// Contract: load_workload() resolves `spec`, in this order:
//   `ptx:NAME`                    the CUDA harness data_dir()/cuda/NAME/NAME.toml (or NAME.toml in any
//                                 folder of data_dir()/cuda, e.g. ptx:hotspot-small), run on the PTX
//                                 interpreter (ptx/to_workload.h) with `seed` and arch.register_ids
//   FILE.toml                     a CUDA harness file, likewise
//   FOLDER or .../kernelslist.g   an Accel-Sim trace folder (frontend/accelsim/), lines of arch.l1_line_bytes
//   FILE.rftrace, or any file     a saved trace file (workload/trace_file.h); its line size must
//   starting with "RFVTRACE"      be arch.l1_line_bytes
//   NAME or FILE.kernel           the `.kernel` front end exactly as arch::run_benchmark() runs it:
//                                 load_benchmark(spec) (data_dir()/kernels/NAME.kernel, or a path), its
//                                 KernelWorkload with key workload_key(RngStream(seed, 0,
//                                 Stream::Workload)) and arch.l1_line_bytes
// The workload's benchmark().name is its display name. Every error is an InputError naming the
// file (and line or key, from the front end) and, when the spec matches no form, the accepted forms.
// A non-empty `trace_cache` (a directory) caches the PTX harness forms (ptx:NAME, FILE.toml) as
// `.rftrace` files there (frontend/workload_cache.h): a later load of the same harness, seed and arch
// parameters replays the file instead of interpreting, with identical results. Nothing else is
// cached: a caller that loads a spec twice gets two workloads.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

#include "arch/core/params.h"
#include "workload/i_workload.h"

namespace rfvar::arch {

std::unique_ptr<IWorkload> load_workload(const std::string& spec, const ArchParams& p, std::uint64_t seed,
                                         const std::filesystem::path& trace_cache = {});

// The accepted spec forms, one line each, for help texts and error messages.
std::string workload_spec_forms();

}  // namespace rfvar::arch
