// SmLifetime::slow_access_fraction (study/aging/sm_lifetime.h): the register-file accesses of more
// than one cycle over all accesses of the lifetime's runs. On the fixed PV SM of
// test_aging_techniques.cpp: the baseline's accesses are all one cycle (fraction 0); pv-opt's
// (one plan, one run) equal those of the uncached run under its real plan (run_direct, SmStats
// counted by the banked register file), so the cached canonical run carries the same counts.
#include <doctest/doctest.h>

#include "arch/run.h"
#include "study/aging/sm_lifetime.h"
#include "technique/registry.h"
#include "tests/technique/fixture.h"
#include "workload/kernel_parser.h"
#include "workload/kernel_workload.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;

TEST_CASE("GIVEN the fixed PV SM WHEN baseline and pv-opt age THEN the slow-access fraction is 0 and the "
          "direct run's slow / all register accesses") {
  const technique::test::PvSm s;
  const technique::SmFresh fresh = technique::prepare_sm(s.sm, s.g, s.rp, true);
  const auto ap = arch::ArchParams::from_config(s.config);
  const auto np = nbti::NbtiParams::from_config(s.config);
  const arch::Benchmark b = arch::parse_benchmark(
      "rfvar-kernel 1\nbenchmark slow\nkernel k block=128 regs=8\n  ialu r1 = r2 r3\n  loop 40\n"
      "    fmad r4 = r5 r6 r7\n    ialu r0 = r0 r1\n  endloop\nend\nlaunch k grid=20\n",
      "slow");
  const RngStream wl(3, 0, Stream::Workload);
  const arch::KernelWorkload kw(b, arch::workload_key(wl), ap.l1_line_bytes);
  const study::Lifetime life{7.0, 3};

  study::RunCache cache;
  const study::RunInputs in{&kw, 0, &ap, nullptr, &wl};
  const auto base = technique::make_aging_technique("baseline");
  CHECK(study::run_sm_lifetime(*base, fresh, np, s.rp, s.g, in, cache, life).slow_access_fraction == 0.0);

  const auto pv = technique::make_aging_technique("pv-opt");
  const double f = study::run_sm_lifetime(*pv, fresh, np, s.rp, s.g, in, cache, life).slow_access_fraction;
  study::SmLifetimeLoop loop(*pv, fresh, np, s.rp, s.g, life);
  REQUIRE(loop.runs() == 1);
  const arch::SmPolicy policy = pv->policy();
  const study::RunInputs direct_in{&kw, 0, &ap, &policy, &wl};
  const arch::SmStats st = study::run_direct(direct_in, loop.plan(0));
  std::uint64_t all = 0;
  for (const auto n : st.bank_reads) all += n;
  for (const auto n : st.bank_writes) all += n;
  REQUIRE(all > 0);
  CHECK(st.slow_accesses > 0);  // pv-opt keeps 30 % of the banks slow on a PV chip
  CHECK(f == static_cast<double>(st.slow_accesses) / static_cast<double>(all));
  CHECK((f > 0.0 && f < 1.0));
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
