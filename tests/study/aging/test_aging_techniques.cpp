// Every aging technique's lifetime on a fixed PV SM (chip 0 of seed 2016 with the default
// parameters, SM 3; a two-kernel benchmark, workload seed 3, 7 years in 3 epochs) equals what the
// per-study tables (StudyRf switches of sm_lifetime) gave before the techniques were gathered into
// technique/ (values dumped from main 752d2f5): the aging hooks are a refactoring, bit for bit.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "arch/run.h"
#include "workload/kernel_parser.h"
#include "workload/kernel_workload.h"
#include "study/aging/sm_lifetime.h"
#include "technique/registry.h"
#include "tests/technique/fixture.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;

namespace {
struct Expected {
  const char* name;
  double ipc, fresh_period, aged_period, guardband;
  int critical_subbank;
  std::uint64_t vectors;  // digest of utilization, aged_delay, vbank_utilization, vbank_aged_delay
};
}  // namespace

TEST_CASE(
    "GIVEN the fixed PV SM WHEN every aging technique ages it THEN the lifetime equals the old tables'") {
  const technique::test::PvSm s;
  const technique::SmFresh fresh = technique::prepare_sm(s.sm, s.g, s.rp, true);
  // The tables were computed with issue allocating collector units directly; the SM pipeline in
  // front of the collectors is not what this test is about (tests/arch/test_issue_register.cpp is).
  Config config = s.config;
  config.set("arch.issue_to_collector=\"direct\"");
  const auto ap = arch::ArchParams::from_config(config);
  const auto np = nbti::NbtiParams::from_config(s.config);
  const arch::Benchmark b = arch::parse_benchmark(
      "rfvar-kernel 1\nbenchmark hotr0\nkernel k block=128 regs=4\n  ialu r1 = r2 r3\n  loop 60\n"
      "    ialu r0 = r0 r0\n  endloop\nend\nkernel p block=20 regs=4\n  ialu r0 = r0\n  loop 30\n"
      "    fmad r1 = r0 r2 r1\n  endloop\nend\nlaunch k grid=30\nlaunch p grid=40\n",
      "hotr0");
  const RngStream wl(3, 0, Stream::Workload);
  const arch::KernelWorkload kw(b, arch::workload_key(wl), ap.l1_line_bytes);
  const Expected expected[] = {
      {"baseline", 1.5051813471502591, 1.7661556005477905, 2.4197118584906283, 0.27009672893470638, 4,
       0xb961f57434022150ull},
      {"vl-rf", 1.3882915173237753, 1.3017934560775757, 1.90121194148718, 0.31528230615926112, -1,
       0x174c5cbb348be9edull},
      {"pv-opt", 1.5051813471502591, 1.5523591041564941, 1.8684037203373205, 0.16915220877625303, 26,
       0xf0fc41c00c28bfe8ull},
      {"pv-opt+nbti-opt", 1.5071335927367056, 1.5523591041564941, 1.820697837493493, 0.14738235406837952, 21,
       0xf5e300a28c38fc71ull},
      {"pv-opt+renaming", 1.5071335927367056, 1.5523591041564941, 1.7362093289298004, 0.1058917388069972, 26,
       0x830455c305849a9dull},
      {"pv-opt+reorg", 1.5051813471502591, 1.5523591041564941, 1.8156606725960422, 0.14501694750213323, 2,
       0xd6dc1059616cc23aull},
      {"pv-opt+nbti-opt-by-weight", 1.5071335927367056, 1.5523591041564941, 1.7440579571509702,
       0.10991541434071861, 23, 0x8efeb93167123b2eull},
  };
  // Every technique listed is an aging technique; one added later (not listed) still ages to a
  // guardband in [0, 1) below (adding a technique needs no change here: docs/models.md).
  const std::vector<std::string> aging = technique::names(technique::Role::aging);
  for (const Expected& e : expected) CHECK(std::find(aging.begin(), aging.end(), e.name) != aging.end());
  for (const std::string& name : aging) {
    if (std::any_of(std::begin(expected), std::end(expected), [&](const Expected& e) { return name == e.name; }))
      continue;
    CAPTURE(name);
    study::RunCache cache;
    const study::RunInputs in{&kw, 0, &ap, nullptr, &wl};
    const study::SmLifetime l =
        study::run_sm_lifetime(*technique::make_aging_technique(name), fresh, np, s.rp, s.g, in, cache, {7.0, 3});
    CHECK(l.ipc > 0.0);
    CHECK((l.guardband >= 0.0 && l.guardband < 1.0));
  }
  for (const Expected& e : expected) {
    CAPTURE(e.name);
    study::RunCache cache;
    const study::RunInputs in{&kw, 0, &ap, nullptr, &wl};
    const study::SmLifetime l =
        study::run_sm_lifetime(*technique::make_aging_technique(e.name), fresh, np, s.rp,
                               s.g, in, cache, {7.0, 3});
    technique::test::Digest x;
    x.vec(l.utilization);
    x.vec(l.aged_delay);
    x.vec(l.vbank_utilization);
    x.vec(l.vbank_aged_delay);
    CHECK(l.ipc == e.ipc);
    CHECK(l.fresh_period == e.fresh_period);
    CHECK(l.aged_period == e.aged_period);
    CHECK(l.guardband == e.guardband);
    CHECK(l.critical_subbank == e.critical_subbank);
    CHECK(x.h == e.vectors);
  }
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
