// Why pv-opt+nbti-opt's guardband can exceed pv-opt's (docs/findings.md, "Where NBTI-opt loses to
// PV-opt (MM, NW, PNS, SLA)"): both mechanisms follow Tan §4.2 and are pinned here on hand-made kernels.
//   1. Renaming (§4.2.1) with one 8-warp block of hot R0-R3 (PNS's and SLA's shape): the last-warp
//      order sends the banks holding R0 of warps 3-6 to the slowest fast banks 7-10, so the banks next
//      to the boundary carry more stress than under pv-opt and the aged clock is slower.
//   2. Re-organization (§4.2.2) with half-warp blocks (NW's shape): only lanes 0-15 are accessed, so
//      under pv-opt the sub-bank holding lanes 16-31 of every bank never ages; re-pairing by aged delay
//      every epoch rotates the stress over the sub-banks, and since Eq. 1-2 age a lightly used sub-bank
//      a large fraction of a busy one's shift, more sub-banks age.
#include <doctest/doctest.h>

#include <algorithm>

#include "tests/study/aging/sm_setup.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::nbti;
using namespace rfvar::study;

namespace {

// One 8-warp block per SM (grid = 15 SMs) whose R0-R3 are hot and R4-R7 cool.
constexpr const char* kHotR0R3Block8 =
    "rfvar-kernel 1\n"
    "benchmark hot4x8\n"
    "description one 8-warp block per SM using r0-r3 hard\n"
    "kernel k block=256 regs=8\n"
    "  ialu r4 = r5 r6\n"
    "  ialu r7 = r4\n"
    "  loop 60\n"
    "    ialu r0 = r1 r2\n"
    "    ialu r3 = r0 r3\n"
    "  endloop\n"
    "end\n"
    "launch k grid=15\n";

// Half-warp blocks (16 threads: lanes 0-15 only) using r0 hard.
constexpr const char* kHalfWarpHotR0 =
    "rfvar-kernel 1\n"
    "benchmark halfwarp\n"
    "description 16-thread blocks using r0 hard\n"
    "kernel k block=16 regs=4\n"
    "  ialu r1 = r2 r3\n"
    "  loop 60\n"
    "    ialu r0 = r0 r0\n"
    "  endloop\n"
    "end\n"
    "launch k grid=60\n";

// The fixture's SM with its 10 slowest sub-banks (the chip-test slow set, 22 of 32 fast) moved far out,
// so that no slow bank can overtake an aged fast one: the aged clock is then set by the fast banks.
varius::SmDelays far_slow_sm(const varius::RfGeometry& g) {
  varius::SmDelays sm = test::permuted_sm(g);
  for (float& d : sm.reg_delay)
    if (d >= 1.215f) d += 0.5f;
  return sm;
}

double mean_of(const std::vector<double>& v, std::size_t first, std::size_t last) {
  double s = 0.0;
  for (std::size_t i = first; i <= last; ++i) s += v[i];
  return s / static_cast<double>(last - first + 1);
}

long idle_subbanks(const SmLifetime& l) {
  return std::count_if(l.utilization.begin(), l.utilization.end(), [](double u) { return u == 0.0; });
}

}  // namespace

TEST_CASE("GIVEN one 8-warp block per SM with hot R0-R3 WHEN pv-opt+renaming ages 7 years THEN the fast banks "
          "next to the boundary (7-10) carry more stress than under pv-opt and the guardband grows") {
  test::SmSetup t(far_slow_sm, false, kHotR0R3Block8, "hot4x8", 3);
  t.np.activity_scale = 1.0;  // no sub-bank clamped at U = 1, so moved stress shows
  const SmLifetime pv = t.life("pv-opt", 1);
  const SmLifetime ren = t.life("pv-opt+renaming", 1);
  CAPTURE(pv.vbank_utilization);
  CAPTURE(ren.vbank_utilization);
  // Tan's order (R0, R1, ... of warp 7: banks 7, 8, ...) reaches banks 3-6, which hold R0-R3 of
  // four warps each, last among the fast banks: virtual banks 7-10 get them.
  CHECK(mean_of(ren.vbank_utilization, 7, 10) > 1.2 * mean_of(pv.vbank_utilization, 7, 10));
  CHECK(ren.vbank_utilization[0] > 2.0 * pv.vbank_utilization[0]);    // R0 of warp 7's bank -> virtual bank 0
  CHECK(ren.vbank_utilization[10] > 2.0 * pv.vbank_utilization[10]);  // R0 of warp 6's bank -> virtual bank 10
  // The boundary sub-bank sets the aged clock under both; renaming stresses it more.
  CHECK(ren.critical_subbank == pv.critical_subbank);
  CHECK(ren.utilization[static_cast<std::size_t>(ren.critical_subbank)] >
        2.0 * pv.utilization[static_cast<std::size_t>(pv.critical_subbank)]);
  CHECK(ren.fresh_period == pv.fresh_period);
  CHECK(ren.guardband > pv.guardband);
}

TEST_CASE("GIVEN half-warp blocks with a hot R0 WHEN pv-opt and pv-opt+reorg age over 7 epochs THEN pv-opt "
          "leaves the lanes 16-31 sub-banks unstressed, re-organization spreads the stress over more sub-banks "
          "and a lightly stressed one that pv-opt never used sets a slower aged clock") {
  test::SmSetup t(test::permuted_sm, false, kHalfWarpHotR0, "halfwarp", 3);
  t.np.activity_scale = 1.0;  // no sub-bank clamped at U = 1: both spread the same accesses
  const SmLifetime pv = t.life("pv-opt", 7);
  const SmLifetime reorg = t.life("pv-opt+reorg", 7);
  CAPTURE(pv.utilization);
  CAPTURE(reorg.utilization);
  CHECK(idle_subbanks(pv) >= 16);  // the second sub-bank of every virtual bank is never accessed
  CHECK(idle_subbanks(reorg) < idle_subbanks(pv));
  // The same work (the runs only differ by which sub-bank serves a virtual position).
  double sum_pv = 0.0, sum_reorg = 0.0;
  for (std::size_t s = 0; s < pv.utilization.size(); ++s) {
    sum_pv += pv.utilization[s];
    sum_reorg += reorg.utilization[s];
  }
  CHECK(sum_reorg == doctest::Approx(sum_pv).epsilon(1e-9));
  // Eq. 1-2 are concave in U, so spreading the same stress ages more sub-banks by more in total.
  double shift_pv = 0.0, shift_reorg = 0.0;
  for (std::size_t s = 0; s < pv.dvth_V.size(); ++s) {
    shift_pv += pv.dvth_V[s];
    shift_reorg += reorg.dvth_V[s];
  }
  CHECK(shift_reorg > shift_pv);
  // NW's case: the aged clock is set by a sub-bank near the boundary that pv-opt never used and
  // re-organization stressed lightly, and it ends slower than pv-opt's critical one.
  const auto crit = static_cast<std::size_t>(reorg.critical_subbank);
  const double hottest = *std::max_element(pv.utilization.begin(), pv.utilization.end());
  CHECK(pv.utilization[crit] == 0.0);
  CHECK(reorg.utilization[crit] > 0.0);
  CHECK(reorg.utilization[crit] < 0.25 * hottest);
  CHECK(reorg.fresh_period == pv.fresh_period);
  CHECK(reorg.guardband > pv.guardband);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
