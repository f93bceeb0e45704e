#include "hierarchy/ltrf/workload_set.h"

#include <filesystem>

#include "frontend/load_workload.h"
#include "workload/kernel_parser.h"

namespace rfvar::arch::ltrf {

namespace {

std::vector<std::string> name_list(const Config& c, const std::string& key) {
  std::vector<std::string> v = c.get_string_list(key);
  if (v.empty()) throw ConfigError(c.origin(key) + ": config key '" + key + "' must name at least one kernel");
  return v;
}

// data_dir()/kernels/ltrf/NAME.kernel for a plain NAME with such a file, else empty.
std::filesystem::path own_kernel(const std::string& name) {
  const bool plain = name.find('/') == std::string::npos && name.find(':') == std::string::npos &&
                     !name.ends_with(".kernel");
  const std::filesystem::path own = data_dir() / "kernels" / "ltrf" / (name + ".kernel");
  std::error_code ec;
  return plain && std::filesystem::is_regular_file(own, ec) ? own : std::filesystem::path();
}

InputError with_ltrf_names(const InputError& e) {
  std::string avail;
  for (const auto& n : ltrf_only_benchmarks()) avail += ", " + n;
  return InputError(std::string(e.what()) + "; hand-written LTRF kernels (data/kernels/ltrf)" + avail);
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

ArchParams hierarchy_workload_params(const ArchParams& p) {
  ArchParams q = p;
  q.register_ids = RegisterIds::Allocated;  // LTRF §5: register-intervals on register-allocated PTX
  return q;
}

std::unique_ptr<IWorkload> load_ltrf_workload(const std::string& spec, const ArchParams& p, std::uint64_t seed,
                                              const std::filesystem::path& trace_cache) {
  const ArchParams q = hierarchy_workload_params(p);
  const std::filesystem::path own = own_kernel(spec);
  try {
    return load_workload(own.empty() ? spec : own.string(), q, seed, trace_cache);
  } catch (const InputError& e) {
    throw with_ltrf_names(e);
  }
}

Benchmark load_ltrf_benchmark(const std::string& name) {
  const std::filesystem::path own = own_kernel(name);
  if (!own.empty()) return load_benchmark(own.string());
  try {
    return load_benchmark(name);
  } catch (const InputError& e) {
    throw with_ltrf_names(e);
  }
}

}  // namespace rfvar::arch::ltrf
