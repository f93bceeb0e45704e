// `rfvar chips` through the binary: the file it writes, --info, determinism, bad input.
// (tests/apps link the libraries, not apps/*.cpp, so files are read with common/h5io here.)
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

using ChipsRun = cli_test::Run;

fs::path tmp_dir() { return cli_test::scratch_dir("chips"); }

ChipsRun run_rfvar(const std::string& args) { return cli_test::run_rfvar(args, "chips"); }

// Small chips keep the binary runs short: 2 SMs of 16 banks x 8 rows.
const std::string kSmall = " --no-progress --set floorplan.sms=2 --set floorplan.rows_per_bank=8 --set varius.grid=64 ";

bool no_files_like(const std::string& stem) {
  for (const auto& e : fs::directory_iterator(tmp_dir()))
    if (e.path().filename().string().find(stem) != std::string::npos) return false;
  return true;
}

}  // namespace

TEST_CASE("GIVEN rfvar chips --json WHEN it runs THEN it prints the summary and writes the agreed layout") {
  const fs::path out = tmp_dir() / "five.h5";
  const ChipsRun r = run_rfvar("chips --chips 5 --seed 3 --json -o " + out.string() + kSmall);
  REQUIRE(r.status == 0);
  const auto j = nlohmann::json::parse(r.out);
  for (const char* k : {"chips", "sms_per_chip", "mean_norm_freq", "std_norm_freq", "sm_to_sm_ratio_mean",
                        "within_sm_ratio_mean", "elapsed_s"})
    CHECK(j.contains(k));
  CHECK(j["chips"] == 5);
  CHECK(j["sms_per_chip"] == 2);
  CHECK(j["mean_norm_freq"].get<double>() > 0.3);
  CHECK(j["mean_norm_freq"].get<double>() < 1.0);
  CHECK(j["within_sm_ratio_mean"].get<double>() > 1.0);

  rfvar::H5Reader h(out);
  CHECK(h.attr_string("/", "rfvar_kind") == "chips");
  CHECK(h.attr_int("/", "seed") == 3);
  CHECK(h.dims("/chips/reg_delay") == rfvar::Dims{5, 2, 16 * 8 * 32});
  CHECK(h.dims("/chips/vector_delay") == rfvar::Dims{5, 2, 16 * 8});
  CHECK(h.dims("/chips/subbank_delay") == rfvar::Dims{5, 2, 32});
  CHECK(h.dims("/maps/vth_sys") == rfvar::Dims{5, 64, 64});
  CHECK(h.attr_string("/chips/subbank_dvth_sys", "units") == "V");

  const ChipsRun info = run_rfvar("chips --info " + out.string() + " --json");
  REQUIRE(info.status == 0);
  CHECK(nlohmann::json::parse(info.out)["chips"] == 5);
  CHECK(nlohmann::json::parse(info.out)["mean_norm_freq"].get<double>() ==
        doctest::Approx(j["mean_norm_freq"].get<double>()));
}

TEST_CASE("GIVEN the same seed WHEN run with --threads 1 and 2, or as --first-chip 3 --chips 2 THEN "
          "the chips' datasets are identical") {
  const fs::path a = tmp_dir() / "t1.h5", b = tmp_dir() / "t2.h5", c = tmp_dir() / "sub.h5";
  REQUIRE(run_rfvar("chips --chips 6 --threads 1 -o " + a.string() + kSmall).status == 0);
  REQUIRE(run_rfvar("chips --chips 6 --threads 2 -o " + b.string() + kSmall).status == 0);
  REQUIRE(run_rfvar("chips --chips 2 --first-chip 3 -o " + c.string() + kSmall).status == 0);
  rfvar::H5Reader ra(a), rb(b), rc(c);
  for (const char* d : {"/chips/reg_delay", "/chips/subbank_dvth_sys", "/chips/fastest_cell", "/maps/vth_sys"}) {
    CAPTURE(d);
    CHECK(ra.read_float(d) == rb.read_float(d));
    CHECK(ra.read_float_rows(d, 3, 2) == rc.read_float(d));
  }
  CHECK(rc.read_int32("/chips/chip_id") == std::vector<std::int32_t>{3, 4});
  CHECK(rc.attr_int("/", "first_chip") == 3);
}

TEST_CASE("GIVEN the same chips WHEN written with --deflate 1 THEN the data are identical and the file is "
          "smaller than the uncompressed default") {
  const fs::path a = tmp_dir() / "plain.h5", b = tmp_dir() / "deflated.h5";
  // 32 rows per bank: reg_delay has 3 x 2 x 16384 elements, above the 65536 compression threshold.
  const std::string rows = " --set floorplan.rows_per_bank=32";
  REQUIRE(run_rfvar("chips --chips 3 -o " + a.string() + kSmall + rows).status == 0);
  REQUIRE(run_rfvar("chips --chips 3 --deflate 1 -o " + b.string() + kSmall + rows).status == 0);
  rfvar::H5Reader ra(a), rb(b);
  for (const char* d : {"/chips/reg_delay", "/chips/vector_delay", "/maps/leff_sys"}) {
    CAPTURE(d);
    CHECK(ra.read_float(d) == rb.read_float(d));
  }
  CHECK(fs::file_size(b) < fs::file_size(a));
}

TEST_CASE("GIVEN bad input WHEN rfvar chips runs THEN it names the problem, exits non-zero and "
          "leaves no output file") {
  struct Case {
    std::string args, needle, stem;
  };
  const fs::path bad_toml = tmp_dir() / "bad.toml";
  std::ofstream(bad_toml) << "[varius]\nphi = = 2\n";
  const fs::path not_h5 = tmp_dir() / "not_h5.txt";
  std::ofstream(not_h5) << "hello\n";
  const std::string o = " -o " + (tmp_dir() / "bad_out").string();
  const Case cases[] = {
      {"chips --set varius.vth_sigma_over_mu=-0.1" + o + "1.h5", "varius.vth_sigma_over_mu", "bad_out1"},
      {"chips --set varius.phi=0" + o + "2.h5", "varius.phi", "bad_out2"},
      {"chips --chips 0" + o + "3.h5", "--chips", "bad_out3"},
      {"chips --set varius.bogus=1" + o + "4.h5", "unknown config key 'varius.bogus'", "bad_out4"},
      {"chips --config " + bad_toml.string() + o + "5.h5", "bad.toml:2", "bad_out5"},
      {"chips --chips 1 -o /nonexistent-dir/x.h5", "does not exist", "x.h5"},
      {"chips --info " + not_h5.string(), "is not an rfvar chip file", "bad_out6"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.args);
    const ChipsRun r = run_rfvar(c.args + kSmall);
    CHECK(r.status == 2);
    CHECK(r.err.find("rfvar: error:") != std::string::npos);
    CHECK(r.err.find(c.needle) != std::string::npos);
    CHECK(no_files_like(c.stem));
  }
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
