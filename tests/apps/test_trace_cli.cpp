// `rfvar trace` through the binary (issue 15): a .kernel benchmark and a PTX harness recorded into
// trace files, `rfvar sim` on a saved trace equal to `rfvar sim` on the kernel, and bad input (a
// missing file, a harness naming a missing buffer, PTX with an unsupported instruction) failing
// with exit 2, the front end's message and no output file.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>

#include "common/config.h"
#include "tests/apps/cli_run.h"

namespace {
namespace RFVAR_UNITY_ID {

namespace fs = std::filesystem;

namespace {
using cli_test::Run;

Run cli(const std::string& args) { return cli_test::run_rfvar(args, "trace"); }

fs::path tmp(const std::string& name) { return cli_test::scratch_dir("trace") / name; }

void write(const fs::path& p, const std::string& text) {
  std::ofstream f(p);
  f << text;
}

// The sim JSON without its timing fields.
nlohmann::json sim_json(const std::string& args) {
  const Run r = cli("sim " + args + " --json");
  REQUIRE(r.status == 0);
  nlohmann::json j = nlohmann::json::parse(r.out);
  j.erase("sim_seconds");
  j.erase("sim_rate_warp_inst_per_s");
  return j;
}

// Exit 2, `what` on stderr, and no output file (nor its temporary).
void check_refused(const std::string& args, const fs::path& out, const std::string& what) {
  fs::remove(out);
  const Run r = cli(args);
  CHECK(r.status == 2);
  CHECK(r.err.find("rfvar: error: ") != std::string::npos);
  CHECK_MESSAGE(r.err.find(what) != std::string::npos, r.err);
  CHECK_FALSE(fs::exists(out));
  CHECK_FALSE(fs::exists(out.string() + ".tmp"));
}
}  // namespace

TEST_CASE(
    "GIVEN hotspot WHEN rfvar trace records it THEN the file replays in rfvar sim exactly like the kernel") {
  const fs::path f = tmp("hotspot.rftrace");
  fs::remove(f);
  const Run r = cli("trace hotspot -o " + f.string() + " --json");
  REQUIRE(r.status == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["name"] == "hotspot");
  CHECK(j["launches"].get<int>() >= 1);
  CHECK(j["blocks"].get<int>() > 15);  // every block of the grid, not one SM's share
  CHECK(j["warp_instructions"].get<double>() > 0);
  CHECK(j["bytes"].get<std::uint64_t>() == fs::file_size(f));
  CHECK_FALSE(fs::exists(f.string() + ".tmp"));

  for (const std::string technique : {"baseline", "pv-opt"}) {
    CAPTURE(technique);
    auto a = sim_json("--kernel hotspot --technique " + technique);
    auto b = sim_json("--kernel " + f.string() + " --technique " + technique);
    CHECK(a == b);
  }
  // The table form: one summary line.
  const Run t = cli("trace hotspot -o " + f.string());
  REQUIRE(t.status == 0);
  CHECK(std::regex_search(t.out, std::regex("launches, [0-9]+ blocks, [0-9]+ warp instructions -> .*bytes")));
}

TEST_CASE(
    "GIVEN a trace recorded with another seed WHEN rfvar sim replays it THEN the recorded branches stay") {
  // nn has data-dependent branches: a trace recorded with seed 2 and replayed with seed 2 equals
  // the kernel under seed 2.
  const fs::path f = tmp("nn-2.rftrace");
  REQUIRE(cli("trace nn --seed 2 -o " + f.string()).status == 0);
  CHECK(sim_json("--kernel nn --seed 2") == sim_json("--kernel " + f.string() + " --seed 2"));
}

TEST_CASE(
    "GIVEN the small HotSpot harness WHEN rfvar trace runs it THEN it writes a trace rfvar sim replays") {
  const fs::path f = tmp("hotspot-small.rftrace");
  fs::remove(f);
  const std::string harness = (rfvar::data_dir() / "cuda" / "hotspot" / "hotspot-small.toml").string();
  const Run r = cli("trace " + harness + " -o " + f.string() + " --json");
  REQUIRE_MESSAGE(r.status == 0, r.err);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["launches"] == 2);
  CHECK(j["blocks"] == 24);  // 4 x 3 blocks per launch
  CHECK(fs::exists(f));
  const auto direct = sim_json("--kernel ptx:hotspot-small");
  const auto replay = sim_json("--kernel " + f.string());
  CHECK(direct == replay);
  CHECK(replay["kernel"] == direct["kernel"]);
  CHECK(replay["warp_instructions"].get<double>() > 0);
}

TEST_CASE(
    "GIVEN bad input WHEN rfvar trace runs THEN it exits 2 with the front end's message and writes nothing") {
  const fs::path out = tmp("never.rftrace");
  check_refused("trace no-such-kernel -o " + out.string(), out, "unknown kernel 'no-such-kernel'");
  check_refused("trace " + tmp("missing.toml").string() + " -o " + out.string(), out, "missing.toml");
  check_refused("trace " + tmp("missing.rftrace").string() + " -o " + out.string(), out,
                "missing.rftrace' does not exist");
  check_refused("trace hotspot -o " + tmp("wrong-extension.h5").string(), tmp("wrong-extension.h5"),
                ".rftrace");

  // A malformed .kernel line names file:line.
  write(tmp("bad.kernel"), "rfvar-kernel 1\nbenchmark bad\nkernel k block=32 regs=4\n  frob r0 = r1\nend\n");
  check_refused("trace " + tmp("bad.kernel").string() + " -o " + out.string(), out,
                "bad.kernel:4: unknown opcode 'frob'");
}

TEST_CASE(
    "GIVEN a harness naming a missing buffer or PTX with an unsupported instruction WHEN rfvar trace runs "
    "THEN it exits 2 naming the file and writes nothing") {
  const fs::path out = tmp("never.rftrace");
  // A harness naming a buffer it does not declare.
  const fs::path hs = rfvar::data_dir() / "cuda" / "hotspot";
  std::ifstream in(hs / "hotspot-small.toml");
  std::string toml((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  fs::copy_file(hs / "hotspot.ptx", tmp("hotspot.ptx"), fs::copy_options::overwrite_existing);
  std::string missing = toml;
  missing.replace(missing.find("\"temp_a\", \"temp_b\""), 18, "\"temp_a\", \"temp_c\"");
  write(tmp("missing-buffer.toml"), missing);
  check_refused("trace " + tmp("missing-buffer.toml").string() + " -o " + out.string(), out,
                "no buffer 'temp_c'");

  // PTX with an instruction the interpreter does not support.
  std::ifstream pin(hs / "hotspot.ptx");
  std::string ptx((std::istreambuf_iterator<char>(pin)), std::istreambuf_iterator<char>());
  const auto at = ptx.find("\tret;");
  REQUIRE(at != std::string::npos);
  ptx.replace(at, 5, "\tfrobnicate.u32 %r1, %r1;\n\tret;");
  write(tmp("bad.ptx"), ptx);
  std::string bad = toml;
  bad.replace(bad.find("hotspot.ptx"), 11, "bad.ptx");
  write(tmp("bad-ptx.toml"), bad);
  check_refused("trace " + tmp("bad-ptx.toml").string() + " -o " + out.string(), out, "bad.ptx:");
}

TEST_CASE("GIVEN rfvar trace --help THEN it explains traces, the workload forms and an example") {
  const Run r = cli("trace --help");
  CHECK(r.status == 0);
  for (const char* s : {"warp", "ptx:NAME", "kernelslist.g", ".rftrace", "Examples", "rfvar trace hotspot"})
    CHECK_MESSAGE(r.out.find(s) != std::string::npos, s);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
