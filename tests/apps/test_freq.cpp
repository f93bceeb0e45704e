// `rfvar freq` through the binary: results on a hand-made chip file, --subbanks sweeps, bad input.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <cstdlib>
#include <string>

#include <nlohmann/json.hpp>

#include "common/config.h"
#include "common/h5io.h"
#include "tests/apps/cli_run.h"

namespace {
namespace RFVAR_UNITY_ID {

namespace fs = std::filesystem;

namespace {

using cli_test::Run;

Run run_rfvar(const std::string& args) { return cli_test::run_rfvar(args, "freq"); }

// Two chips x two SMs of a Fermi SM (16 banks x 64 rows x 32 lanes, S = 2) whose sub-bank 1
// (lanes 16-31) of banks 0-9 is slow: 1.5 + 0.01 b + 0.1 sm; the rest 1.0 + 0.001 * sub-bank id.
// Chip 1 is chip 0 scaled by 1.25 (every delay).
fs::path make_chip_file() {
  const fs::path path = fs::path(RFVAR_TEST_TMP) / "freq" / "handmade_chips.h5";
  fs::create_directories(path.parent_path());
  const int chips = 2, sms = 2, regs = 32768, vecs = 1024, sbs = 32;
  std::vector<float> reg(static_cast<std::size_t>(chips * sms * regs)), vec(static_cast<std::size_t>(chips * sms * vecs));
  std::vector<float> sb(static_cast<std::size_t>(chips * sms * sbs)), dv(sb.size(), 0.0f), slow(chips * sms), fast(chips * sms);
  for (int c = 0; c < chips; ++c)
    for (int s = 0; s < sms; ++s) {
      const float scale = c == 0 ? 1.0f : 1.25f;
      const std::size_t base = static_cast<std::size_t>(c * sms + s);
      for (int b = 0; b < 16; ++b)
        for (int h = 0; h < 2; ++h) {
          const int id = 2 * b + h;
          const float d = scale * ((h == 1 && b < 10) ? 1.5f + 0.01f * static_cast<float>(b) + 0.1f * static_cast<float>(s)
                                                      : 1.0f + 0.001f * static_cast<float>(id));
          sb[base * sbs + static_cast<std::size_t>(id)] = d;
          for (int row = 0; row < 64; ++row)
            for (int l = 16 * h; l < 16 * h + 16; ++l) reg[base * regs + static_cast<std::size_t>((b * 64 + row) * 32 + l)] = d;
        }
      for (int v = 0; v < vecs; ++v) {
        float m = 0.0f;
        for (int l = 0; l < 32; ++l) m = std::max(m, reg[base * regs + static_cast<std::size_t>(v * 32 + l)]);
        vec[base * vecs + static_cast<std::size_t>(v)] = m;
      }
      slow[base] = scale * (1.59f + 0.1f * static_cast<float>(s));
      fast[base] = scale;
    }
  rfvar::H5Writer w(path);
  w.provenance("chips", 7, rfvar::Config::load_default(), "handmade");
  w.attr("/", "first_chip", std::int64_t{0});
  const auto n = static_cast<std::uint64_t>(chips), m = static_cast<std::uint64_t>(sms);
  w.write("/chips/chip_id", std::vector<std::int32_t>{0, 1}, {n});
  w.write("/chips/reg_delay", reg, {n, m, 32768});
  w.write("/chips/vector_delay", vec, {n, m, 1024});
  w.write("/chips/subbank_delay", sb, {n, m, 32});
  w.write("/chips/subbank_dvth_sys", dv, {n, m, 32});
  w.write("/chips/slowest_cell", slow, {n, m});
  w.write("/chips/fastest_cell", fast, {n, m});
  w.write("/chips/vth_d2d", std::vector<double>{0.0, 0.0}, {n});
  w.write("/chips/leff_d2d", std::vector<double>{0.0, 0.0}, {n});
  w.write("/maps/vth_sys", std::vector<float>(2 * 4 * 4, 0.0f), {n, 4, 4});
  w.write("/maps/leff_sys", std::vector<float>(2 * 4 * 4, 0.0f), {n, 4, 4});
  w.commit();
  return path;
}

std::string tmp(const std::string& name) { return (fs::path(RFVAR_TEST_TMP) / "freq" / name).string(); }

}  // namespace

TEST_CASE("GIVEN a hand-made chip file WHEN rfvar freq runs all techniques THEN clocks and slow fractions match Tan's rules") {
  const fs::path chips = make_chip_file();
  const std::string out = tmp("freq_all.h5");
  fs::remove(out);
  const Run r = run_rfvar("freq " + chips.string() + " -o " + out + " --json");
  REQUIRE_MESSAGE(r.status == 0, r.err);
  const auto j = nlohmann::json::parse(r.out);
  const auto& t = j.at("techniques");
  // Baseline: SM 0 at 1/1.59, SM 1 at 1/1.69, chip 1 everything x 1.25; chip = mean over SMs.
  const double chip0 = 0.5 * (1.0 / 1.59 + 1.0 / 1.69);
  CHECK(t.at("baseline").at("mean_norm_freq").get<double>() == doctest::Approx(0.5 * (chip0 + chip0 / 1.25)).epsilon(1e-5));
  CHECK(t.at("baseline").at("slow_bank_fraction").get<double>() == 0.0);
  // 70 % VL-SB: 22 fast sub-banks, the slowest fast one is id 31 (1.031).
  CHECK(t.at("vl-sb").at("mean_norm_freq").get<double>() == doctest::Approx(0.5 * (1.0 / 1.031) * (1.0 + 1.0 / 1.25)).epsilon(1e-5));
  CHECK(t.at("vl-sb").at("slow_bank_fraction").get<double>() == doctest::Approx(0.625));
  CHECK(t.at("vl-sb+rf-bro").at("slow_bank_fraction").get<double>() == doctest::Approx(0.3125));
  CHECK(t.at("vl-sb+rf-bro").at("gain_over_baseline").get<double>() > 0.5);
  CHECK(t.at("vl-rf").contains("std_norm_freq"));
  CHECK(t.at("vl-rv").contains("std_norm_freq"));

  rfvar::H5Reader h(out);
  CHECK(h.attr_string("/", "rfvar_kind") == "freq");
  CHECK(h.dims("/freq/vl-sb/sm_norm_freq") == rfvar::Dims{2, 2});
  const auto sm = h.read_double("/freq/baseline/sm_norm_freq");
  CHECK(sm[1] == doctest::Approx(1.0 / 1.69).epsilon(1e-5));
  CHECK(sm[2] == doctest::Approx(1.0 / (1.25 * 1.59)).epsilon(1e-5));
  CHECK(h.read_strings("/techniques").size() == 5);
}

TEST_CASE("GIVEN the chip file made with S = 2 WHEN --subbanks 1, 4, 8 and --fast-fraction are swept THEN each runs") {
  const fs::path chips = make_chip_file();
  for (int S : {1, 4, 8}) {
    CAPTURE(S);
    const Run r = run_rfvar("freq " + chips.string() + " --technique vl-sb,vl-sb+rf-bro --subbanks " + std::to_string(S) +
                        " -o " + tmp("freq_s.h5") + " --json");
    REQUIRE_MESSAGE(r.status == 0, r.err);
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j.at("subbanks").get<int>() == S);
    // S = 1: a sub-bank is a whole bank; 11 fast of 16 are banks 10-15 and 0-4, so 5 are slow.
    // S = 4 (8): each slow half is 2 (4) equal slow sub-banks; 20 (39, bank 0's tied ones fast)
    // slow sub-banks re-pack into 5 slow virtual banks.
    const double slow_bro = j.at("techniques").at("vl-sb+rf-bro").at("slow_bank_fraction").get<double>();
    CHECK(slow_bro == doctest::Approx(5.0 / 16.0));
  }
  const Run r = run_rfvar("freq " + chips.string() + " --technique vl-sb --fast-fraction 1.0 -o " + tmp("freq_n.h5") + " --json");
  REQUIRE(r.status == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j.at("techniques").at("vl-sb").at("slow_bank_fraction").get<double>() == 0.0);
}

TEST_CASE("GIVEN bad input WHEN rfvar freq runs THEN it fails with a clear error and writes nothing") {
  const fs::path chips = make_chip_file();
  const std::string out = tmp("freq_bad.h5");
  fs::remove(out);
  SUBCASE("a text file") {
    const std::string txt = tmp("not_chips.txt");
    std::ofstream(txt) << "hello\n";
    const Run r = run_rfvar("freq " + txt + " -o " + out);
    CHECK(r.status != 0);
    CHECK(r.err.find("is not an rfvar chip file") != std::string::npos);
  }
  SUBCASE("an rfvar file of another kind") {
    const std::string other = tmp("freq_other.h5");
    REQUIRE(run_rfvar("freq " + chips.string() + " --technique baseline -o " + other).status == 0);
    const Run r = run_rfvar("freq " + other + " -o " + out);
    CHECK(r.status != 0);
    const auto at = r.err.find("is not an rfvar chip file");
    CHECK(at != std::string::npos);
    CHECK(r.err.find("is not an rfvar chip file", at + 1) == std::string::npos);  // said once, not repeated
  }
  SUBCASE("a fast fraction of 0 or above 1") {
    for (const char* n : {"0", "1.5", "-0.2"}) {
      const Run r = run_rfvar("freq " + chips.string() + " --fast-fraction " + n + " -o " + out);
      CHECK(r.status != 0);
      CHECK(r.err.find("outside (0, 1]") != std::string::npos);
    }
  }
  SUBCASE("an unknown technique") {
    const Run r = run_rfvar("freq " + chips.string() + " --technique baseline,vl-xx -o " + out);
    CHECK(r.status != 0);
    CHECK(r.err.find("unknown technique 'vl-xx'") != std::string::npos);
    CHECK(r.err.find("vl-sb+rf-bro") != std::string::npos);
  }
  SUBCASE("three sub-banks") {
    const Run r = run_rfvar("freq " + chips.string() + " --subbanks 3 -o " + out);
    CHECK(r.status != 0);
    CHECK(r.err.find("subbanks") != std::string::npos);
  }
  CHECK_FALSE(fs::exists(out));
}

TEST_CASE("GIVEN no -o WHEN rfvar freq runs THEN it writes its own default freq.h5, not the study's results/study.h5") {
  // The subcommands share one options object; each must use its own default output (issue 16).
  const fs::path chips = make_chip_file();
  const fs::path dir = cli_test::scratch_dir("freq_default_output");
  fs::remove_all(dir / "results");
  fs::remove(dir / "freq.h5");
  const std::string cmd =
      "cd " + dir.string() + " && " + RFVAR_BINARY + " freq " + chips.string() + " --no-progress >/dev/null 2>&1";
  CHECK(std::system(cmd.c_str()) == 0);
  CHECK(fs::exists(dir / "freq.h5"));
  CHECK_FALSE(fs::exists(dir / "results" / "study.h5"));
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
