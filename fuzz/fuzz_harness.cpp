// CUDA harness TOML (ptx/harness.h): the input is the harness file; it runs against a
// fixed PTX module (two small kernels) under small limits. Harness files with more than kMaxLaunches
// launches in all (repeats and loop passes counted) are only loaded, not run: a valid harness of 7 x
// 11,394 blocks ran 14 s in the sanitized build (0.4 s in Release), past libFuzzer's 10 s timeout
// (fuzz/README.md); the limits each launch is checked against stay small instead.
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
// At most 16 launches of at most 20,000 warp instructions: ~3 s in the sanitized build at ~10 us
// per interpreted warp instruction.
constexpr double kMaxLaunches = 16;
double launches(const rfvar::arch::ptx::Harness& h) {  // in double: the counts may be near 2^63
  double n = 0;
  for (const auto& st : h.steps)
    for (const auto& l : st.launches)
      n += (st.while_nonzero.empty() ? 1.0 : static_cast<double>(st.max_passes)) * static_cast<double>(l.repeat);
  return n;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace rfvar::arch::ptx;
  static const auto ptx = rfvar::fuzz::scratch_file("k.ptx", kPtx);
  const auto path = rfvar::fuzz::scratch_file("h.toml", rfvar::fuzz::text(data, size));
  try {
    const Harness h = load_harness(path);
    if (launches(h) > kMaxLaunches) return 0;
    RunOptions ro;
    ro.trace.max_warp_instructions = 20'000;
    ro.trace.max_launch_instructions = 20'000;
    ro.max_loop_passes = 50;
    ro.max_device_bytes = 1 << 20;
    run_harness(h, ro);
  } catch (const rfvar::InputError&) {
  }
  return 0;
}
