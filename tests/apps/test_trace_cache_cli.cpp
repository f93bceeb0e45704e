// `--trace-cache DIR` through the binary: the second `rfvar ipc` on a PTX workload replays the
// cached trace (no rewrite) and prints the same results as the first.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/apps/cli_run.h"

namespace {
namespace RFVAR_UNITY_ID {

namespace fs = std::filesystem;

namespace {

// The --json summary without its timing fields.
nlohmann::json results(const std::string& out) {
  nlohmann::json j = nlohmann::json::parse(out);
  j.erase("seconds");
  j.erase("sim_rate_warp_inst_per_s");
  return j;
}

}  // namespace

TEST_CASE("GIVEN an empty trace cache WHEN rfvar ipc runs a PTX workload twice THEN the second run is a hit with identical results") {
  const fs::path dir = cli_test::scratch_dir("trace_cache") / "traces";
  fs::remove_all(dir);
  const std::string args = "ipc --kernels ptx:hotspot-small --techniques baseline,vl-rf --json --no-progress";
  const cli_test::Run plain = cli_test::run_rfvar(args, "trace_cache");
  REQUIRE(plain.status == 0);
  const cli_test::Run first = cli_test::run_rfvar(args + " --trace-cache " + dir.string(), "trace_cache");
  REQUIRE(first.status == 0);
  fs::path file;
  int n = 0;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".rftrace") file = e.path(), ++n;
  REQUIRE(n == 1);
  const auto written = fs::last_write_time(file);
  const cli_test::Run second = cli_test::run_rfvar(args + " --trace-cache " + dir.string(), "trace_cache");
  REQUIRE(second.status == 0);
  CHECK(fs::last_write_time(file) == written);
  CHECK(results(second.out) == results(first.out));
  CHECK(results(first.out) == results(plain.out));
}

TEST_CASE("GIVEN rfvar sim, ipc, guardband and perf WHEN asked for help THEN each offers --trace-cache") {
  for (const char* cmd : {"sim", "ipc", "guardband", "perf"}) {
    const cli_test::Run r = cli_test::run_rfvar(std::string(cmd) + " --help", "trace_cache");
    CHECK_MESSAGE(r.out.find("--trace-cache") != std::string::npos, cmd);
    CHECK_MESSAGE(r.out.find("identical") != std::string::npos, cmd);
  }
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
