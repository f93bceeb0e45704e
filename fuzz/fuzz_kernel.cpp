// The .kernel text format (workload/kernel_parser.h), with a small instruction limit so a
// deeply nested loop is refused quickly.
#include "fuzz/fuzz_common.h"
#include "workload/kernel_parser.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    rfvar::arch::parse_benchmark(rfvar::fuzz::text(data, size), "fuzz.kernel", 1'000'000);
  } catch (const rfvar::InputError&) {
  }
  return 0;
}
