// .rftrace files (workload/trace_file.h): the input is the file's bytes.
#include "common/config.h"
#include "fuzz/fuzz_common.h"
#include "workload/trace_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto path = rfvar::fuzz::scratch_file("f.rftrace", rfvar::fuzz::text(data, size));
  try {
    rfvar::arch::load_trace_file(path);
  } catch (const rfvar::InputError&) {
  }
  return 0;
}
