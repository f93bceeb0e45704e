// `rfvar trace` through the binary (issue 15): a .kernel benchmark recorded into a trace file,
// `rfvar sim` on a saved trace equal to `rfvar sim` on the kernel, and bad input (an unknown
// kernel, a missing file, a malformed kernel file) failing with exit 2, the front end's message and
// no output file.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <string>

#include <nlohmann/json.hpp>

#include "common/config.h"
#include "tests/apps/cli_run.h"

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

TEST_CASE("GIVEN hotspot WHEN rfvar trace records it THEN the file replays in rfvar sim exactly like the kernel") {
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

TEST_CASE("GIVEN a trace recorded with another seed WHEN rfvar sim replays it THEN the recorded branches stay") {
  // nn has data-dependent branches: a trace recorded with seed 2 and replayed with seed 2 equals
  // the kernel under seed 2.
  const fs::path f = tmp("nn-2.rftrace");
  REQUIRE(cli("trace nn --seed 2 -o " + f.string()).status == 0);
  CHECK(sim_json("--kernel nn --seed 2") == sim_json("--kernel " + f.string() + " --seed 2"));
}

TEST_CASE("GIVEN bad input WHEN rfvar trace runs THEN it exits 2 with the front end's message and writes nothing") {
  const fs::path out = tmp("never.rftrace");
  check_refused("trace no-such-kernel -o " + out.string(), out, "unknown kernel 'no-such-kernel'");
  check_refused("trace " + tmp("missing.toml").string() + " -o " + out.string(), out, "missing.toml");
  check_refused("trace " + tmp("missing.rftrace").string() + " -o " + out.string(), out, "missing.rftrace: cannot open");
  check_refused("trace hotspot -o " + tmp("wrong-extension.h5").string(), tmp("wrong-extension.h5"), ".rftrace");

  // A malformed .kernel line names file:line.
  write(tmp("bad.kernel"), "rfvar-kernel 1\nbenchmark bad\nkernel k block=32 regs=4\n  frob r0 = r1\nend\n");
  check_refused("trace " + tmp("bad.kernel").string() + " -o " + out.string(), out, "bad.kernel:4: unknown opcode 'frob'");
}

TEST_CASE("GIVEN rfvar trace --help THEN it explains traces, the workload forms and an example") {
  const Run r = cli("trace --help");
  CHECK(r.status == 0);
  for (const char* s : {"warp", "ptx:NAME", "kernelslist.g", ".rftrace", "Examples", "rfvar trace hotspot"})
    CHECK_MESSAGE(r.out.find(s) != std::string::npos, s);
}
