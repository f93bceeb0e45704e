// CUDA harness TOML (ptx/harness.h): the input is the harness file; it runs against a
// fixed PTX module (two small kernels) under small limits.
#include "ptx/harness.h"
#include "fuzz/fuzz_common.h"

namespace {
const char* kPtx = R"(.version 7.0
.target sm_52
.address_size 64

.visible .entry k(.param .u64 p, .param .u32 n)
{
	.reg .b32 %r<4>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [p];
	ld.param.u32 %r1, [n];
	mov.u32 %r2, %tid.x;
	cvta.to.global.u64 %rd2, %rd1;
	mul.wide.u32 %rd3, %r2, 4;
	add.s64 %rd2, %rd2, %rd3;
	st.global.u32 [%rd2], %r1;
	ret;
}

.visible .entry noop()
{
	ret;
}
)";
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace rfvar::arch::ptx;
  static const auto ptx = rfvar::fuzz::scratch_file("k.ptx", kPtx);
  const auto path = rfvar::fuzz::scratch_file("h.toml", rfvar::fuzz::text(data, size));
  try {
    const Harness h = load_harness(path);
    RunOptions ro;
    ro.trace.max_warp_instructions = 20'000;
    ro.trace.max_launch_instructions = 200'000;
    ro.max_loop_passes = 50;
    ro.max_device_bytes = 1 << 20;
    run_harness(h, ro);
  } catch (const rfvar::InputError&) {
  }
  return 0;
}
