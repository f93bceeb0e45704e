// Interpreter speed on the default-size harnesses of data/cuda/ with trace recording (not a
// correctness test: skipped unless run with --no-skip, e.g.
//   build/test_arch -tc='ptx speed*' --no-skip
// prints warp instructions, seconds and warp instructions per second per benchmark).
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>

#include "arch/ptx/harness.h"
#include "common/config.h"

using namespace rfvar;
using namespace rfvar::arch::ptx;

TEST_CASE("ptx speed: default harnesses traced whole-grid" * doctest::skip()) {
  const std::filesystem::path cuda = data_dir() / "cuda";
  if (!std::filesystem::exists(cuda)) return;
  std::vector<std::filesystem::path> hs;
  for (const auto& d : std::filesystem::directory_iterator(cuda)) {
    const auto h = d.path() / (d.path().filename().string() + ".toml");
    if (std::filesystem::exists(h)) hs.push_back(h);
  }
  std::sort(hs.begin(), hs.end());
  for (const auto& h : hs) {
    const auto t0 = std::chrono::steady_clock::now();
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
    MESSAGE(h.filename().string() << ": " << n << " warp instructions (" << steps << " trace steps) in " << s
                                  << " s = " << static_cast<double>(n) / s / 1e6 << " M warp-instr/s");
  }
}
