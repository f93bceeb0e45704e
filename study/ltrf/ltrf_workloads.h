// The workloads of the LTRF study (`rfvar ltrf --kernels`), chosen and loaded.
//
// Contract: ltrf_workload_specs(selection, config): "default" = LTRF §5's 9 register-sensitive and
// 4 insensitive workloads (ltrf.kernels_register_sensitive / _insensitive, CUDA compiled to PTX),
// "all" = Tan's hand-written benchmarks (arch::available_benchmarks()), anything else a
// comma-separated list of workload specs (empty items dropped). load_ltrf_workloads() loads each
// spec in order with arch::ltrf::load_ltrf_workload() (any front end, allocated register ids, PTX
// traces through `trace_cache`) and returns them with the workload key they were made with
// (load_workload()'s: the Workload stream of `seed`), as run_ltrf_study() takes them. A spec that
// cannot be loaded is the loader's InputError.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "arch/core/params.h"
#include "workload/i_workload.h"
#include "common/config.h"

namespace rfvar::study {

std::vector<std::string> ltrf_workload_specs(const std::string& selection, const Config& config);

struct LoadedWorkloads {
  std::vector<std::unique_ptr<arch::IWorkload>> owned;
  std::vector<const arch::IWorkload*> list;  // owned, in spec order
  std::uint64_t key = 0;
};

LoadedWorkloads load_ltrf_workloads(const std::vector<std::string>& specs, const arch::ArchParams& p,
                                    std::uint64_t seed, const std::filesystem::path& trace_cache);

}  // namespace rfvar::study
