#include "study/energy/energy_workloads.h"

#include <algorithm>
#include <filesystem>

#include "hierarchy/ltrf/workload_set.h"
#include "workload/kernel_parser.h"
#include "common/config.h"

namespace rfvar::study {

std::vector<std::string> energy_workloads() {
  std::vector<std::string> v = arch::available_benchmarks();
  for (const auto& n : arch::ltrf::ltrf_only_benchmarks()) v.push_back(n);
  std::vector<std::string> ptx;
  for (const auto& e : std::filesystem::directory_iterator(data_dir() / "cuda"))
    if (e.is_directory() && std::filesystem::exists(e.path() / (e.path().filename().string() + ".toml")))
      ptx.push_back("ptx:" + e.path().filename().string());
  std::sort(ptx.begin(), ptx.end());
  v.insert(v.end(), ptx.begin(), ptx.end());
  return v;
}

std::vector<std::string> resolve_energy_workloads(const std::vector<std::string>& items) {
  std::vector<std::string> out;
  for (const auto& s : items) {
    if (s == "all") {
      for (const auto& n : energy_workloads()) out.push_back(n);
    } else if (s == "hand") {
      for (const auto& n : energy_workloads())
        if (n.rfind("ptx:", 0) != 0) out.push_back(n);
    } else if (s == "ptx") {
      for (const auto& n : energy_workloads())
        if (n.rfind("ptx:", 0) == 0) out.push_back(n);
    } else {
      out.push_back(s);
    }
  }
  return out;
}

}  // namespace rfvar::study
