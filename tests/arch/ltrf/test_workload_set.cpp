// The LTRF study's default workloads (arch/ltrf/workload_set.h, [ltrf] lists): LTRF §5's nine
// register-sensitive and five register-insensitive workloads, checked against the occupancy rule.
#include <doctest/doctest.h>

#include <set>

#include "arch/ltrf/rf_capacity.h"
#include "arch/ltrf/workload_set.h"
#include "arch/workload/kernel_parser.h"

using namespace rfvar;
using namespace rfvar::arch;
using namespace rfvar::arch::ltrf;

TEST_CASE("GIVEN the default [ltrf] lists WHEN their kernels load THEN 9 are register-limited on design #1 and 5 are not") {
  const Config c = Config::load_default();
  const ArchParams p = ArchParams::from_config(c);
  const LtrfWorkloads w = LtrfWorkloads::from_config(c);
  CHECK(w.register_sensitive.size() == 9);
  CHECK(w.register_insensitive.size() == 5);
  CHECK(w.all().size() == 14);
  for (const auto& n : w.register_sensitive) {
    CAPTURE(n);
    CHECK(register_sensitive(load_ltrf_benchmark(n), p, 1.0, 8.0));
  }
  for (const auto& n : w.register_insensitive) {
    CAPTURE(n);
    CHECK_FALSE(register_sensitive(load_ltrf_benchmark(n), p, 1.0, 8.0));
  }
}

TEST_CASE("GIVEN the LTRF-only kernels WHEN the Tan kernel list is read THEN they are not in it, and bad names fail") {
  const auto tan = available_benchmarks();
  const std::set<std::string> tan_set(tan.begin(), tan.end());
  const auto own = ltrf_only_benchmarks();
  CHECK(own.size() >= 5);
  for (const auto& n : own) {
    CAPTURE(n);
    CHECK(tan_set.count(n) == 0);             // `rfvar ipc --kernels all` is unchanged
    CHECK(load_ltrf_benchmark(n).name == n);  // the file's benchmark line matches its stem
  }
  CHECK(load_ltrf_benchmark("hotspot").name == "hotspot");  // Tan's kernels still resolve
  CHECK_THROWS_WITH_AS(load_ltrf_benchmark("nosuch"), doctest::Contains("sgemm"), InputError);
  Config bad = Config::load_default();
  bad.set("ltrf.kernels_register_sensitive=[]");
  CHECK_THROWS_AS(LtrfWorkloads::from_config(bad), ConfigError);
}
