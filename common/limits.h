// Resource limits: the [limits] keys of data/fermi-32nm.toml, guards against runaway or hostile
// inputs (a kernel branching to itself, a harness repeating 1e12 times, --config /dev/zero).
//
// Contract: from_config() reads every [limits] key with its accepted range (ConfigError otherwise).
// The limits never change a result: a run within them is the run without them; a run that reaches
// one throws InputError through exceeded(), naming what was exceeded and the key that raises it.
// Defaults and the largest real values: docs/cli.md "Errors and limits".
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

#include "common/config.h"

namespace rfvar {

struct Limits {
  int threads_per_core = 8;
  std::uint64_t max_input_bytes = 64ull << 20;
  std::uint64_t max_device_bytes = 1024ull << 20;  // a PTX harness's buffers, all together
  std::uint64_t max_warp_instructions = 10'000'000;
  std::uint64_t max_launch_instructions = 1'000'000'000;
  std::int64_t max_loop_passes = 100'000;
  std::int64_t max_sweep_points = 10'000;

  static Limits from_config(const Config& c);

  // InputError "<what>: <value> is above limits.<key> = <limit> (raise it with --set limits.<key>=N)".
  [[noreturn]] static void exceeded(const std::string& what, std::string_view key, double value, double limit);
};

// Reads a whole input file (config, harness, PTX, .kernel, study file; an .rftrace's bytes):
// InputError naming `file` if it is missing, not a regular file (a FIFO, /dev/zero, a directory)
// or larger than `max_bytes` (limits.max_input_mib for text inputs).
std::string read_text_input(const std::filesystem::path& file, std::uint64_t max_bytes);

}  // namespace rfvar
