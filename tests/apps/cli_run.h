// Runs the built rfvar binary for the tests/apps CLI tests and captures what it says.
//
// Contract: run_rfvar(args, scratch) runs `RFVAR_BINARY args` through the shell (args are shell
// words), stdout and stderr redirected to files in scratch_dir(scratch) = RFVAR_TEST_TMP/<scratch>/
// (created if missing), and returns the exit status (-1 if the binary did not exit normally) and
// both outputs in full. A call overwrites the capture files of the previous call in the same folder.
#pragma once

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace cli_test {

struct Run {
  int status = -1;
  std::string out, err;
};

inline std::filesystem::path scratch_dir(const std::string& scratch) {
  const std::filesystem::path d = std::filesystem::path(RFVAR_TEST_TMP) / scratch;
  std::filesystem::create_directories(d);
  return d;
}

inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream f(p);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

inline Run run_rfvar(const std::string& args, const std::string& scratch) {
  const std::filesystem::path d = scratch_dir(scratch);
  const std::filesystem::path o = d / "stdout.txt", e = d / "stderr.txt";
  const std::string cmd = std::string(RFVAR_BINARY) + " " + args + " >" + o.string() + " 2>" + e.string();
  const int raw = std::system(cmd.c_str());
  Run r;
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  r.out = slurp(o);
  r.err = slurp(e);
  return r;
}

}  // namespace cli_test
