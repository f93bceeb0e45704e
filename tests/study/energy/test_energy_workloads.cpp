// Tests for study/energy/energy_workloads.h.
#include <doctest/doctest.h>

#include <algorithm>

#include "study/energy/energy_workloads.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar::study;

TEST_CASE("GIVEN the workload selections WHEN resolved THEN all = hand then ptx, and a spec stays as given") {
  const auto all = resolve_energy_workloads({"all"});
  const auto hand = resolve_energy_workloads({"hand"});
  const auto ptx = resolve_energy_workloads({"ptx"});
  REQUIRE(!hand.empty());
  REQUIRE(!ptx.empty());
  CHECK(all == energy_workloads());
  CHECK(all.size() == hand.size() + ptx.size());
  CHECK(std::equal(hand.begin(), hand.end(), all.begin()));
  CHECK(std::equal(ptx.begin(), ptx.end(), all.begin() + static_cast<std::ptrdiff_t>(hand.size())));
  for (const auto& n : ptx) CHECK(n.rfind("ptx:", 0) == 0);
  CHECK(std::is_sorted(ptx.begin(), ptx.end()));
  const auto mixed = resolve_energy_workloads({"bfs", "ptx", "x.kernel"});
  CHECK(mixed.front() == "bfs");
  CHECK(mixed.back() == "x.kernel");
  CHECK(mixed.size() == ptx.size() + 2);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
