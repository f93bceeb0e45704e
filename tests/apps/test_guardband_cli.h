// Shared by the `rfvar guardband` / `rfvar perf` CLI tests: run the binary, and a small chip file
// (one chip of two SMs, made by `rfvar chips --set floorplan.sms=2`, so runs take well under a
// second per case with one short kernel).
#pragma once

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace study_cli {

namespace fs = std::filesystem;

struct Run {
  int status = -1;
  std::string out, err;
};

inline fs::path dir() {
  const fs::path d = fs::path(RFVAR_TEST_TMP) / "study_cli";
  fs::create_directories(d);
  return d;
}

inline Run run_rfvar(const std::string& args) {
  const std::string o = (dir() / "stdout.txt").string(), e = (dir() / "stderr.txt").string();
  const std::string cmd = std::string(RFVAR_BINARY) + " " + args + " >" + o + " 2>" + e;
  const int raw = std::system(cmd.c_str());
  Run r;
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  auto slurp = [](const std::string& p) {
    std::ifstream f(p);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
  };
  r.out = slurp(o);
  r.err = slurp(e);
  return r;
}

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
