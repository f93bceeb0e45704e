// `rfvar guardband` through the binary: the JSON contract of issue 5, the HDF5 detail, bad input.
#include "tests/apps/test_guardband_cli.h"

#include <doctest/doctest.h>

#include <cstdlib>
#include <nlohmann/json.hpp>
#include <utility>

#include "common/h5io.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace study_cli;

namespace {
std::string guardband_args(const std::string& extra, const std::string& run = "--kernels nw --epochs 2") {
  return "guardband --chips " + small_chips().string() + " " + kSmallChips + " --no-progress " + run + " " + extra;
}
}  // namespace

TEST_CASE("GIVEN a chip file WHEN rfvar guardband --json runs THEN every technique has per_kernel, mean, mean_normalized") {
  // Run once for every subcase (doctest re-enters the test case per subcase).
  const fs::path out = dir() / "gb.h5";
  static const Run r = run_rfvar(guardband_args("--json -o " + out.string()));
  REQUIRE_MESSAGE(r.status == 0, r.err);
  const auto j = nlohmann::json::parse(r.out);
  REQUIRE(j.size() == 1);
  const auto& t = j.at("techniques");
  CHECK(t.size() == 3);
  for (const char* name : {"baseline", "pv-opt", "pv-opt+nbti-opt"}) {
    CAPTURE(name);
    const auto& e = t.at(name);
    CHECK(e.size() == 3);
    const double gb = e.at("per_kernel").at("nw").get<double>();
    CHECK(e.at("per_kernel").size() == 1);
    // A guardband is a fractional frequency loss: aging only slows, and 7 years cannot halve the clock.
    CHECK(gb >= 0.0);
    CHECK(gb < 0.5);
    CHECK(e.at("mean").get<double>() == doctest::Approx(gb));  // one kernel: the mean is that kernel's
  }
  const double base = t.at("baseline").at("mean").get<double>();
  REQUIRE(base > 0.0);
  CHECK(t.at("baseline").at("mean_normalized").get<double>() == doctest::Approx(1.0));
  CHECK(t.at("pv-opt").at("mean_normalized").get<double>() ==
        doctest::Approx(t.at("pv-opt").at("mean").get<double>() / base));

  SUBCASE("the HDF5 file holds per-chip, per-SM, per-kernel and per-sub-bank detail") {
    const rfvar::H5Reader h(out);
    CHECK(h.dims("/guardband/pv-opt/guardband") == rfvar::Dims{1, 2, 1});
    CHECK(h.dims("/guardband/pv-opt/aged_delay") == rfvar::Dims{1, 2, 1, 32});
    CHECK(h.read_strings("/techniques").size() == 3);
    CHECK(h.attr_double("/guardband/baseline", "mean") == doctest::Approx(base));
  }
}

TEST_CASE("GIVEN the small chip file WHEN PV-opt's aged fast set is ranked after aging (aged_rank) instead of fixed "
          "at chip test THEN only PV-opt's guardband changes, and it shrinks") {
  auto means = [](const std::string& fast_set) {
    const Run r = run_rfvar(guardband_args("--json --set nbti.guardband_fast_set=" + fast_set + " -o " +
                                           (dir() / ("gb_" + fast_set + ".h5")).string()));
    REQUIRE_MESSAGE(r.status == 0, r.err);
    return nlohmann::json::parse(r.out).at("techniques");
  };
  const auto fixed = means("chip_test"), ranked = means("aged_rank");
  for (const char* same : {"baseline", "pv-opt+nbti-opt"}) {
    CAPTURE(same);
    CHECK(ranked.at(same).at("mean").get<double>() == fixed.at(same).at("mean").get<double>());
  }
  // Seed 3, nw, 2 epochs: measured 0.0721 (aged_rank) vs 0.1146 (chip_test); the ranked set can only be faster.
  CHECK(ranked.at("pv-opt").at("mean").get<double>() < fixed.at("pv-opt").at("mean").get<double>());
  const Run bad = run_rfvar(guardband_args("--set nbti.guardband_fast_set=slowest -o " + (dir() / "gb_x.h5").string()));
  CHECK(bad.status == 2);
  CHECK(bad.err.find("nbti.guardband_fast_set") != std::string::npos);
}

TEST_CASE("GIVEN bad input WHEN rfvar guardband runs THEN a clear error, exit 2 and no file") {
  const fs::path out = dir() / "gb_bad.h5";
  fs::remove(out);
  SUBCASE("years <= 0") {
    for (const char* y : {"0", "-2"}) {
      const Run r = run_rfvar(guardband_args(std::string("--years=") + y + " -o " + out.string()));
      CHECK(r.status == 2);
      CHECK(r.err.find("rfvar: error:") != std::string::npos);
      CHECK(r.err.find("years") != std::string::npos);
      CHECK(r.err.find("> 0") != std::string::npos);
    }
  }
  SUBCASE("a chip file from another chip configuration") {
    const Run r = run_rfvar("guardband --chips " + small_chips().string() + " --kernels nw --no-progress -o " + out.string());
    CHECK(r.status == 2);
    CHECK(r.err.find("floorplan.sms") != std::string::npos);
  }
  SUBCASE("epochs < 1, an unknown technique or kernel") {
    CHECK(run_rfvar(guardband_args("-o " + out.string(), "--kernels nw --epochs 0")).err.find("--epochs must be >= 1") !=
          std::string::npos);
    const Run t = run_rfvar(guardband_args("--techniques baseline,turbo -o " + out.string()));
    CHECK(t.status == 2);
    CHECK(t.err.find("turbo") != std::string::npos);
    const Run k = run_rfvar(guardband_args("-o " + out.string(), "--kernels nosuch"));
    CHECK(k.status == 2);
    CHECK(k.err.find("nosuch") != std::string::npos);
  }
  SUBCASE("arch.gpu_sms outside 1..the chips' SMs, or per-SM clocks in the N-SM mode") {
    for (const auto& value_says :
         {std::pair<std::string, std::string>{
              "3", "arch.gpu_sms = 3 is more than the chips' 2 SMs (accepted: 1..2)"},
          {"16", "arch.gpu_sms = 16 is more than arch.sms = 15"},
          {"0", "arch.gpu_sms"}}) {
      const std::string& value = value_says.first;  // not structured bindings: captured by CAPTURE
      const std::string& says = value_says.second;
      CAPTURE(value);
      const Run r = run_rfvar(guardband_args("--set arch.gpu_sms=" + value + " -o " + out.string()));
      CHECK(r.status == 2);
      CHECK(r.err.find(says) != std::string::npos);
    }
    const Run p =
        run_rfvar(guardband_args("--set arch.gpu_sms=2 --set arch.gpu_clocks=pv -o " + out.string()));
    CHECK(p.status == 2);
    CHECK(p.err.find("arch.gpu_clocks") != std::string::npos);
  }
  SUBCASE("a stress scale that would put utilization outside [0, 1] is refused by the config") {
    const Run r = run_rfvar(guardband_args("--set nbti.activity_scale=-1 -o " + out.string()));
    CHECK(r.status == 2);
    CHECK(r.err.find("nbti.activity_scale") != std::string::npos);
  }
  CHECK_FALSE(fs::exists(out));
}

TEST_CASE("GIVEN no -o WHEN rfvar guardband runs THEN it writes its own default guardband.h5, not results/study.h5") {
  // The subcommands share one options object; each must use its own default output (issue 16).
  const fs::path d = cli_test::scratch_dir("guardband_default_output");
  fs::remove_all(d / "results");
  fs::remove(d / "guardband.h5");
  const std::string cmd = "cd " + d.string() + " && " + RFVAR_BINARY + " " + guardband_args("") + " >/dev/null 2>&1";
  CHECK(std::system(cmd.c_str()) == 0);
  CHECK(fs::exists(d / "guardband.h5"));
  CHECK_FALSE(fs::exists(d / "results" / "study.h5"));
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
