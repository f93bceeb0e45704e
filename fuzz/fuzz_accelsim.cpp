// Accel-Sim traces (frontend/accelsim/): the input is a kernel trace (.traceg) text; its first
// line, if it looks like a kernels list line, is also parsed as a kernelslist.g.
#include "frontend/accelsim/kernel_trace_reader.h"
#include "frontend/accelsim/kernels_list.h"
#include "common/config.h"
#include "fuzz/fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view t = rfvar::fuzz::text(data, size);
  try {
    rfvar::arch::accelsim::parse_kernel_trace(t, "kernel-1.traceg");
  } catch (const rfvar::InputError&) {
  }
  try {
    rfvar::arch::accelsim::parse_kernels_list(t, "kernelslist.g");
  } catch (const rfvar::InputError&) {
  }
  return 0;
}
