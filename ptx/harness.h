// Host harnesses of the CUDA benchmarks (docs/cuda-harness.md): device buffers, their
// deterministic initialization and the launch sequence, read from TOML and run on the interpreter.
//
// Contract: load_harness() validates the whole file (buffer names, types, init kinds, steps,
// kernels' args as numbers, buffer names or "A*i+B" expressions) and throws InputError naming the
// harness file, the key and the accepted values ("hotspot.toml: step 1 args[2]: no buffer
// 'temp_c'"; steps and buffers count from 1, args from 0). run_harness() parses the PTX (relative to
// the harness file), places the module's globals and then every buffer (256-byte aligned, in
// declaration order) in one DeviceMemory, fills them from RngStream(seed, 0, Stream::Harness,
// buffer index), runs the steps in order and returns the initial and final buffer bytes by name,
// one LaunchRecord and one LaunchTrace per kernel launch (LaunchTrace::launch = its index).
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <variant>
#include <vector>

#include "ptx/interpreter.h"
#include "ptx/program.h"

namespace rfvar::arch::ptx {

// An integer "A*i+B", i = the repetition index of `repeat`.
struct Expr {
  std::int64_t a = 0, b = 0;
  std::int64_t at(std::int64_t i) const { return a * i + b; }
  // a * i + b into `out`; false if it leaves 64 bits (the caller names the key).
  bool at_checked(std::int64_t i, std::int64_t& out) const {
    return !__builtin_mul_overflow(a, i, &out) && !__builtin_add_overflow(out, b, &out);
  }
};

struct BufferSpec {
  enum class Init { Zero, Const, Iota, Uniform };
  std::string name;
  Type type = Type::U32;
  std::uint64_t count = 0;
  Init init = Init::Zero;
  double value = 0, start = 0, step = 1, min = 0, max = 1;
};

struct BufferArg {
  std::string name;
};
using Arg = std::variant<Expr, double, BufferArg>;  // integer (or expression), float, buffer address

struct LaunchSpec {
  std::string where;  // "step 2" / "step 3 launch 1", for messages
  std::string kernel;
  std::array<Expr, 3> grid{Expr{0, 1}, Expr{0, 1}, Expr{0, 1}};
  std::array<Expr, 3> block{Expr{0, 1}, Expr{0, 1}, Expr{0, 1}};
  Expr dynamic_shared_bytes{0, 0};
  std::vector<Arg> args;
  std::int64_t repeat = 1;
};

struct StepSpec {
  std::vector<LaunchSpec> launches;  // one unless while_nonzero
  std::string while_nonzero;         // buffer name; empty: run the launches once
  std::int64_t reset = 0;
  std::int64_t max_passes = 1000;
};

struct Harness {
  std::filesystem::path path;  // the harness file
  std::string file;            // its file name, for messages
  std::string name, description;
  std::filesystem::path ptx;  // resolved path of the PTX
  std::vector<BufferSpec> buffers;
  std::vector<StepSpec> steps;
};

Harness load_harness(const std::filesystem::path& toml_file);

struct RunOptions {
  std::uint64_t seed = 1;
  TraceOptions trace;  // trace.record = false runs functionally only
  // limits.max_loop_passes (a step's max_passes and a launch's repeat), limits.max_device_mib (the
  // buffers' bytes), limits.max_input_mib (the PTX file): over one, run_harness() throws InputError
  // naming the harness key and the limit before any launch.
  std::int64_t max_loop_passes = Limits{}.max_loop_passes;
  std::uint64_t max_device_bytes = Limits{}.max_device_bytes;
  std::uint64_t max_input_bytes = Limits{}.max_input_bytes;
};

struct LaunchRecord {
  std::string kernel;
  LaunchShape shape;
  std::size_t step = 0;  // index into Harness::steps
  std::uint64_t warp_instructions = 0;
};

using BufferBytes = std::map<std::string, std::vector<unsigned char>>;

struct HarnessRun {
  Program program;
  BufferBytes initial;                             // after initialization, before any launch
  BufferBytes final;                               // after the last launch
  std::map<std::string, std::uint64_t> addresses;  // device address of each buffer
  std::vector<LaunchRecord> launches;
  std::vector<LaunchTrace> traces;  // [launch]
  std::uint64_t warp_instructions = 0;
};

HarnessRun run_harness(const Harness& h, const RunOptions& opt);

// Copies the [limits] the harness run checks into `ro`.
inline void set_limits(RunOptions& ro, const Limits& l) {
  ro.trace.max_warp_instructions = l.max_warp_instructions;
  ro.trace.max_launch_instructions = l.max_launch_instructions;
  ro.max_loop_passes = l.max_loop_passes;
  ro.max_device_bytes = l.max_device_bytes;
  ro.max_input_bytes = l.max_input_bytes;
}

}  // namespace rfvar::arch::ptx
