// `rfvar ipc` (and `rfvar sim --chip`) through the binary: the JSON layout, the
// normalization, and bad input (chip index out of range, malformed kernel file).
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "common/h5io.h"
#include "tests/apps/cli_run.h"

namespace {
namespace RFVAR_UNITY_ID {

namespace fs = std::filesystem;

namespace {
using cli_test::Run;

fs::path tmp(const std::string& name) { return cli_test::scratch_dir("ipc") / name; }

Run rfvar(const std::string& args) { return cli_test::run_rfvar(args, "ipc"); }

// A population file of two chips (default geometry), made once.
fs::path two_chips() {
  const fs::path f = tmp("two_chips.h5");
  if (!fs::exists(f)) REQUIRE(rfvar("chips --chips 2 --no-progress -o " + f.string()).status == 0);
  return f;
}
}  // namespace

TEST_CASE("GIVEN two kernels WHEN rfvar ipc --json runs THEN techniques hold per-kernel IPC ratios and their mean") {
  const Run r = rfvar("ipc --kernels nw,nn --techniques baseline,vl-sb+rf-bro,fwas --chip " + two_chips().string() +
                      ":1 --json --no-progress");
  REQUIRE(r.status == 0);
  const auto j = nlohmann::json::parse(r.out);
  REQUIRE(j.contains("techniques"));
  CHECK(j["sim_rate_warp_inst_per_s"].get<double>() > 0.0);
  for (const char* t : {"baseline", "vl-sb+rf-bro", "fwas"}) {
    const auto& tj = j["techniques"][t];
    REQUIRE(tj["per_kernel"].size() == 2);
    const double nw = tj["per_kernel"]["nw"].get<double>(), nn = tj["per_kernel"]["nn"].get<double>();
    CHECK(tj["mean"].get<double>() == doctest::Approx((nw + nn) / 2).epsilon(1e-12));
    CHECK(nw > 0.5);
    CHECK(nw < 1.5);
  }
  // baseline is the normalization: exactly 1 for every kernel.
  CHECK(j["techniques"]["baseline"]["per_kernel"]["nw"].get<double>() == 1.0);
  CHECK(j["techniques"]["baseline"]["mean"].get<double>() == 1.0);
}

TEST_CASE("GIVEN a two-chip file WHEN a chip or SM index is out of range THEN sim and ipc fail clearly, writing nothing") {
  const fs::path chips = two_chips(), out = tmp("never.h5");
  fs::remove(out);
  Run r = rfvar("sim --kernel nw --technique vl-rf --chip " + chips.string() + ":2 -o " + out.string());
  CHECK(r.status == 2);
  CHECK(r.err.find("out of range") != std::string::npos);
  r = rfvar("ipc --kernels nw --chip " + chips.string() + ":7 --no-progress -o " + out.string());
  CHECK(r.status == 2);
  CHECK(r.err.find("index 7 out of range") != std::string::npos);
  r = rfvar("ipc --kernels nw --chip " + chips.string() + ":0 --sm 99 --no-progress -o " + out.string());
  CHECK(r.status == 2);
  CHECK(r.err.find("--sm 99 out of range") != std::string::npos);
  CHECK(!fs::exists(out));
}

TEST_CASE("GIVEN a malformed kernel file WHEN rfvar ipc runs it THEN the error names file and line, nothing is written") {
  const fs::path bad = tmp("broken.kernel"), out = tmp("never2.h5");
  fs::remove(out);
  std::ofstream(bad) << "rfvar-kernel 1\nbenchmark broken\nkernel k block=64 regs=4\n  loop 2\n  ialu r0 = r1\nend\n";
  const Run r = rfvar("ipc --kernels " + bad.string() + " --no-progress -o " + out.string());
  CHECK(r.status == 2);
  CHECK(r.err.find("broken.kernel:4: unclosed 'loop' or 'if'") != std::string::npos);
  CHECK(!fs::exists(out));
}

TEST_CASE("GIVEN a two-chip file WHEN rfvar sim --technique all-slow runs hotspot on each chip THEN every register "
          "access is slow and the JSON is identical but for the chip and the timing") {
  const fs::path chips = two_chips();
  nlohmann::json j[2];
  for (int c = 0; c < 2; ++c) {
    const Run r = rfvar("sim --kernel hotspot --technique all-slow --chip " + chips.string() + ":" + std::to_string(c) + " --json");
    REQUIRE(r.status == 0);
    j[c] = nlohmann::json::parse(r.out);
  }
  std::uint64_t acc = 0;
  for (const char* k : {"per_bank_reads", "per_bank_writes"})
    for (const auto& n : j[0][k]) acc += n.get<std::uint64_t>();
  REQUIRE(acc > 0);
  CHECK(j[0]["slow_accesses"].get<std::uint64_t>() == acc);
  CHECK(j[0]["clock_norm"].get<double>() == 1.0);
  CHECK(j[0]["chip"] != j[1]["chip"]);
  for (auto& x : j)
    for (const char* k : {"chip", "sim_seconds", "sim_rate_warp_inst_per_s"}) x.erase(k);
  CHECK(j[0] == j[1]);
}

TEST_CASE("GIVEN hotspot WHEN rfvar ipc runs baseline, vl-sb+rf-bro and all-slow THEN all-slow loses the most") {
  const Run r = rfvar("ipc --kernels hotspot --techniques baseline,vl-sb+rf-bro,all-slow --chip " + two_chips().string() +
                      ":0 --json --no-progress");
  REQUIRE(r.status == 0);
  const auto t = nlohmann::json::parse(r.out)["techniques"];
  CHECK(t["all-slow"]["mean"].get<double>() <= t["vl-sb+rf-bro"]["mean"].get<double>());
  CHECK(t["all-slow"]["mean"].get<double>() < 0.95);
}

TEST_CASE("GIVEN nw and its trace file, both named nw WHEN rfvar ipc runs them THEN each keeps its own row") {
  const fs::path trace = tmp("nw.rftrace");
  REQUIRE(rfvar("trace nw -o " + trace.string() + " --json").status == 0);
  const Run r = rfvar("ipc --kernels nw," + trace.string() + " --techniques baseline,all-slow --chip " +
                      two_chips().string() + ":0 --json --no-progress");
  REQUIRE(r.status == 0);
  const auto j = nlohmann::json::parse(r.out);
  const auto& pk = j["techniques"]["all-slow"]["per_kernel"];
  REQUIRE(pk.size() == 2);  // merged into one "nw" entry before
  CHECK(pk.contains("nw"));
  CHECK(pk.contains("nw.rftrace"));
  CHECK(pk["nw"] == pk["nw.rftrace"]);  // the trace replays the same workload
  CHECK(j["baseline_ipc"].size() == 2);
  CHECK(j["techniques"]["all-slow"]["mean"].get<double>() == doctest::Approx(pk["nw"].get<double>()));
}

TEST_CASE("GIVEN rfvar ipc -o WHEN it runs one SM, or 2 SMs at PV clocks THEN the file says how many SMs and which clocks") {
  const fs::path one = tmp("one_sm.h5"), two = tmp("two_sms.h5");
  const std::string common = " --kernels nw --techniques baseline --chip " + two_chips().string() + ":0 --no-progress";
  REQUIRE(rfvar("ipc" + common + " -o " + one.string()).status == 0);
  REQUIRE(rfvar("ipc" + common + " --set arch.gpu_sms=2 --set arch.gpu_clocks=pv -o " + two.string()).status == 0);
  const rfvar::H5Reader a(one), b(two);
  CHECK(a.attr_int("/", "gpu_sms") == 1);
  CHECK(a.attr_string("/", "gpu_clocks") == "equal");
  CHECK(b.attr_int("/", "gpu_sms") == 2);
  CHECK(b.attr_string("/", "gpu_clocks") == "pv");
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
