// Interpreter speed on the default-size harnesses of data/cuda/ with trace recording (not a
// correctness test: skipped unless run with --no-skip, e.g.
//   build/test_arch -tc='ptx speed*' --no-skip
// prints warp instructions, wall and CPU seconds and warp instructions per CPU second per benchmark;
// RFVAR_PTX_SPEED=<bench> runs only that one).
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <filesystem>

#include "ptx/harness.h"
#include "common/config.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::arch::ptx;

TEST_CASE("ptx speed: default harnesses traced whole-grid" * doctest::skip()) {
  const std::filesystem::path cuda = data_dir() / "cuda";
  if (!std::filesystem::exists(cuda)) return;
  std::vector<std::filesystem::path> hs;
  for (const auto& d : std::filesystem::directory_iterator(cuda)) {
    const auto h = d.path() / (d.path().filename().string() + ".toml");
    const char* only = std::getenv("RFVAR_PTX_SPEED");
    if (std::filesystem::exists(h) && (!only || d.path().filename() == only)) hs.push_back(h);
  }
  std::sort(hs.begin(), hs.end());
  for (const auto& h : hs) {
    const auto t0 = std::chrono::steady_clock::now();
    const std::clock_t c0 = std::clock();
    std::uint64_t n = 0, steps = 0;
    try {
      const HarnessRun run = run_harness(load_harness(h), RunOptions{});
      n = run.warp_instructions;
      for (const auto& lt : run.traces)
        for (const auto& b : lt.blocks)
          for (const auto& w : b.warps) steps += w.steps.size();
    } catch (const std::exception& e) {
      MESSAGE(h.filename().string() << ": " << e.what());
      continue;
    }
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double cpu = static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
    MESSAGE(h.filename().string() << ": " << n << " warp instructions (" << steps << " trace steps) in " << s
                                  << " s wall, " << cpu << " s CPU = " << static_cast<double>(n) / cpu / 1e6
                                  << " M warp-instr/CPU-s");
  }
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
