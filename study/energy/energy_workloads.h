// The workload selections of the energy study (`rfvar energy --kernels`).
//
// Contract: energy_workloads() lists every workload rfvar has: the `.kernel` benchmarks
// (arch::available_benchmarks(), then arch::ltrf::ltrf_only_benchmarks()) followed by each CUDA
// harness data_dir()/cuda/NAME/NAME.toml as ptx:NAME, sorted. resolve_energy_workloads() expands
// each item of a list in order: "all" = energy_workloads(), "hand" = those not starting with ptx:,
// "ptx" = those starting with ptx:, anything else is kept as given (a workload spec checked when
// loaded). Duplicates are kept.
#pragma once

#include <string>
#include <vector>

namespace rfvar::study {

std::vector<std::string> energy_workloads();
std::vector<std::string> resolve_energy_workloads(const std::vector<std::string>& items);

}  // namespace rfvar::study
