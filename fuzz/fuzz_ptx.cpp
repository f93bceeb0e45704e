// PTX (ptx/parser.h) and the interpreter's entry: the input is a PTX module; every entry
// it defines is launched once (one block of 64 threads, zeroed parameters, 4 KiB of device
// memory) under small instruction limits.
#include "ptx/interpreter.h"
#include "ptx/parser.h"
#include "fuzz/fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace rfvar::arch::ptx;
  try {
    const Program prog = parse_ptx(rfvar::fuzz::text(data, size), "fuzz.ptx");
    for (const Entry& e : prog.entries) {
      DeviceMemory mem;
      load_module(prog, mem);
      mem.allocate(4096);
      TraceOptions opt;
      opt.max_warp_instructions = 20'000;
      opt.max_launch_instructions = 100'000;
      LaunchShape shape;
      shape.block = {64, 1, 1};
      const std::vector<unsigned char> params(static_cast<std::size_t>(e.param_bytes), 0);
      try {
        run_launch(prog, e, shape, params, mem, opt);
      } catch (const rfvar::InputError&) {
      }
    }
  } catch (const rfvar::InputError&) {
  }
  return 0;
}
