// arch.dp_unit (docs/models.md "DP unit"): double-precision arithmetic on the SP pipeline
// (GPGPU-Sim 3.x) or on the SFU (GPGPU-Sim 4 without DP units).
#include <doctest/doctest.h>

#include <string>

#include "arch/mapping/i_register_mapping.h"
#include "arch/run.h"
#include "common/config.h"
#include "workload/kernel_parser.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::arch;

SmStats run_dp(const std::string& body, const std::string& dp_unit) {
  Config c = Config::load_default();
  c.set("arch.dp_unit=\"" + dp_unit + "\"");
  c.set("arch.issue_to_collector=\"direct\"");
  ArchParams p = ArchParams::from_config(c);
  p.sms = 1;
  p.collector_units = {1, 8, 2};  // one SP unit, eight SFU units
  const Benchmark b =
      parse_benchmark("rfvar-kernel 1\nbenchmark t\nkernel k block=32 regs=32\n" + body + "end\nlaunch k grid=1\n", "t.kernel");
  StaticRfProvider rf(rfmodel::RfSetup::ideal());
  return run_benchmark(b, p, "lrr", make_mapping("eq3"), rf, RngStream(7, 0, Stream::Test)).stats;
}

std::uint64_t collector_stalls(const SmStats& s) { return s.stalls[static_cast<std::size_t>(Stall::Collector)]; }

TEST_CASE("GIVEN independent DP instructions and one SP collector unit WHEN DP runs on the SFU THEN they use the "
          "SFU's units and never wait for the SP unit") {
  // "sp": the one SP unit is busy two cycles per instruction (read, then dispatch), so the second
  // and third issue two cycles apart: two collector stalls. "sfu": eight SFU units take one each.
  const std::string dp = "  dalu r1 = r0\n  dalu r2 = r0\n  dalu r3 = r0\n";
  CHECK(collector_stalls(run_dp(dp, "sp")) == 2);
  CHECK(collector_stalls(run_dp(dp, "sfu")) == 0);
  // Single-precision work stays on the SP pipeline either way.
  const std::string sp = "  falu r1 = r0\n  falu r2 = r0\n  falu r3 = r0\n";
  CHECK(collector_stalls(run_dp(sp, "sfu")) == 2);
}

TEST_CASE("GIVEN arch.dp_unit WHEN it is not sp or sfu THEN the config names the key") {
  Config c = Config::load_default();
  c.set("arch.dp_unit=\"dp\"");
  CHECK_THROWS_WITH_AS(ArchParams::from_config(c), doctest::Contains("arch.dp_unit"), ConfigError);
  CHECK_FALSE(ArchParams::from_config(Config::load_default()).dp_on_sfu);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
