#include "arch/ltrf/workload_set.h"

#include <algorithm>
#include <filesystem>

#include "arch/workload/kernel_parser.h"

namespace rfvar::arch::ltrf {

namespace {

std::vector<std::string> name_list(const Config& c, const std::string& key) {
  std::vector<std::string> v = c.get_string_list(key);
  if (v.empty()) throw ConfigError(c.origin(key) + ": config key '" + key + "' must name at least one kernel");
  return v;
}

}  // namespace

LtrfWorkloads LtrfWorkloads::from_config(const Config& c) {
  return {name_list(c, "ltrf.kernels_register_sensitive"), name_list(c, "ltrf.kernels_register_insensitive")};
}

std::vector<std::string> LtrfWorkloads::all() const {
  std::vector<std::string> v = register_sensitive;
  v.insert(v.end(), register_insensitive.begin(), register_insensitive.end());
  return v;
}

std::vector<std::string> ltrf_only_benchmarks() {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(data_dir() / "kernels" / "ltrf", ec))
    if (e.path().extension() == ".kernel") out.push_back(e.path().stem().string());
  std::sort(out.begin(), out.end());
  return out;
}

Benchmark load_ltrf_benchmark(const std::string& name) {
  const bool plain = name.find('/') == std::string::npos && !name.ends_with(".kernel");
  const std::filesystem::path own = data_dir() / "kernels" / "ltrf" / (name + ".kernel");
  if (plain && std::filesystem::exists(own)) return load_benchmark(own.string());
  try {
    return load_benchmark(name);
  } catch (const InputError& e) {
    std::string avail;
    for (const auto& n : ltrf_only_benchmarks()) avail += ", " + n;
    throw InputError(std::string(e.what()) + avail + " (data/kernels/ltrf)");
  }
}

}  // namespace rfvar::arch::ltrf
