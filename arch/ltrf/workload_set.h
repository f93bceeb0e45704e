// The LTRF study's workloads (LTRF §5: nine register-sensitive and five register-insensitive
// workloads) as data: the lists ltrf.kernels_register_sensitive / _insensitive of [ltrf], whose
// kernel files live in data/kernels/ltrf/ (the study's own register-sensitive workloads, kept out of
// data/kernels/*.kernel so the Tan kernel set of `rfvar ipc --kernels all` is unchanged) or in
// data/kernels/ (Tan's kernels).
//
// Contract: load_ltrf_benchmark() resolves a plain name to data_dir()/kernels/ltrf/NAME.kernel if
// that file exists, else to load_benchmark(NAME) (data/kernels/NAME.kernel, or a path as given);
// its InputError lists the names accepted. default_ltrf_kernels() is the sensitive list followed by
// the insensitive one, as read from the config; from_config() throws ConfigError for an empty list.
#pragma once

#include <string>
#include <vector>

#include "arch/workload/kernel.h"
#include "common/config.h"

namespace rfvar::arch::ltrf {

struct LtrfWorkloads {
  std::vector<std::string> register_sensitive;    // expected: register file limits TLP on design #1
  std::vector<std::string> register_insensitive;  // expected: it does not

  static LtrfWorkloads from_config(const Config& c);
  std::vector<std::string> all() const;
};

Benchmark load_ltrf_benchmark(const std::string& name);
// Names of the kernel files in data_dir()/kernels/ltrf (file stems, sorted).
std::vector<std::string> ltrf_only_benchmarks();

}  // namespace rfvar::arch::ltrf
