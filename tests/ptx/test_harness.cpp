// Host harnesses (ptx/harness.h): buffer initialization, params, repeat expressions,
// while_nonzero loops, launch records, and errors naming the harness file and key.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "ptx/harness.h"
#include "common/config.h"
#include "tests/ptx/ptx_run.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::arch::ptx;
namespace fs = std::filesystem;

namespace {
const std::string kKernels = test::ptx_module(R"(
.visible .entry axpy(.param .u64 x, .param .u64 y, .param .u32 n, .param .f32 a)
{
  .reg .pred %p<2>;
  .reg .b32 %r<3>;
  .reg .f32 %f<5>;
  .reg .b64 %rd<6>;
  ld.param.u64 %rd1, [x];
  ld.param.u64 %rd2, [y];
  ld.param.u32 %r1, [n];
  ld.param.f32 %f1, [a];
  mov.u32 %r2, %tid.x;
  setp.ge.u32 %p1, %r2, %r1;
  @%p1 bra END;
  mul.wide.u32 %rd3, %r2, 4;
  add.s64 %rd4, %rd1, %rd3;
  add.s64 %rd5, %rd2, %rd3;
  ld.global.f32 %f2, [%rd4];
  ld.global.f32 %f3, [%rd5];
  fma.rn.f32 %f4, %f1, %f2, %f3;
  st.global.f32 [%rd5], %f4;
END:
  ret;
}
.visible .entry add_i(.param .u64 out, .param .s32 v)
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  ld.param.u32 %r1, [v];
  mov.u32 %r2, %tid.x;
  mul.wide.u32 %rd2, %r2, 4;
  add.s64 %rd3, %rd1, %rd2;
  ld.global.u32 %r3, [%rd3];
  add.s32 %r3, %r3, %r1;
  st.global.u32 [%rd3], %r3;
  ret;
}
.visible .entry countdown(.param .u64 ctr, .param .u64 stop)
{
  .reg .pred %p<2>;
  .reg .b32 %r<3>;
  .reg .b64 %rd<3>;
  ld.param.u64 %rd1, [ctr];
  ld.param.u64 %rd2, [stop];
  ld.global.u32 %r1, [%rd1];
  add.s32 %r1, %r1, -1;
  st.global.u32 [%rd1], %r1;
  setp.ne.s32 %p1, %r1, 0;
  selp.u32 %r2, 1, 0, %p1;
  st.global.u8 [%rd2], %r2;
  ret;
}
)");

fs::path dir() {
  const fs::path d = fs::path(RFVAR_TEST_TMP) / "ptx-harness";
  fs::create_directories(d);
  std::ofstream(d / "k.ptx") << kKernels;
  return d;
}

fs::path write(const std::string& name, const std::string& toml) {
  const fs::path p = dir() / name;
  std::ofstream(p) << toml;
  return p;
}

const std::string kHead = "ptx = \"k.ptx\"\n";

std::string error_of(const std::string& toml) {
  try {
    run_harness(load_harness(write("bad.toml", toml)), RunOptions{});
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

template <typename T>
std::vector<T> as(const BufferBytes& b, const std::string& name) {
  std::vector<T> v(b.at(name).size() / sizeof(T));
  std::memcpy(v.data(), b.at(name).data(), v.size() * sizeof(T));
  return v;
}
}  // namespace

TEST_CASE(
    "ptx harness: GIVEN buffers of each init kind WHEN initialized THEN contents follow the kind and the "
    "seed") {
  const std::string toml = kHead + R"(
[[buffer]]
name = "c"
type = "f32"
count = 4
init = "const"
value = 1.5
[[buffer]]
name = "io"
type = "s32"
count = 5
init = "iota"
start = -2
step = 3
[[buffer]]
name = "uf"
type = "f64"
count = 1000
init = "uniform"
min = 2.0
max = 3.0
[[buffer]]
name = "ui"
type = "u8"
count = 1000
init = "uniform"
min = 10
max = 12
[[buffer]]
name = "z"
type = "u64"
count = 3
[[step]]
kernel = "add_i"
grid = [1]
block = [1]
args = ["z", 0]
)";
  const Harness h = load_harness(write("init.toml", toml));
  CHECK(h.name == "init");
  RunOptions o1, o2;
  o2.seed = 2;
  const HarnessRun a = run_harness(h, o1), b = run_harness(h, o1), c = run_harness(h, o2);
  CHECK(as<float>(a.initial, "c") == std::vector<float>(4, 1.5f));
  CHECK(as<std::int32_t>(a.initial, "io") == std::vector<std::int32_t>{-2, 1, 4, 7, 10});
  CHECK(as<std::uint64_t>(a.initial, "z") == std::vector<std::uint64_t>(3, 0));
  const auto uf = as<double>(a.initial, "uf");
  CHECK(*std::min_element(uf.begin(), uf.end()) >= 2.0);
  CHECK(*std::max_element(uf.begin(), uf.end()) < 3.0);
  const auto ui = as<std::uint8_t>(a.initial, "ui");
  CHECK(std::count(ui.begin(), ui.end(), 10) > 250);  // each of 3 values ~333 times (> 8 sigma margin)
  CHECK(std::count(ui.begin(), ui.end(), 12) > 250);
  CHECK(std::count_if(ui.begin(), ui.end(), [](int v) { return v < 10 || v > 12; }) == 0);
  CHECK(a.initial == b.initial);
  CHECK(a.initial.at("uf") != c.initial.at("uf"));
  CHECK(a.addresses.at("c") % 256 == 0);
  CHECK(a.addresses.at("io") % 256 == 0);
}

TEST_CASE(
    "ptx harness: GIVEN repeat, expressions and a while_nonzero loop WHEN run THEN launches, results and "
    "traces follow") {
  const std::string toml = kHead + R"(
[[buffer]]
name = "x"
type = "f32"
count = 40
init = "iota"
[[buffer]]
name = "y"
type = "f32"
count = 40
init = "const"
value = 1.0
[[buffer]]
name = "acc"
type = "s32"
count = 8
[[buffer]]
name = "ctr"
type = "u32"
count = 1
init = "const"
value = 5
[[buffer]]
name = "stop"
type = "u8"
count = 1

[[step]]
kernel = "axpy"
grid = [1, 1, 1]
block = [64, 1, 1]
args = ["x", "y", 40, 2.0]

[[step]]
kernel = "add_i"
grid = [1]
block = ["0*i+8"]
args = ["acc", "2*i+1"]
repeat = 3

[[step]]
while_nonzero = "stop"
reset = 0
max_passes = 10
  [[step.launch]]
  kernel = "countdown"
  grid = [1]
  block = [1]
  args = ["ctr", "stop"]
)";
  const HarnessRun r = run_harness(load_harness(write("steps.toml", toml)), RunOptions{});
  const auto y = as<float>(r.final, "y");
  for (int k = 0; k < 40; ++k) CHECK(y[static_cast<std::size_t>(k)] == 2.0f * static_cast<float>(k) + 1.0f);
  CHECK(as<std::int32_t>(r.final, "acc") == std::vector<std::int32_t>(8, 1 + 3 + 5));
  CHECK(as<std::uint32_t>(r.final, "ctr")[0] == 0);
  REQUIRE(r.launches.size() == 1 + 3 + 5);
  CHECK(r.traces.size() == 9);
  CHECK(r.traces[4].launch == 4);
  CHECK(r.launches[1].kernel == "add_i");
  CHECK(r.launches[8].step == 2);
  CHECK(r.launches[0].shape.block[0] == 64);
  CHECK(r.traces[0].blocks[0].warps.size() == 2);
  std::uint64_t sum = 0;
  for (const auto& l : r.launches) sum += l.warp_instructions;
  CHECK(sum == r.warp_instructions);
}

TEST_CASE("ptx harness: GIVEN mistakes WHEN loaded or run THEN errors name the harness file and key") {
  const std::string buf = "[[buffer]]\nname = \"a\"\ntype = \"u32\"\ncount = 8\n";
  const std::string launch = "[[step]]\nkernel = \"add_i\"\ngrid = [1]\nblock = [8]\n";
  CHECK(error_of(kHead + buf + launch + "args = [\"a\", \"b_c\"]\n") ==
        "bad.toml: step 1 args[1]: no buffer 'b_c'");
  CHECK(error_of(kHead + "[[buffer]]\nname = \"a\"\ntype = \"f16\"\ncount = 8\n" + launch) ==
        "bad.toml: buffer 1 type: 'f16' is not one of u8 s8 u16 s16 u32 s32 u64 s64 f32 f64");
  CHECK(error_of(kHead + buf + "init = \"random\"\n" + launch) ==
        "bad.toml: buffer 1 init: 'random' is not one of zero const iota uniform");
  CHECK(error_of(kHead + buf + buf + launch) == "bad.toml: buffer 2 name: 'a' is declared twice");
  CHECK(error_of(kHead + buf + launch + "args = [\"a\"]\n") ==
        "bad.toml: step 1 args: 1 values, 'add_i' takes 2 parameters");
  CHECK(error_of(kHead + buf + launch + "args = [\"a\", \"2*j\"]\n") ==
        "bad.toml: step 1 args[1]: '2*j' is not an expression \"A*i+B\" (integers A, B)");
  CHECK(error_of(kHead + buf + launch + "args = [\"a\", 1]\ncolour = 3\n") ==
        "bad.toml: step 1 colour: unknown key");
  CHECK(error_of(kHead + buf + "[[step]]\nkernel = \"nope\"\ngrid = [1]\nblock = [1]\nargs = []\n") ==
        "bad.toml: step 1 kernel: no .entry 'nope' in k.ptx");
  CHECK(error_of(
            kHead + buf +
            "[[step]]\nkernel = \"add_i\"\ngrid = [\"1-i\"]\nblock = [8]\nargs = [\"a\", 1]\nrepeat = 2\n") ==
        "bad.toml: step 1 grid: evaluates to 0 (>= 1 expected) at i = 1");
  CHECK(error_of(kHead + buf + "[[buffer]]\nname = \"s\"\ntype = \"u8\"\ncount = 1\n" +
                 "[[step]]\nwhile_nonzero = \"s\"\nreset = 1\nmax_passes = 3\n  [[step.launch]]\n  kernel = "
                 "\"add_i\"\n"
                 "  grid = [1]\n  block = [1]\n  args = [\"a\", 1]\n") ==
        "bad.toml: step 1 max_passes: 's' still nonzero after 3 passes");
  CHECK(error_of("ptx = \"k.ptx\"\n[[buffer]]\nname = \"i\"\ntype = \"u8\"\ncount = 1\n" + launch) ==
        "bad.toml: buffer 1 name: 'i' is reserved (the repetition index)");
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
