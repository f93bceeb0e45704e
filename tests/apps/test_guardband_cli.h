// Shared by the `rfvar guardband` / `rfvar perf` CLI tests: run the binary, and a small chip file
// (one chip of two SMs, made by `rfvar chips --set floorplan.sms=2`, so runs take well under a
// second per case with one short kernel).
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>

#include "tests/apps/cli_run.h"

namespace study_cli {

namespace fs = std::filesystem;

using cli_test::Run;

inline fs::path dir() { return cli_test::scratch_dir("study_cli"); }

inline Run run_rfvar(const std::string& args) { return cli_test::run_rfvar(args, "study_cli"); }

// The chip-configuration override the small chip file was made with (pass it to every run).
inline const char* kSmallChips = "--set floorplan.sms=2";

// One chip of two SMs (seed 3), made once per test binary run.
inline fs::path small_chips() {
  // Remade once per test run: the defaults (hence the chip configuration) may have changed.
  static bool made = false;
  const fs::path p = dir() / "chips_2sm.h5";
  if (!made) {
    made = true;
    const Run r = run_rfvar("chips --chips 1 --seed 3 " + std::string(kSmallChips) + " --no-progress --json -o " +
                        p.string());
    if (r.status != 0) throw std::runtime_error("rfvar chips failed: " + r.err);
  }
  return p;
}

}  // namespace study_cli
