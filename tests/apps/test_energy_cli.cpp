// `rfvar energy` through the binary: JSON shape, HDF5 layout, bad input.
#include <doctest/doctest.h>

#include <cmath>
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

Run run_rfvar(const std::string& args) { return cli_test::run_rfvar(args, "energy"); }
}  // namespace

TEST_CASE(
    "GIVEN a .kernel benchmark WHEN rfvar energy --json -o runs THEN JSON and HDF5 agree and BL on #1 is 1") {
  const fs::path out = fs::path(RFVAR_TEST_TMP) / "energy" / "energy.h5";
  fs::remove(out);
  const Run a =
      run_rfvar("energy --kernels nw --configs 1,7 --designs bl,rfc,ltrf+ --json -o " + out.string());
  REQUIRE(a.status == 0);
  const auto j = nlohmann::json::parse(a.out);
  const auto& k = j["allocation"]["per_kernel"]["nw"];
  CHECK(k["flat"]["energy_rel"].get<double>() == 1.0);
  const double e3 = k["three_level"]["energy_rel"].get<double>();
  CHECK(e3 > 0.0);
  CHECK(e3 < 1.0);
  CHECK(k["three_level"]["energy_rel"].get<double>() <= k["two_level"]["energy_rel"].get<double>());
  // The hierarchy serves every read the flat RF does, at one level or another.
  std::uint64_t reads = 0;
  for (const auto& [lv, n] : k["three_level"]["reads"].items()) reads += n.get<std::uint64_t>();
  CHECK(reads == k["flat"]["reads"]["mrf"].get<std::uint64_t>());
  const auto& d = j["designs"];
  CHECK(d["per_kernel"]["nw"]["bl"]["power_rel"][0].get<double>() == doctest::Approx(1.0));
  CHECK(d["mean_power_rel"]["rfc"][0].get<double>() < 1.0);  // the RFC saves energy at #1
  CHECK(k["rfc_energy_rel"].get<double>() == d["per_kernel"]["nw"]["rfc"]["energy_rel"][0].get<double>());
  rfvar::H5Reader h(out);
  CHECK(h.attr_string("/", "rfvar_kind") == "energy");
  CHECK(h.read_strings("/kernels") == std::vector<std::string>{"nw"});
  CHECK(h.read_strings("/designs") == std::vector<std::string>{"bl", "rfc", "ltrf+"});
  CHECK(h.dims("/alloc_reads") == rfvar::Dims{4, 1, 5});  // flat, two-level, three-level, the other LRF
  CHECK(h.read_strings("/hierarchies") ==
        std::vector<std::string>{"flat", "two_level", "three_level", "three_level_unified"});
  CHECK(h.attr_string("/", "lrf") == "split");
  // The other LRF organization (MICRO 2011 §6.3) per kernel and as a mean (one kernel: equal).
  CHECK(k["three_level_unified"]["energy_rel"].get<double>() ==
        doctest::Approx(j["allocation"]["mean_three_level_unified_rel"].get<double>()));
  CHECK(h.dims("/design_power_rel") == rfvar::Dims{2, 3, 1});
  const auto rel = h.read_double("/alloc_energy_rel");
  CHECK(rel[2] == e3);
  const auto pw = h.read_double("/design_power_rel");
  CHECK(pw[(1 * 3 + 2) * 1] == d["per_kernel"]["nw"]["ltrf+"]["power_rel"][1].get<double>());
}

TEST_CASE(
    "GIVEN a .kernel and a PTX workload WHEN rfvar energy -o runs THEN both run the designs, flagged "
    "apart in JSON and HDF5") {
  const fs::path out = fs::path(RFVAR_TEST_TMP) / "energy" / "mixed.h5";
  fs::remove(out);
  const Run a = run_rfvar("energy --kernels nw,ptx:hotspot-small --configs 1 --designs bl,rfc --json -o " +
                          out.string());
  REQUIRE(a.status == 0);
  const auto j = nlohmann::json::parse(a.out);
  const auto& d = j["designs"];
  CHECK(d["per_kernel"]["nw"]["hand_written"].get<bool>());
  CHECK_FALSE(d["per_kernel"]["ptx:hotspot-small"]["hand_written"].get<bool>());
  const double rfc = d["per_kernel"]["ptx:hotspot-small"]["rfc"]["energy_rel"][0].get<double>();
  CHECK(d["mean_energy_rel_compiled"]["rfc"][0].get<double>() == rfc);
  CHECK(d["mean_energy_rel"]["rfc"][0].get<double>() ==
        d["per_kernel"]["nw"]["rfc"]["energy_rel"][0].get<double>());
  CHECK(j["allocation"]["per_kernel"]["ptx:hotspot-small"]["rfc_energy_rel"].get<double>() == rfc);
  CHECK(j["allocation"]["rfc_workloads"].get<int>() == 1);
  CHECK(j["allocation"]["rfc_workloads_compiled"].get<int>() == 1);
  rfvar::H5Reader h(out);
  CHECK(h.read_strings("/design_kernels") == std::vector<std::string>{"nw", "ptx:hotspot-small"});
  CHECK(h.read_int32("/design_hand_written") == std::vector<std::int32_t>{1, 0});
  CHECK(h.dims("/design_power_rel") == rfvar::Dims{1, 2, 2});
  CHECK(h.read_double("/mean_energy_rel_compiled")[1] == rfc);
  CHECK(h.attr_int("/", "rfc_workloads_compiled") == 1);
  // --design-kernels hand: the PTX workload has its allocation only.
  const Run b = run_rfvar(
      "energy --kernels nw,ptx:hotspot-small --configs 1 --designs bl,rfc --design-kernels hand --json");
  REQUIRE(b.status == 0);
  const auto jb = nlohmann::json::parse(b.out);
  CHECK(jb["designs"]["per_kernel"].size() == 1u);
  CHECK(jb["allocation"]["per_kernel"]["ptx:hotspot-small"]["rfc_energy_rel"].is_null());
  CHECK(jb["designs"]["mean_energy_rel"] == d["mean_energy_rel"]);
}

TEST_CASE(
    "GIVEN bad input WHEN rfvar energy runs THEN it exits 2 naming the key and accepted range, and writes "
    "nothing") {
  struct Case {
    const char* args;
    const char* says;
  };
  const fs::path out = fs::path(RFVAR_TEST_TMP) / "energy" / "bad.h5";
  for (const Case& c :
       {Case{"energy --kernels nw --configs 8", "1..7"}, Case{"energy --kernels nw --configs 1,x", "1..7"},
        Case{"energy --kernels nw --designs bl,foo", "foo"},
        Case{"energy --kernels nw --block-stride 0", ">= 1"},
        Case{"energy --kernels nw --set energy.orf_entries=9", "energy.orf_entries"},
        Case{"energy --kernels nw --set energy.mrf_read_pj=-1", ">= 0"},
        Case{"energy --kernels nw --set energy.no_such_key=1", "energy.no_such_key"},
        Case{"energy --kernels no_such_kernel", "no_such_kernel"},
        Case{"energy --kernels ptx:no_such_harness", "no_such_harness"},
        Case{"energy --kernels nw --design-kernels some", "all, hand"}}) {
    CAPTURE(c.args);
    fs::remove(out);
    const Run r = run_rfvar(std::string(c.args) + " -o " + out.string());
    CHECK(r.status == 2);
    CHECK(r.err.find("rfvar: error:") != std::string::npos);
    CHECK(r.err.find(c.says) != std::string::npos);
    CHECK(r.out.empty());
    CHECK(!fs::exists(out));
  }
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
