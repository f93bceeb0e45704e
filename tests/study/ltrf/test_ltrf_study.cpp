// Tests for study/ltrf/ltrf_study.h and study/ltrf/ltrf_workloads.h.
#include <doctest/doctest.h>

#include "hierarchy/design/design.h"
#include "workload/kernel_parser.h"
#include "common/config.h"
#include "study/ltrf/ltrf_study.h"
#include "study/ltrf/ltrf_workloads.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::study;

TEST_CASE(
    "GIVEN the --kernels selections WHEN resolved THEN default is LTRF's 13, all is Tan's, else the list") {
  const Config c = Config::load_default();
  const auto d = ltrf_workload_specs("default", c);
  CHECK(d.size() == 13);
  CHECK(d.front().rfind("ptx:", 0) == 0);
  CHECK(ltrf_workload_specs("all", c) == arch::available_benchmarks());
  CHECK(ltrf_workload_specs("nw,,hotspot", c) == std::vector<std::string>{"nw", "hotspot"});
}

TEST_CASE(
    "GIVEN one kernel WHEN the LTRF study runs THEN it ticks ltrf_study_runs() times and BL is 1 on #1") {
  const Config c = Config::load_default();
  const arch::ArchParams p = arch::ArchParams::from_config(c);
  const arch::hierarchy::HierarchyParams h = arch::hierarchy::HierarchyParams::from_config(c);
  LtrfStudyOptions o;
  o.designs = {"bl", "ltrf", "ideal"};
  o.config_id = 1;
  o.latencies = {4, 2, 4};  // 1x is added, the duplicate dropped: 3 sweep points
  const LoadedWorkloads w = load_ltrf_workloads({"nw"}, p, 1, {});
  REQUIRE(w.list.size() == 1);
  Progress bar("test", 0, false);
  const LtrfStudyResult r = run_ltrf_study(w.list, p, h, o, w.key, &bar);
  CHECK(ltrf_study_runs(1, o) == 2 + (1 + 3) + (1 + 3) + 1);
  CHECK(bar.done() == ltrf_study_runs(1, o));
  CHECK(r.runs == ltrf_study_runs(1, o));
  CHECK(r.latencies == std::vector<double>{1, 2, 4});
  CHECK(r.designs.front().per_kernel.front().norm_ipc == doctest::Approx(1.0));
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
