#include <doctest/doctest.h>

#include <cstdint>
#include <stdexcept>
#include <vector>

#include "nbti/utilization.h"

namespace {
namespace RFVAR_UNITY_ID {

using rfvar::Config;
using rfvar::InputError;
using namespace rfvar::nbti;

TEST_CASE("GIVEN per-sub-bank access counts WHEN converted THEN U = scale x accesses / cycles, clamped") {
  const std::vector<std::uint64_t> reads{0, 100, 200, 900};
  const std::vector<std::uint64_t> writes{0, 50, 50, 300};
  const auto u = activity_utilization(reads, writes, 1000, 4.0);
  REQUIRE(u.size() == 4);
  CHECK(u[0] == 0.0);
  CHECK(u[1] == doctest::Approx(0.6));
  CHECK(u[2] == doctest::Approx(1.0));
  CHECK(u[3] == 1.0);  // 4.8 clamped
  CHECK_THROWS_AS(activity_utilization(reads, std::vector<std::uint64_t>{1}, 1000, 4.0), std::invalid_argument);
  CHECK_THROWS_WITH_AS(activity_utilization(reads, writes, 0, 4.0), doctest::Contains("0 cycles"), InputError);
}

TEST_CASE("GIVEN allocated cycles WHEN converted THEN U is the allocated fraction, never above 1") {
  const std::vector<std::uint64_t> alloc{0, 250, 1000};
  const auto u = allocated_utilization(alloc, 1000);
  CHECK(u[0] == 0.0);
  CHECK(u[1] == doctest::Approx(0.25));
  CHECK(u[2] == 1.0);
  const std::vector<std::uint64_t> bad{10, 1200};
  CHECK_THROWS_WITH_AS(allocated_utilization(bad, 1000), doctest::Contains("sub-bank 1"), InputError);
  CHECK_THROWS_WITH_AS(allocated_utilization(bad, 1000), doctest::Contains("[0, 1]"), InputError);
}

TEST_CASE("GIVEN the configured source WHEN subbank_utilization runs THEN it uses that source") {
  const std::vector<std::uint64_t> reads{10, 20};
  const std::vector<std::uint64_t> writes{0, 0};
  const std::vector<std::uint64_t> alloc{500, 1000};
  const SubbankCounts counts{reads, writes, alloc, 1000};
  Config c = Config::load_default();
  c.set("nbti.activity_scale=2.0");
  const auto by_activity = subbank_utilization(NbtiParams::from_config(c), counts);
  CHECK(by_activity[0] == doctest::Approx(0.02));
  CHECK(by_activity[1] == doctest::Approx(0.04));
  c.set("nbti.utilization=allocated");
  const auto by_allocation = subbank_utilization(NbtiParams::from_config(c), counts);
  CHECK(by_allocation[0] == doctest::Approx(0.5));
  CHECK(by_allocation[1] == doctest::Approx(1.0));
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
