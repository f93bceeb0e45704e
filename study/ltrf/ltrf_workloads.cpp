#include "study/ltrf/ltrf_workloads.h"

#include <sstream>

#include "hierarchy/ltrf/workload_set.h"
#include "arch/run.h"
#include "workload/kernel_parser.h"
#include "common/rng.h"

namespace rfvar::study {

std::vector<std::string> ltrf_workload_specs(const std::string& selection, const Config& config) {
  if (selection == "default") return arch::ltrf::LtrfWorkloads::from_config(config).all();
  if (selection == "all") return arch::available_benchmarks();
  std::vector<std::string> out;
  std::stringstream ss(selection);
  for (std::string s; std::getline(ss, s, ',');)
    if (!s.empty()) out.push_back(s);
  return out;
}

LoadedWorkloads load_ltrf_workloads(const std::vector<std::string>& specs, const arch::ArchParams& p,
                                    std::uint64_t seed, const std::filesystem::path& trace_cache) {
  LoadedWorkloads w;
  for (const auto& s : specs) {
    w.owned.push_back(arch::ltrf::load_ltrf_workload(s, p, seed, trace_cache));
    w.list.push_back(w.owned.back().get());
  }
  w.key = arch::workload_key(RngStream(seed, 0, Stream::Workload));
  return w;
}

}  // namespace rfvar::study
