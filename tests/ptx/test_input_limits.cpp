// The front ends' resource limits (common/limits.h) and hostile numbers: each refusal is an
// InputError naming the file and the limit key or the accepted range, raised before the work.
#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

#include "ptx/harness.h"
#include "ptx/interpreter.h"
#include "ptx/parser.h"
#include "ptx/ptxas_regs.h"
#include "tests/ptx/ptx_run.h"
#include "workload/kernel_parser.h"

namespace {
namespace RFVAR_UNITY_ID {

namespace fs = std::filesystem;
using namespace rfvar::arch::ptx;
using rfvar::InputError;

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

fs::path scratch() {
  const fs::path d = fs::temp_directory_path() / ("rfvar-test-input-limits-" + std::to_string(::getpid()));
  fs::create_directories(d);
  return d;
}

fs::path write(const fs::path& p, const std::string& text) {
  std::ofstream(p) << text;
  return p;
}

const std::string kPtx = rfvar::test::ptx_module(R"(
.visible .entry noop(.param .u64 p)
{
	ret;
}

.visible .entry spin()
{
$L_top:
	bra.uni $L_top;
}
)");

TEST_CASE("GIVEN a register declaration of millions WHEN parsed THEN it is refused at once, naming the line and the bound") {
  // fuzz_ptx (28 Nov): %r<2324714> took 11 s under ASan, one map entry per register; %r<N> with N
  // near 2^31 would have filled memory. nvcc's kernels declare a few hundred per type.
  const auto decl = [](const std::string& regs) {
    return rfvar::test::ptx_module(".visible .entry k()\n{\n\t.reg .b32 " + regs + ";\n\tret;\n}\n");
  };
  for (const std::string n : {"2324714", "99999999999999999999"}) {
    CAPTURE(n);
    const std::string e = error_of([&] { parse_ptx(decl("%r<" + n + ">"), "many.ptx"); });
    CHECK(e.find("many.ptx") != std::string::npos);
    CHECK(e.find("at most 65536") != std::string::npos);
  }
  CHECK(error_of([&] { parse_ptx(decl("%r<-5>"), "neg.ptx"); }).find("negative count") != std::string::npos);
  // The list form counts too: 70,000 names one by one.
  std::string list = "%a0";
  for (int i = 1; i < 70000; ++i) list += ", %a" + std::to_string(i);
  CHECK(error_of([&] { parse_ptx(decl(list), "list.ptx"); }).find("at most 65536") != std::string::npos);
  // The bound counts every declaration of the entry: two halves that fit alone do not fit together.
  const std::string two = rfvar::test::ptx_module(".visible .entry k()\n{\n\t.reg .b32 %r<40000>;\n\t.reg .f32 %f<40000>;\n\tret;\n}\n");
  CHECK(error_of([&] { parse_ptx(two, "two.ptx"); }).find("at most 65536") != std::string::npos);
  // A name declared again takes a new slot, so it counts again: %r<40000> twice is refused (40 times
  // %r<60000> had held 2.4 M slots, 1.2 GB for one block of 64 threads).
  const std::string again = rfvar::test::ptx_module(".visible .entry k()\n{\n\t.reg .b32 %r<40000>;\n\t.reg .b32 %r<40000>;\n\tret;\n}\n");
  CHECK(error_of([&] { parse_ptx(again, "again.ptx"); }).find("at most 65536") != std::string::npos);
  const std::string ok = rfvar::test::ptx_module(".visible .entry k()\n{\n\t.reg .b32 %r<40000>;\n\tret;\n}\n");
  CHECK(error_of([&] { parse_ptx(ok, "ok.ptx"); }) == "(no error)");
}

TEST_CASE("GIVEN a kernel branching to itself WHEN launched THEN max_warp_instructions stops it") {
  const Program prog = parse_ptx(kPtx, "spin.ptx");
  DeviceMemory mem;
  load_module(prog, mem);
  TraceOptions opt;
  opt.max_warp_instructions = 1000;
  const std::string e = error_of([&] { run_launch(prog, *prog.find("spin"), rfvar::test::shape(32), {}, mem, opt); });
  CHECK(e.find("spin.ptx: launch of 'spin'") != std::string::npos);
  CHECK(e.find("1001 is above limits.max_warp_instructions = 1000") != std::string::npos);
}

TEST_CASE("GIVEN a grid whose warps pass max_launch_instructions WHEN launched THEN it is refused before running") {
  const Program prog = parse_ptx(kPtx, "g.ptx");
  DeviceMemory mem;
  load_module(prog, mem);
  TraceOptions opt;
  LaunchShape s = rfvar::test::shape(64);
  s.grid = {2147483647u, 2147483647u, 2147483647u};
  const std::vector<unsigned char> params(8, 0);
  const std::string e = error_of([&] { run_launch(prog, *prog.find("noop"), s, params, mem, opt); });
  CHECK(e.find("limits.max_launch_instructions") != std::string::npos);
  opt.max_launch_instructions = 10;
  s.grid = {5, 1, 1};  // 5 blocks x 2 warps = 10: within the limit
  CHECK_NOTHROW(run_launch(prog, *prog.find("noop"), s, params, mem, opt));
  s.grid = {6, 1, 1};
  CHECK(error_of([&] { run_launch(prog, *prog.find("noop"), s, params, mem, opt); }).find("max_launch_instructions") !=
        std::string::npos);
}

TEST_CASE("GIVEN harnesses over the loop, device-memory and 64-bit limits WHEN run THEN each names its key") {
  const fs::path d = scratch();
  write(d / "k.ptx", kPtx);
  const std::string head = "name = \"h\"\nptx = \"k.ptx\"\n";
  const std::string noop = "[[step]]\nkernel = \"noop\"\ngrid = [1, 1, 1]\nblock = [32, 1, 1]\n";
  RunOptions ro;
  auto run = [&](const std::string& body) {
    return error_of([&] { run_harness(load_harness(write(d / "h.toml", head + body)), ro); });
  };
  CHECK(run(noop + "args = [0]\nrepeat = 1000000000000\n").find("repeat: 1000000000000 is above limits.max_loop_passes") !=
        std::string::npos);
  CHECK(run("[[buffer]]\nname = \"f\"\ntype = \"u32\"\ncount = 1\n[[step]]\nwhile_nonzero = \"f\"\nmax_passes = 1000000000\n"
            "[[step.launch]]\nkernel = \"noop\"\ngrid = [1, 1, 1]\nblock = [32, 1, 1]\nargs = [0]\n")
            .find("max_passes: 1000000000 is above limits.max_loop_passes") != std::string::npos);
  CHECK(run("[[buffer]]\nname = \"big\"\ntype = \"u32\"\ncount = 10000000000\n" + noop + "args = [0]\n")
            .find("buffer 'big'") != std::string::npos);
  CHECK(run(noop + "args = [\"9223372036854775807*i+9223372036854775807\"]\nrepeat = 2\n").find("overflows 64 bits") !=
        std::string::npos);
  CHECK(run(noop + "args = [\"99999999999999999999\"]\n").find("does not fit in 64 bits") != std::string::npos);
  CHECK(run(noop + "args = [0]\ndynamic_shared_bytes = 99999999999\n").find("dynamic_shared_bytes") != std::string::npos);
  CHECK(run(noop + "args = [0]\ndynamic_shared_bytes = 20000000\n").find("dynamic shared memory") != std::string::npos);
  ro.max_loop_passes = 3;
  CHECK(run(noop + "args = [0]\nrepeat = 4\n").find("limits.max_loop_passes = 3") != std::string::npos);
  CHECK(run(noop + "args = [0]\nrepeat = 3\n") == "(no error)");
  CHECK(error_of([&] { load_ptx("/dev/zero"); }).find("not a regular file") != std::string::npos);
  fs::remove_all(d);
}

TEST_CASE("GIVEN hostile numbers in PTX declarations and ptxas output WHEN read THEN the range is named") {
  const std::string big = rfvar::test::ptx_module(".shared .align 4 .b8 big[99999999999];\n\n.visible .entry e()\n{\n\tret;\n}\n");
  CHECK(error_of([&] { parse_ptx(big, "b.ptx"); }).find("99999999999") != std::string::npos);
  const fs::path d = scratch();
  const fs::path regs = write(d / "k.regs", "ptxas info    : Compiling entry function 'k' for 'sm_52'\n"
                                            "ptxas info    : Used 99999999999999 registers, 328 bytes cmem[0]\n");
  CHECK(error_of([&] { read_ptxas_regs(regs); }).find("(accepted: 0 .. 255)") != std::string::npos);
  fs::remove_all(d);
}

TEST_CASE("GIVEN a .kernel with three nested loop 100000 WHEN parsed THEN max_warp_instructions refuses it") {
  const std::string k = "rfvar-kernel 1\nbenchmark deep\nkernel deep block=32 regs=4\nloop 100000\nloop 100000\n"
                        "loop 100000\nialu r0 = r1 r2\nendloop\nendloop\nendloop\nend\nlaunch deep grid=1\n";
  const std::string e = error_of([&] { rfvar::arch::parse_benchmark(k, "deep.kernel"); });
  CHECK(e.find("deep.kernel:7: warp instructions of kernel 'deep'") != std::string::npos);
  CHECK(e.find("limits.max_warp_instructions") != std::string::npos);
  CHECK_NOTHROW(rfvar::arch::parse_benchmark(k, "deep.kernel", 2'000'000'000'000'000ull));
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
