// `rfvar ltrf` and `rfvar intervals` through the binary: JSON shape, determinism, bad input.
#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "common/build_info.h"
#include "common/h5io.h"
#include "tests/apps/cli_run.h"

namespace {
namespace RFVAR_UNITY_ID {

namespace fs = std::filesystem;

namespace {
using cli_test::Run;

Run run_rfvar(const std::string& args) { return cli_test::run_rfvar(args, "ltrf"); }
}  // namespace

TEST_CASE("GIVEN one kernel WHEN rfvar ltrf --json runs THEN the issue's fields are there, BL is 1 on #1 and runs repeat") {
  const std::string args = "ltrf --kernels nw --designs bl,ltrf,ideal --config-id 1 --latency-sweep 1,4 --json";
  const Run a = run_rfvar(args);
  REQUIRE(a.status == 0);
  const auto j = nlohmann::json::parse(a.out);
  for (const char* d : {"bl", "ltrf", "ideal"}) {
    REQUIRE(j["designs"].contains(d));
    CHECK(j["designs"][d].contains("per_kernel"));
    CHECK(j["designs"][d].contains("mean_norm_ipc"));
    CHECK(j["designs"][d].contains("max_tolerable_latency"));
  }
  // BL on design #1 runs with the same capacity as the normalizer: exactly 1.
  CHECK(j["designs"]["bl"]["mean_norm_ipc"].get<double>() == doctest::Approx(1.0).epsilon(1e-12));
  CHECK(j["designs"]["ideal"]["max_tolerable_latency"].is_null());
  CHECK(j["two_level"]["mean_ipc_ratio"].get<double>() > 0.5);
  CHECK(j["two_level"]["mean_ipc_ratio"].get<double>() < 1.5);
  const double lat = j["designs"]["ltrf"]["max_tolerable_latency"].get<double>();
  CHECK(lat >= 1.0);
  CHECK(lat <= 4.0);
  const auto b = nlohmann::json::parse(run_rfvar(args + " --threads 1").out);
  CHECK(j["designs"] == b["designs"]);
}

TEST_CASE("GIVEN data/ltrf-maxwell.toml WHEN rfvar ltrf runs THEN it simulates LTRF's 65536-register SM with 8 partitions") {
  const std::string cfg = (fs::path(rfvar::source_data_dir()) / "ltrf-maxwell.toml").string();
  const Run r = run_rfvar("ltrf --config " + cfg + " --kernels nw --designs rfc --config-id 1 --latency-sweep 1 --json");
  REQUIRE(r.status == 0);  // a main RF sized for 32768 registers overflowed here ("register file full")
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["active_warps"].get<int>() == 2);
  CHECK(j["normalizer_capacity"].get<double>() == doctest::Approx(1.0625));  // + 16 KB on 256 KB (LTRF §5)
  CHECK(j["designs"]["rfc"]["per_kernel"]["nw"]["rfc_read_hit_rate"].get<double>() > 0.0);
}

TEST_CASE("GIVEN -o WHEN rfvar ltrf runs THEN the HDF5 file holds the JSON's results with labeled dims and units") {
  const fs::path out = fs::path(RFVAR_TEST_TMP) / "ltrf" / "ltrf.h5";
  fs::remove(out);
  const Run a = run_rfvar("ltrf --kernels nw,hotspot --designs bl,rfc,ltrf,ideal --config-id 7 --latency-sweep 1,3 --json -o " +
                      out.string());
  REQUIRE(a.status == 0);
  const auto j = nlohmann::json::parse(a.out);
  CHECK(j["file"] == out.string());
  rfvar::H5Reader h(out);
  CHECK(h.attr_string("/", "rfvar_kind") == "ltrf");
  CHECK(h.attr_int("/", "config_id") == 7);
  CHECK(h.read_strings("/designs") == std::vector<std::string>{"bl", "rfc", "ltrf", "ideal"});
  CHECK(h.read_strings("/kernels") == std::vector<std::string>{"nw", "hotspot"});
  CHECK(h.dims("/sweep_ipc") == rfvar::Dims{4, 2, 2});
  CHECK(h.attr_string("/norm_ipc", "units").find("IPC / baseline") != std::string::npos);
  const auto norm = h.read_double("/norm_ipc"), mtl = h.read_double("/max_tolerable_latency");
  const auto sweep = h.read_double("/sweep_ipc"), hit = h.read_double("/rfc_read_hit_rate");
  CHECK(norm[2 * 2 + 1] == j["designs"]["ltrf"]["per_kernel"]["hotspot"]["norm_ipc"].get<double>());
  CHECK(mtl[1 * 2 + 0] == j["designs"]["rfc"]["per_kernel"]["nw"]["max_tolerable_latency"].get<double>());
  CHECK(sweep[(0 * 2 + 1) * 2 + 1] == j["designs"]["bl"]["per_kernel"]["hotspot"]["sweep_ipc"][1].get<double>());
  CHECK(hit[1 * 2 + 1] == j["designs"]["rfc"]["per_kernel"]["hotspot"]["rfc_read_hit_rate"].get<double>());
  CHECK(std::isnan(hit[0]));             // BL has no RFC
  CHECK(std::isnan(mtl[3 * 2 + 0]));     // Ideal has no tolerable latency
  CHECK(std::isnan(sweep[(3 * 2 + 0) * 2]));  // Ideal is not swept
  const auto sens = h.read_int32("/register_sensitive");
  CHECK(sens == std::vector<std::int32_t>{0, 1});  // nw: block-limited; hotspot: register-limited
}

TEST_CASE("GIVEN a benchmark WHEN rfvar intervals --json runs THEN intervals cover the kernel and fit N") {
  const Run a = run_rfvar("intervals --kernel hotspot --json");
  REQUIRE(a.status == 0);
  const auto j = nlohmann::json::parse(a.out);
  CHECK(j["regs_per_interval"] == 16);
  CHECK(j["dynamic_interval_length"].get<double>() > 1.0);
  for (const auto& k : j["kernels"]) {
    int covered = 0;
    for (const auto& iv : k["intervals"]) {
      CHECK(iv["working_set"].size() <= 16);
      covered += iv["static_length"].get<int>();
    }
    CHECK(covered == k["instructions"].get<int>());
  }
}

TEST_CASE("GIVEN bad input WHEN rfvar ltrf or intervals runs THEN it exits 2 with a clear message") {
  struct Case {
    const char* args;
    const char* says;
  };
  for (const Case& c : {Case{"ltrf --kernels nw --config-id 8", "1-7"}, Case{"ltrf --kernels nw --config-id 0", "1-7"},
                        Case{"ltrf --kernels nw --latency-sweep 1,0", "--latency-sweep"},
                        Case{"ltrf --kernels nw --latency-sweep 1,-2", "--latency-sweep"},
                        Case{"ltrf --kernels nw --max-loss 1.5", "--max-loss"},
                        Case{"ltrf --kernels nw --designs bl,foo", "foo"},
                        Case{"ltrf --kernels nw --active-warps 0", "--active-warps"},
                        Case{"ltrf --kernels hotspot --designs ltrf --set ltrf.regs_per_interval=2", "2"},
                        Case{"intervals --kernel hotspot --regs 2", "2"}}) {
    CAPTURE(c.args);
    const Run r = run_rfvar(c.args);
    CHECK(r.status == 2);
    CHECK(r.err.find("rfvar: error:") != std::string::npos);
    CHECK(r.err.find(c.says) != std::string::npos);
  }
}

TEST_CASE(
    "GIVEN a PTX harness, its trace file and a .kernel WHEN rfvar ltrf --kernels lists them THEN each runs, the "
    "harness with allocated ids, and intervals accepts it too") {
  const fs::path dir = fs::path(RFVAR_TEST_TMP) / "ltrf-ptx";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string trace = (dir / "hs.rftrace").string();
  REQUIRE(run_rfvar("trace ptx:hotspot-small --set arch.register_ids=allocated -o " + trace + " --json").status == 0);
  const Run a = run_rfvar("ltrf --kernels ptx:hotspot-small," + trace +
                          ",nw --designs bl,rfc,ltrf+ --config-id 7 --latency-sweep 1,4 --json --trace-cache " +
                          (dir / "cache").string());
  REQUIRE(a.status == 0);
  const auto j = nlohmann::json::parse(a.out);
  const auto& pk = j["designs"]["ltrf+"]["per_kernel"];
  // Two workloads named hotspot-small (the harness and its trace) keep their own rows (their specs).
  REQUIRE(pk.size() == 3);
  const auto& h = pk["ptx:hotspot-small"];
  CHECK(pk["nw"]["norm_ipc"].get<double>() > 0.0);
  CHECK(h["norm_ipc"].get<double>() > 0.0);
  CHECK(h["dynamic_region_length"].get<double>() > 1.0);
  CHECK(pk["hs.rftrace"] == h);  // the allocated trace replays the harness's workload
  CHECK(fs::exists(dir / "cache"));  // the harness's trace was cached
  // Alone, the harness keeps its benchmark name, and the cached trace gives the same results.
  const Run b = run_rfvar("ltrf --kernels ptx:hotspot-small --designs bl,rfc,ltrf+ --config-id 7 --latency-sweep 1,4 --json");
  REQUIRE(b.status == 0);
  CHECK(nlohmann::json::parse(b.out)["designs"]["ltrf+"]["per_kernel"]["hotspot-small"] == h);
  // An Accel-Sim trace folder (SASS registers) and a harness file by path run too.
  const fs::path v3 = fs::path(__FILE__).parent_path().parent_path() / "frontend" / "accelsim" / "data" / "v3";
  const fs::path toml = fs::path(rfvar::source_data_dir()) / "cuda" / "hotspot" / "hotspot-small.toml";
  const Run more = run_rfvar("ltrf --kernels " + v3.string() + "," + toml.string() +
                             " --designs bl,rfc,ltrf+ --config-id 7 --latency-sweep 1,4 --json");
  REQUIRE(more.status == 0);
  const auto mj = nlohmann::json::parse(more.out)["designs"]["ltrf+"]["per_kernel"];
  CHECK(mj["v3"]["norm_ipc"].get<double>() > 0.0);
  CHECK(mj["hotspot-small"] == h);  // the harness file is the workload ptx:hotspot-small names
  const Run iv = run_rfvar("intervals --kernel ptx:hotspot-small --json");
  REQUIRE(iv.status == 0);
  CHECK(nlohmann::json::parse(iv.out)["kernels"].size() >= 1);
  // A trace recorded with nvcc's virtual ids (GPGPU-Sim numbering) of more than 256 ids is refused by name.
  const std::string virt = (dir / "pns.rftrace").string();
  REQUIRE(run_rfvar("trace ptx:pns -o " + virt + " --json").status == 0);
  const Run c = run_rfvar("ltrf --kernels " + virt + " --designs ltrf --config-id 1 --latency-sweep 1 --json");
  CHECK(c.status == 2);
  CHECK(c.err.find("allocated") != std::string::npos);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
