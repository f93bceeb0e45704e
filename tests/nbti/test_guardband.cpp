#include <doctest/doctest.h>

#include <stdexcept>
#include <vector>

#include "nbti/guardband.h"

namespace {
namespace RFVAR_UNITY_ID {

using rfvar::Config;
using namespace rfvar::nbti;

namespace {
// Hand-made fresh and aged delays of four sub-banks.
AgedSubbanks hand_made() {
  AgedSubbanks a;
  a.fresh_delay = {1.00, 1.20, 1.50, 1.10};
  a.delay = {1.10, 1.35, 1.55, 1.40};
  return a;
}
}  // namespace

TEST_CASE("GIVEN hand-made delays WHEN guardbands are computed THEN GB = 1 - period_fresh / period_aged") {
  const AgedSubbanks a = hand_made();
  CHECK(guardband(1.0, 1.25) == doctest::Approx(0.2));
  SUBCASE("baseline: slowest sub-bank over all banks, 1.50 -> 1.55") {
    CHECK(baseline_guardband(a) == doctest::Approx(1.0 - 1.50 / 1.55));
  }
  SUBCASE("fixed fast set {0, 3}: 1.10 -> 1.40") {
    const std::vector<int> fast{0, 3};
    CHECK(fast_set_guardband(a, fast) == doctest::Approx(1.0 - 1.10 / 1.40));
  }
  SUBCASE("re-organized after aging: fast set {0, 3} -> {0, 1}, 1.10 -> 1.35") {
    const std::vector<int> fresh_fast{0, 3}, aged_fast{0, 1};
    CHECK(fast_set_guardband(a, fresh_fast, aged_fast) == doctest::Approx(1.0 - 1.10 / 1.35));
    CHECK(fast_set_guardband(a, fresh_fast, aged_fast) < fast_set_guardband(a, fresh_fast));
  }
  SUBCASE("the two fastest aged sub-banks are the re-organized fast set") {
    CHECK(fastest_subbanks(a.delay, 2) == std::vector<int>{0, 1});
    CHECK(fastest_subbanks(a.fresh_delay, 2) == std::vector<int>{0, 3});
    CHECK(fastest_subbanks(std::vector<double>{2.0, 1.0, 1.0, 0.5}, 2) == std::vector<int>{1, 3});  // tie: lower id
  }
  SUBCASE("bad sets are programming errors") {
    CHECK_THROWS_AS(fast_set_guardband(a, std::vector<int>{}), std::invalid_argument);
    CHECK_THROWS_AS(fast_set_guardband(a, std::vector<int>{4}), std::invalid_argument);
  }
}

TEST_CASE("GIVEN a PV-opt fast set WHEN stress moves off its slowest sub-bank THEN the guardband shrinks") {
  const NbtiParams p = NbtiParams::from_config(Config::load_default());
  // Sub-banks 0-3 fast (1.00..1.15), 4-5 slow; the clock covers 0-3.
  const std::vector<float> fresh{1.00f, 1.05f, 1.10f, 1.15f, 1.40f, 1.50f};
  const std::vector<float> dv0(6, 0.0f);
  const std::vector<int> fast{0, 1, 2, 3};
  const std::vector<double> hot_on_boundary{0.1, 0.1, 0.1, 0.9, 0.3, 0.3};
  const std::vector<double> hot_far_away{0.9, 0.1, 0.1, 0.1, 0.3, 0.3};  // NBTI-opt's aim (Tan §4.2)
  const double gb_boundary = fast_set_guardband(age_subbanks(p, fresh, dv0, hot_on_boundary, 7.0), fast);
  const double gb_far = fast_set_guardband(age_subbanks(p, fresh, dv0, hot_far_away, 7.0), fast);
  CHECK(gb_boundary > 0.0);
  CHECK(gb_far > 0.0);
  CHECK(gb_far < gb_boundary);
}

TEST_CASE("GIVEN a kept bank table WHEN latency classes are re-set on aged delays THEN the K fastest banks set the clock") {
  // Three virtual banks of two sub-banks; at chip test banks 0 and 1 are the two fast ones (worst 1.05, 1.12;
  // bank 2: 1.20). Aging pushes bank 1 (worst 1.50) past bank 2 (worst 1.40): Tan §4.1's "slowest bank in
  // the fastest ... banks under the aggregated PV and NBTI effects" is then bank 2's 1.40, not bank 1's 1.50.
  AgedSubbanks a;
  a.fresh_delay = {1.00, 1.05, 1.10, 1.12, 1.15, 1.20};
  a.delay = {1.10, 1.20, 1.50, 1.30, 1.25, 1.40};
  const std::vector<std::vector<int>> banks{{0, 1}, {2, 3}, {4, 5}};
  const std::vector<int> chip_test{0, 1, 2, 3};
  CHECK(fastest_bank_subbanks(a.fresh_delay, banks, 2) == chip_test);
  const std::vector<int> aged_rank = fastest_bank_subbanks(a.delay, banks, 2);
  CHECK(aged_rank == std::vector<int>{0, 1, 4, 5});
  CHECK(fast_set_guardband(a, chip_test) == doctest::Approx(1.0 - 1.12 / 1.50));
  CHECK(fast_set_guardband(a, chip_test, aged_rank) == doctest::Approx(1.0 - 1.12 / 1.40));
  SUBCASE("ties go to the lower bank index; bad counts are programming errors") {
    const std::vector<double> equal(6, 1.0);
    CHECK(fastest_bank_subbanks(equal, banks, 1) == std::vector<int>{0, 1});
    CHECK_THROWS_AS(fastest_bank_subbanks(a.delay, banks, 4), std::invalid_argument);
  }
}

TEST_CASE("GIVEN an RfSetup WHEN its fast sub-banks are listed THEN fast and hybrid-fast halves are included") {
  rfvar::rfmodel::RfSetup s = rfvar::rfmodel::RfSetup::ideal(4, 2, 2);
  s.subbank_of = {6, 7, 0, 1, 2, 5, 3, 4};  // virtual bank v -> physical sub-banks (2v, 2v+1)
  s.latency = {1, 1, 1, 1, 2, 2, 2, 2};     // virtual banks 0, 1 fast; 2, 3 slow
  s.hybrid_fast_lanes[2] = 0x0000FFFFu;     // bank 2 hybrid: lanes 0-15 live in physical sub-bank 2
  CHECK(fast_subbanks(s) == std::vector<int>{0, 1, 2, 6, 7});
  s.hybrid_fast_lanes[2] = 0;
  CHECK(fast_subbanks(s) == std::vector<int>{0, 1, 6, 7});
  CHECK(fast_subbanks(rfvar::rfmodel::RfSetup::ideal(4, 2, 2)).size() == 8);
}

TEST_CASE("GIVEN hand-made delays WHEN the slowest of a sub-bank set is asked THEN its delay and id, the first "
          "listed on a tie, and a clear error for an empty set or an id out of range") {
  const std::vector<double> d = {1.10, 1.40, 1.55, 1.40};
  CHECK(slowest_id(d, std::vector<int>{0, 1, 3}) == 1);  // 1.40 twice: the first listed
  CHECK(slowest_id(d, std::vector<int>{3, 1}) == 3);
  CHECK(slowest_of(d, std::vector<int>{0, 2}) == 1.55);
  CHECK(slowest_id(d, std::vector<int>{2, 0}) == 2);
  CHECK_THROWS_AS(slowest_id(d, std::vector<int>{}), std::invalid_argument);
  CHECK_THROWS_AS(slowest_of(d, std::vector<int>{4}), std::invalid_argument);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
