// `rfvar perf` through the binary: the JSON contract of issue 5, the cache and the thread count
// never change a result, bad input.
#include <doctest/doctest.h>

#include <cstdlib>

#include <nlohmann/json.hpp>

#include "common/h5io.h"
#include "tests/apps/test_guardband_cli.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace study_cli;

namespace {
std::string perf_args(const std::string& extra) {
  return "perf --chips " + small_chips().string() + " " + kSmallChips + " --kernels nw --epochs 2 --no-progress " + extra;
}
}  // namespace

TEST_CASE("GIVEN a chip file WHEN rfvar perf --json runs THEN every technique has mean, std, mean_ipc, mean_freq") {
  // Run once for every subcase (doctest re-enters the test case per subcase).
  const fs::path out = dir() / "perf.h5";
  static const Run r = run_rfvar(perf_args("--json --threads 2 -o " + out.string()));
  REQUIRE_MESSAGE(r.status == 0, r.err);
  const auto j = nlohmann::json::parse(r.out);
  const auto& t = j.at("techniques");
  CHECK(t.size() == 4);
  for (const char* name : {"baseline", "vl-rf", "pv-opt", "pv-opt+nbti-opt"}) {
    CAPTURE(name);
    const auto& e = t.at(name);
    CHECK(e.size() == 4);
    for (const char* k : {"mean", "std", "mean_ipc", "mean_freq"}) CHECK(e.contains(k));
    // Normalized to the ideal chip: a PV chip after aging is slower than the chip without PV.
    CHECK(e.at("mean").get<double>() > 0.0);
    CHECK(e.at("mean").get<double>() < 1.0);
    CHECK(e.at("mean_freq").get<double>() < 1.0);
    CHECK(e.at("std").get<double>() == 0.0);  // one chip
  }
  // The baseline takes one cycle per access: its IPC is the ideal chip's, its performance its clock.
  CHECK(t.at("baseline").at("mean_ipc").get<double>() == doctest::Approx(1.0));
  CHECK(t.at("baseline").at("mean").get<double>() == doctest::Approx(t.at("baseline").at("mean_freq").get<double>()));

  SUBCASE("one thread and no cache give the same numbers") {
    const Run u = run_rfvar(perf_args("--json --threads 1 --no-cache --techniques pv-opt+nbti-opt -o " +
                                      (dir() / "perf_nocache.h5").string()));
    REQUIRE_MESSAGE(u.status == 0, u.err);
    CHECK(nlohmann::json::parse(u.out).at("techniques").at("pv-opt+nbti-opt") == t.at("pv-opt+nbti-opt"));
  }
  SUBCASE("the HDF5 file holds per-chip performance and its distribution") {
    const rfvar::H5Reader h(out);
    CHECK(h.dims("/perf/pv-opt/chip_perf") == rfvar::Dims{1});
    CHECK(h.dims("/perf/pv-opt/ipc") == rfvar::Dims{1, 2, 1});
    CHECK(h.dims("/perf/pv-opt/hist_edges")[0] == h.dims("/perf/pv-opt/hist_counts")[0] + 1);
  }
}

TEST_CASE("GIVEN bad input WHEN rfvar perf runs THEN a clear error, exit 2 and no file") {
  const fs::path out = dir() / "perf_bad.h5";
  fs::remove(out);
  const Run y = run_rfvar(perf_args("--years 0 -o " + out.string()));
  CHECK(y.status == 2);
  CHECK(y.err.find("years") != std::string::npos);
  const Run c = run_rfvar("perf --chips " + small_chips().string() + " --kernels nw --no-progress -o " + out.string());
  CHECK(c.status == 2);
  CHECK(c.err.find("floorplan.sms") != std::string::npos);
  const Run f = run_rfvar("perf --chips " + (dir() / "nonexistent.h5").string() + " --kernels nw --no-progress -o " + out.string());
  CHECK(f.status == 2);
  CHECK_FALSE(fs::exists(out));
}

TEST_CASE("GIVEN no -o WHEN rfvar perf runs THEN it writes its own default perf.h5, not results/study.h5") {
  // The subcommands share one options object; each must use its own default output (issue 16).
  const fs::path d = cli_test::scratch_dir("perf_default_output");
  fs::remove_all(d / "results");
  fs::remove(d / "perf.h5");
  const std::string cmd = "cd " + d.string() + " && " + RFVAR_BINARY + " " + perf_args("--no-cache") + " >/dev/null 2>&1";
  CHECK(std::system(cmd.c_str()) == 0);
  CHECK(fs::exists(d / "perf.h5"));
  CHECK_FALSE(fs::exists(d / "results" / "study.h5"));
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
