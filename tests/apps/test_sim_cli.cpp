// `rfvar sim` and `rfvar ipc` through the binary: JSON fields, determinism, bad input.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/apps/cli_run.h"

namespace {
namespace RFVAR_UNITY_ID {

namespace fs = std::filesystem;

namespace {
using cli_test::Run;

Run rfvar(const std::string& args) { return cli_test::run_rfvar(args, "sim"); }

fs::path tmp(const std::string& name) { return cli_test::scratch_dir("sim") / name; }
}  // namespace

TEST_CASE("GIVEN hotspot WHEN rfvar sim --json runs twice THEN the issue's fields are there and identical") {
  const Run a = rfvar("sim --kernel hotspot --technique vl-sb+rf-bro --json");
  REQUIRE(a.status == 0);
  const auto j = nlohmann::json::parse(a.out);
  for (const char* k : {"ipc", "cycles", "warp_instructions", "per_bank_reads", "per_bank_writes",
                        "per_subbank_utilization", "stalls"})
    CHECK(j.contains(k));
  CHECK(j["per_bank_reads"].size() == 16);
  CHECK(j["per_subbank_utilization"].size() == 32);
  CHECK(j["ipc"].get<double>() > 0.1);
  const auto b = nlohmann::json::parse(rfvar("sim --kernel hotspot --technique vl-sb+rf-bro --json").out);
  CHECK(j["cycles"] == b["cycles"]);
  CHECK(j["per_bank_reads"] == b["per_bank_reads"]);
}

TEST_CASE("GIVEN --scheduler WHEN rfvar sim runs bn without PV THEN that policy replaces the technique's") {
  const auto lrr = nlohmann::json::parse(rfvar("sim --kernel bn --json").out);
  const Run g = rfvar("sim --kernel bn --scheduler gto --json");
  REQUIRE(g.status == 0);
  const auto gto = nlohmann::json::parse(g.out);
  CHECK(lrr["scheduler"] == "lrr");
  CHECK(gto["scheduler"] == "gto");
  CHECK(gto["warp_instructions"] == lrr["warp_instructions"]);  // same work, another issue order
  CHECK(gto["cycles"] != lrr["cycles"]);
}

TEST_CASE("GIVEN bad input WHEN rfvar sim or ipc runs THEN it fails clearly and writes nothing") {
  const fs::path out = tmp("never.h5");
  fs::remove(out);
  Run r = rfvar("sim --kernel no-such-kernel -o " + out.string());
  CHECK(r.status == 2);
  CHECK(r.err.find("unknown kernel 'no-such-kernel'") != std::string::npos);
  r = rfvar("sim --kernel hotspot --technique warp-drive -o " + out.string());
  CHECK(r.status == 2);
  CHECK(r.err.find("unknown technique 'warp-drive'") != std::string::npos);
  r = rfvar("sim --kernel hotspot --scheduler fifo -o " + out.string());
  CHECK(r.status == 2);
  CHECK(r.err.find("fifo") != std::string::npos);
  const fs::path bad = tmp("bad.kernel");
  std::ofstream(bad) << "rfvar-kernel 1\nbenchmark bad\nkernel k block=32 regs=4\n  frob r0 = r1\nend\n";
  r = rfvar("sim --kernel " + bad.string() + " -o " + out.string());
  CHECK(r.status == 2);
  CHECK(r.err.find("bad.kernel:4: unknown opcode 'frob'") != std::string::npos);
  r = rfvar("ipc --kernels hotspot --techniques baseline,nope -o " + out.string());
  CHECK(r.status == 2);
  CHECK(r.err.find("unknown technique 'nope'") != std::string::npos);
  r = rfvar("sim --kernel hotspot --chip " + tmp("missing.h5").string() + ":3 -o " + out.string());
  CHECK(r.status == 2);
  CHECK(!fs::exists(out));
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
