// The LTRF study's default workloads (hierarchy/ltrf/workload_set.h, [ltrf] lists): LTRF §5's nine
// register-sensitive and five register-insensitive workloads, checked against the occupancy rule.
#include <doctest/doctest.h>

#include <cstdlib>
#include <set>
#include <string>

#include "hierarchy/design/design.h"
#include "hierarchy/design/kernel_liveness.h"
#include "frontend/load_workload.h"
#include "hierarchy/ltrf/rf_capacity.h"
#include "arch/run.h"
#include "hierarchy/ltrf/workload_set.h"
#include "workload/kernel_parser.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::arch;
using namespace rfvar::arch::ltrf;

TEST_CASE(
    "GIVEN the default [ltrf] lists WHEN their compiled workloads load THEN the 9 sensitive ones are register-limited on "
    "design #1 and the 4 insensitive ones are not") {
  const Config c = Config::load_default();
  const ArchParams p = ArchParams::from_config(c);
  const LtrfWorkloads w = LtrfWorkloads::from_config(c);
  CHECK(w.register_sensitive.size() == 9);
  CHECK(w.register_insensitive.size() == 4);  // every insensitive one of the 17 compiled benchmarks
  CHECK(w.all().size() == 13);
  // Loading interprets each harness's PTX: 22 s for all 13 in Release, 88 s under the sanitizers,
  // where the first two sensitive and the first insensitive workload cover the same code paths
  // (scripts/test.sh sets RFVAR_SANITIZED; the Release run checks all 13).
  const std::size_t n_sensitive = std::getenv("RFVAR_SANITIZED") ? 2 : w.register_sensitive.size();
  const std::size_t n_insensitive = std::getenv("RFVAR_SANITIZED") ? 1 : w.register_insensitive.size();
  for (std::size_t i = 0; i < n_sensitive; ++i) {
    const std::string& n = w.register_sensitive[i];
    CAPTURE(n);
    CHECK(n.starts_with("ptx:"));
    CHECK(register_sensitive(load_ltrf_workload(n, p, 1)->benchmark(), p, 1.0, 8.0));
  }
  for (std::size_t i = 0; i < n_insensitive; ++i) {
    const std::string& n = w.register_insensitive[i];
    CAPTURE(n);
    CHECK(n.starts_with("ptx:"));
    CHECK_FALSE(register_sensitive(load_ltrf_workload(n, p, 1)->benchmark(), p, 1.0, 8.0));
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

TEST_CASE(
    "GIVEN a PTX harness WHEN the hierarchy loads it THEN its ids are allocated (< 64); with GPGPU-Sim ids >= 64 the "
    "RFC and LTRF still run every access in their partitions; ids >= 256 are refused by name") {
  const Config c = Config::load_default();
  const ArchParams p = ArchParams::from_config(c);
  REQUIRE(p.register_ids == RegisterIds::GpgpuSim);  // the default, which the hierarchy overrides
  const auto alloc = load_ltrf_workload("ptx:hotspot-small", p, 1);
  CHECK(alloc->benchmark().kernels.at(0).reg_ids <= kMaxRegs);
  // GPGPU-Sim 3.1's numbering names nvcc's virtual registers: ids up to 81 here.
  const auto virt = load_workload("ptx:hotspot-small", p, 1);
  const Kernel& k = virt->benchmark().kernels.at(0);
  REQUIRE(k.reg_ids > kMaxRegs);
  REQUIRE(k.reg_ids <= ltrf::kMaxCfgRegs);
  const hierarchy::HierarchyParams h = hierarchy::HierarchyParams::from_config(c);
  const std::uint64_t key = workload_key(RngStream(1, 0, Stream::Workload));
  const hierarchy::MainRfShape one{1.0, 1.0, 1.0};
  const auto bl = hierarchy::run_design(*virt, p, h, hierarchy::Design::Bl, one, key);
  const auto rfc = hierarchy::run_design(*virt, p, h, hierarchy::Design::Rfc, one, key);
  const auto lt = hierarchy::run_design(*virt, p, h, hierarchy::Design::LtrfPlus, one, key);
  CHECK(rfc.stats.warp_instructions == bl.stats.warp_instructions);
  CHECK(lt.stats.warp_instructions == bl.stats.warp_instructions);
  CHECK(rfc.rfc.read_hits > 0);
  CHECK(lt.ltrf.partitions.accesses > 0);
  CHECK(lt.ltrf.partitions.misses == 0);  // every access of a region hits its prefetched working set
  // Ids beyond LTRF's 256-bit PREFETCH vector (LTRF §3.2): refused, naming the kernel and the fix.
  Kernel wide = k;
  wide.reg_ids = ltrf::kMaxCfgRegs + 1;
  CHECK_THROWS_WITH_AS(hierarchy::kernel_liveness(wide, false), doctest::Contains("allocated"), InputError);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
