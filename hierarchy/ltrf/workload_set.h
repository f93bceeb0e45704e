// The LTRF study's workloads (LTRF §5: nine register-sensitive and five register-insensitive
// workloads) as data: the lists ltrf.kernels_register_sensitive / _insensitive of [ltrf] (the CUDA
// benchmarks compiled to PTX, `ptx:NAME`), and how a workload spec is loaded for
// the register-file hierarchy.
//
// Contract: load_ltrf_workload() loads any workload spec of frontend/load_workload.h (ptx:NAME, a
// harness .toml, an Accel-Sim folder, a .rftrace, a .kernel name or file) with
// hierarchy_workload_params(p); a plain NAME with a file data_dir()/kernels/ltrf/NAME.kernel
// (hand-written LTRF kernels, kept for tests and comparison) resolves to that file first. Its
// InputError adds the names of data/kernels/ltrf. hierarchy_workload_params() is `p` with
// arch.register_ids = "allocated": the RFC and LTRF passes (liveness, register-intervals,
// strands, prefetch sets) work on allocated registers, as LTRF's compiler does (LTRF §5: "we
// process the CFG of the register-allocated PTX code to form the register-intervals"; §3.2: the
// PREFETCH bit-vector has one bit per register the compiler can allocate), not on nvcc's virtual
// registers, which would make every virtual value a register-file-cache slot. So BL, Ideal and the
// cached designs of one study all run the same allocated code. Forms without PTX keep their ids
// (.kernel: < 64; Accel-Sim SASS: physical registers; a .rftrace: as recorded).
// load_ltrf_benchmark() is the `.kernel` resolution alone (rfvar l2-reuse). default: the sensitive
// list followed by the insensitive one, as read from the config; from_config() throws ConfigError
// for an empty list.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "arch/core/params.h"
#include "workload/i_workload.h"
#include "workload/kernel.h"
#include "common/config.h"

namespace rfvar::arch::ltrf {

struct LtrfWorkloads {
  std::vector<std::string> register_sensitive;    // expected: register file limits TLP on design #1
  std::vector<std::string> register_insensitive;  // expected: it does not

  static LtrfWorkloads from_config(const Config& c);
  std::vector<std::string> all() const;
};

ArchParams hierarchy_workload_params(const ArchParams& p);
std::unique_ptr<IWorkload> load_ltrf_workload(const std::string& spec, const ArchParams& p, std::uint64_t seed,
                                              const std::filesystem::path& trace_cache = {});
Benchmark load_ltrf_benchmark(const std::string& name);
// Names of the kernel files in data_dir()/kernels/ltrf (file stems, sorted).
std::vector<std::string> ltrf_only_benchmarks();

}  // namespace rfvar::arch::ltrf
