// Trace cache of PTX-harness workloads (issue 15): the functional run of a CUDA harness on the PTX
// interpreter depends on neither chip nor technique, so its TraceWorkload is recorded once and
// replayed from a `.rftrace` file (workload/trace_file.h) by later processes.
//
// Contract: trace_cache_key() is 16 hex digits of an FNV-1a 64 hash of everything the harness's
// TraceWorkload depends on: a cache format tag, the trace file format version, the rfvar version,
// the bytes of the harness file, its PTX file (and its path, the Benchmark's source_file) and
// the PTX's `.regs` file, `seed`, and the arch
// parameters the translation and the trace L2 derivation read (register_ids, l1_line_bytes,
// l1_size_bytes, l1_ways, l2_size_bytes, l2_line_bytes, l2_ways, sms and the occupancy limits
// max_threads_per_sm, max_blocks_per_sm, registers_per_sm, smem_bytes_per_sm).
// cached_harness_workload() returns the workload of ptx::ptx_workload(harness, workload_options(p,
// seed), p): loaded from `cache_dir/<key>.rftrace` when that file loads, else built and saved there
// (the directory is created; the file is written as `.<key>.rftrace.tmp-<pid>` and renamed, so
// concurrent processes may race and the last rename wins with identical bytes). A file that does
// not load (corrupt, truncated, another format) is rebuilt, never an error. Replaying a cached
// workload gives bit-identical results to building it. An unwritable cache directory is an
// InputError naming it; harness errors are those of ptx_workload().
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

#include "arch/core/params.h"
#include "workload/trace_workload.h"

namespace rfvar::arch {

std::string trace_cache_key(const std::filesystem::path& harness_toml, const ArchParams& p, std::uint64_t seed);

TraceWorkload cached_harness_workload(const std::filesystem::path& harness_toml, const ArchParams& p,
                                      std::uint64_t seed, const std::filesystem::path& cache_dir);

}  // namespace rfvar::arch
