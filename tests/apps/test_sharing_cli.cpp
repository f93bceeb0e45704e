// `rfvar sharing` through the binary: JSON shape, HDF5 layout, bad input (exit 2, no output file).
#include <doctest/doctest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "common/h5io.h"
#include "tests/apps/cli_run.h"

namespace {
namespace RFVAR_UNITY_ID {

namespace fs = std::filesystem;

namespace {
using cli_test::Run;

Run run_rfvar(const std::string& args) { return cli_test::run_rfvar(args, "sharing"); }
}  // namespace

TEST_CASE("GIVEN the small matrixMul WHEN rfvar sharing --json -o runs THEN JSON and HDF5 agree and sharing removes loads") {
  const fs::path out = fs::path(RFVAR_TEST_TMP) / "sharing" / "sharing.h5";
  fs::remove(out);
  const Run a = run_rfvar("sharing --workloads ptx:mm128-small --table-entries 8 --json --no-progress -o " + out.string());
  REQUIRE(a.status == 0);
  const auto j = nlohmann::json::parse(a.out);
  CHECK(j["table_entries"].get<int>() == 8);
  CHECK(j["physical_registers"].get<int>() == 1024);
  const auto& l = j["launches"];
  REQUIRE(l.size() == 2);  // mm128_naive, then mm128_tiled
  for (const auto& x : l) {
    const auto& c = x["configs"];
    CHECK(c["vrf"]["speedup_over_vrf"].get<double>() == 1.0);
    CHECK(c["static"]["peak_registers"].get<int>() == 0);
    CHECK(c["vrf"]["peak_registers"].get<int>() > 0);
    CHECK(c["vrf"]["global_loads"].get<int>() == 0);
    // The same instructions in every configuration: sharing removes loads, not work.
    CHECK(c["unlimited"]["warp_instructions"] == c["vrf"]["warp_instructions"]);
    CHECK(c["table"]["loads_removed"].get<int>() <= c["unlimited"]["loads_removed"].get<int>());
    CHECK(c["partial"]["warp_instructions"] == c["vrf"]["warp_instructions"]);
    CHECK(c["table"]["loads_merged"].get<int>() == 0);  // only partial sharing merges
  }
  // The naive kernel's 8 warps of a block load the same row of B: the unlimited table removes loads.
  CHECK(l[0]["configs"]["unlimited"]["loads_removed"].get<int>() > 0);
  rfvar::H5Reader h(out);
  CHECK(h.attr_string("/", "rfvar_kind") == "sharing");
  CHECK(h.read_strings("/sharing/configs") == std::vector<std::string>{"static", "vrf", "unlimited", "table", "partial"});
  CHECK(h.dims("/sharing/cycles") == rfvar::Dims{2, 5});
  CHECK(h.dims("/sharing/loads_merged") == rfvar::Dims{2, 5});
  CHECK(h.read_double("/sharing/mean_registers")[1] == l[0]["configs"]["vrf"]["mean_registers"].get<double>());
}

TEST_CASE("GIVEN a table size 0 or negative, an unknown workload or a bad [sharing] key THEN exit 2 and no output file") {
  const fs::path out = fs::path(RFVAR_TEST_TMP) / "sharing" / "bad.h5";
  for (const std::string args : {"--table-entries 0", "--table-entries -5", "--workloads ptx:no-such-harness",
                                 "--set sharing.table_entries=-1", "--set sharing.mode=sometimes"}) {
    fs::remove(out);
    const Run r = run_rfvar("sharing " + args + " --no-progress -o " + out.string());
    CHECK_MESSAGE(r.status == 2, args);
    CHECK_MESSAGE(r.err.find("rfvar: error:") != std::string::npos, args);
    CHECK_FALSE(fs::exists(out));
  }
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
