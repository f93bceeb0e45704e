// `rfvar perf` through the binary: the JSON contract of issue 5, the cache and the thread count
// never change a result, bad input.
#include <doctest/doctest.h>

#include <cstdlib>
#include <fstream>
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

TEST_CASE(
    "GIVEN --set arch.gpu_sms=2 WHEN rfvar perf runs THEN the chip's two SMs run on one GPU, the file says "
    "so, and one thread without the cache gives the same numbers") {
  // A small kernel with global loads through the shared L2 (nw's whole grid on 2 SMs takes seconds).
  const fs::path kernel = dir() / "small_ld.kernel";
  {
    std::ofstream f(kernel);
    f << "rfvar-kernel 1\nbenchmark small_ld\nkernel k block=64 regs=4\n  ialu r0 = r0\n  loop 8\n"
         "    ld.global r1 = r0 addr=0 lane=4 blk=256 l2=1\n    fmad r2 = r1 r2 r0\n  endloop\nend\n"
         "launch k grid=24 times=2\n";
  }
  const auto perf_args = [&](const std::string& extra) {
    return "perf --chips " + small_chips().string() + " " + kSmallChips + " --kernels " + kernel.string() +
           " --epochs 2 --no-progress " + extra;
  };
  const fs::path out = dir() / "perf_gpu2.h5";
  const Run r = run_rfvar(perf_args("--json --threads 2 --set arch.gpu_sms=2 -o " + out.string()));
  REQUIRE_MESSAGE(r.status == 0, r.err);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j.at("gpu_sms") == 2);
  CHECK(j.at("techniques").size() == 4);
  const rfvar::H5Reader h(out);
  CHECK(h.attr_int("/", "gpu_sms") == 2);
  CHECK(h.attr_string("/", "sms_simulated").find("one GPU sharing the L2 and DRAM") != std::string::npos);
  CHECK(h.dims("/perf/vl-rf/ipc") == rfvar::Dims{1, 2, 1});
  // The ideal chip is the 2-SM GPU without PV, whose IPC per SM differs from the one-SM mode's.
  const fs::path one = dir() / "perf_gpu1.h5";
  REQUIRE(run_rfvar(perf_args("--json --threads 2 -o " + one.string())).status == 0);
  CHECK(h.read_double("/ideal_ipc") != rfvar::H5Reader(one).read_double("/ideal_ipc"));
  const Run u = run_rfvar(perf_args("--json --threads 1 --no-cache --set arch.gpu_sms=2 -o " +
                                    (dir() / "perf_gpu2_nocache.h5").string()));
  REQUIRE_MESSAGE(u.status == 0, u.err);
  CHECK(nlohmann::json::parse(u.out) == j);
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
