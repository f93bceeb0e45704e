#include "arch/ltrf/workload_set.h"

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

std::vector<std::string> ltrf_only_benchmarks() { return benchmarks_in(data_dir() / "kernels" / "ltrf"); }

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
