// Every malformed-input error of the Accel-Sim reader, with the line it names.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "frontend/accelsim/kernel_trace_reader.h"
#include "frontend/accelsim/kernels_list.h"
#include "common/config.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::arch::accelsim;

namespace {
const std::filesystem::path kData = std::filesystem::path(__FILE__).parent_path() / "data";

// Lines 1-8; "#BEGIN_TB" is line 9, "thread block" 10, "warp = 0" 11, "insts = N" 12, the first
// instruction line 13.
std::string header(const std::string& grid = "(1,1,1)", const std::string& block = "(32,1,1)",
                   int version = 3) {
  return "-kernel name = k\n-kernel id = 1\n-grid dim = " + grid + "\n-block dim = " + block +
         "\n-shmem = 0\n-nregs = 8\n-binary version = 70\n-accelsim tracer version = " +
         std::to_string(version) + "\n";
}

// One block, one warp with `lines` (insts = their number unless given).
std::string one_warp(const std::vector<std::string>& lines, int insts = -1, int version = 3) {
  std::string t = header("(1,1,1)", "(32,1,1)", version) +
                  "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = " +
                  std::to_string(insts < 0 ? static_cast<int>(lines.size()) : insts) + "\n";
  for (const auto& l : lines) t += l + "\n";
  return t + "#END_TB\n";
}

std::string error_of(const std::string& text) {
  try {
    parse_kernel_trace(text, "kernel-1.traceg");
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

// The message of an error on instruction line 13 (the first of one warp), exit following.
std::string line_error(const std::string& line) {
  return error_of(one_warp({line, "00f0 ffffffff 0 EXIT 0 0"}));
}

const std::string kExit = "00f0 ffffffff 0 EXIT 0 0";
}  // namespace

TEST_SUITE("accelsim") {
  TEST_CASE(
      "GIVEN a header whose grid has more blocks than the file could hold WHEN parsed THEN an InputError names "
      "the grid and the bound, before a slot per block is allocated (fuzz_accelsim: a 200 M-block grid ran out "
      "of memory)") {
    const std::string t = header("(2,100000000,1)") + "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n" +
                          kExit + "\n#END_TB\n";
    const std::string e = error_of(t);
    CHECK(e.find("kernel-1.traceg:9") != std::string::npos);
    CHECK(e.find("grid of 200000000 blocks") != std::string::npos);
    CHECK(e.find("holds at most") != std::string::npos);
    // A grid the file can hold is read up to the missing blocks (the usual error).
    CHECK(error_of(header("(3,1,1)") + "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n" + kExit +
                   "\n#END_TB\n").find("2 of 3 blocks are missing") != std::string::npos);
  }

  TEST_CASE(
      "GIVEN a well-formed one-warp trace WHEN parsed THEN there is no error (the base of the cases below)") {
    CHECK(error_of(one_warp({"0000 ffffffff 1 R1 MOV 0 0", kExit})) == "");
  }

  TEST_CASE("GIVEN bad instruction fields WHEN parsed THEN the error names line 13 and the field") {
    CHECK(line_error("0000 fffffffz 0 NOP 0 0") ==
          "kernel-1.traceg:13: bad mask 'fffffffz': expected at most 8 hex digits (32 lanes)");
    CHECK(line_error("0000 1ffffffff 0 NOP 0 0") ==
          "kernel-1.traceg:13: bad mask '1ffffffff': expected at most 8 hex digits (32 lanes)");
    CHECK(line_error("00g0 ffffffff 0 NOP 0 0") == "kernel-1.traceg:13: bad PC '00g0': expected hex");
    CHECK(line_error("0000 ffffffff x NOP 0 0") ==
          "kernel-1.traceg:13: bad destination count 'x': expected a decimal number");
    CHECK(line_error("0000 ffffffff 1") == "kernel-1.traceg:13: line ends early: expected a register R<n>");
    CHECK(line_error("0000 ffffffff 0 NOP 0") ==
          "kernel-1.traceg:13: line ends early: expected a memory width");
    CHECK(line_error("0000 ffffffff 1 R1 R2 IADD3 0 0") ==
          "kernel-1.traceg:13: expected an opcode after the destination registers, got 'R2'");
    CHECK(line_error("0000 ffffffff 17 R1 IADD3 0 0") ==
          "kernel-1.traceg:13: too many destination registers (17 > 16)");
    CHECK(line_error("0000 ffffffff 1 R256 MOV 0 0") ==
          "kernel-1.traceg:13: register 'R256' out of range (R0..R255)");
    CHECK(line_error("0000 ffffffff 1 P0 ISETP 0 0") ==
          "kernel-1.traceg:13: expected 1 destination register(s) R<n>; 'P0' is register 1");
    CHECK(line_error("0000 ffffffff 0 NOP 0 0 7") ==
          "kernel-1.traceg:13: unexpected '7' after the instruction's last field");
    CHECK(line_error("0000 ffffffff 0 NOP -1 0") == "kernel-1.traceg:13: bad source register count -1");
  }

  TEST_CASE("GIVEN a wrong number of registers WHEN parsed THEN the next field does not fit and is named") {
    // dest_num 2 with one register: the opcode is taken for the second.
    CHECK(line_error("0000 ffffffff 2 R1 IMAD 0 0") ==
          "kernel-1.traceg:13: expected 2 destination register(s) R<n>; 'IMAD' is register 2");
    // src_num 1 with two registers: the second stands where the memory width should.
    CHECK(
        line_error("0000 ffffffff 1 R1 IADD3 1 R2 R3 0") ==
        "kernel-1.traceg:13: expected the memory width (decimal bytes) after the source registers, got 'R3'");
    // src_num 3 with two.
    CHECK(line_error("0000 ffffffff 1 R1 IADD3 3 R2 R3 0") ==
          "kernel-1.traceg:13: expected 3 source register(s) R<n>; '0' is register 3");
  }

  TEST_CASE("GIVEN bad memory fields WHEN parsed THEN the error names the address mode or address") {
    CHECK(line_error("0000 ffffffff 1 R4 LDG.E 1 R2 4 3 0x0") ==
          "kernel-1.traceg:13: unknown address mode '3' (accepted: 0 list, 1 base+stride, 2 base+deltas)");
    CHECK(line_error("0000 00000003 1 R4 LDG.E 1 R2 4 0 0x100") ==
          "kernel-1.traceg:13: address mode 0 needs one address per active lane: mask has 2 lanes, the line "
          "has 1 more fields");
    CHECK(line_error("0000 00000007 1 R4 LDG.E 1 R2 4 2 0x100 4") ==
          "kernel-1.traceg:13: address mode 2 needs one delta per active lane after the first: mask has 3 "
          "lanes, the line has 1 more fields");
    CHECK(line_error("0000 00000001 1 R4 LDG.E 1 R2 4 0 0xZZ") ==
          "kernel-1.traceg:13: bad address '0xZZ': expected 0x and hex digits");
    CHECK(line_error("0000 00000001 1 R4 LDG.E 1 R2 4 0 100") ==
          "kernel-1.traceg:13: bad address '100': expected 0x and hex digits");
    CHECK(line_error("0000 00000001 1 R4 LDG.E 1 R2 4 1 7f00 4") ==
          "kernel-1.traceg:13: bad base address '7f00': expected 0x and hex digits");
    CHECK(line_error("0000 ffffffff 1 R4 LDG.E 1 R2 4 1 0x100 four") ==
          "kernel-1.traceg:13: bad stride 'four': expected a decimal number");
    CHECK(line_error("0000 00000003 1 R4 LDG.E 1 R2 4 2 0x100 1.5") ==
          "kernel-1.traceg:13: bad address delta '1.5': expected a decimal number");
    CHECK(line_error("0000 ffffffff 1 R4 LDG.E 1 R2 64 1 0x100 4") ==
          "kernel-1.traceg:13: memory width 64 out of range (0..32 bytes per lane)");
    CHECK(line_error("0000 ffffffff 1 R4 IADD3 1 R2 4 1 0x100 4") ==
          "kernel-1.traceg:13: 'IADD3' is not a memory instruction but has memory width 4");
  }

  TEST_CASE("GIVEN an opcode the table does not know WHEN parsed THEN the error names it") {
    CHECK(
        line_error("0000 ffffffff 0 FROB.X 0 0") ==
        "kernel-1.traceg:13: unknown SASS opcode 'FROB.X' (docs/accelsim-traces.md lists the accepted ones)");
  }

  TEST_CASE("GIVEN one PC traced two ways WHEN parsed THEN the second occurrence is named with the first") {
    CHECK(error_of(one_warp({"0000 ffffffff 1 R1 MOV 0 0", "0000 ffffffff 1 R2 MOV 0 0", kExit})) ==
          "kernel-1.traceg:14: PC 0x0000 differs from its first occurrence at line 13 (opcode 'MOV', "
          "registers and memory width must be the same each time)");
  }

  TEST_CASE("GIVEN v5 fields WHEN malformed THEN line number and immediate errors name the line") {
    std::string lineinfo = one_warp({"x 0000 ffffffff 0 EXIT 0 0 0"}, -1, 5);
    lineinfo.insert(lineinfo.find("#BEGIN_TB"),
                    "-enable lineinfo = 1\n");  // pushes the instruction to line 14
    CHECK(error_of(lineinfo) == "kernel-1.traceg:14: bad source line number 'x': expected a decimal number");
    CHECK(error_of(one_warp({"0000 ffffffff 0 EXIT 0 0 0 0"}, -1, 5)) ==
          "kernel-1.traceg:13: unexpected '0' after the instruction's last field");
    CHECK(error_of(one_warp({"0000 ffffffff 0 EXIT 0 0 z"}, -1, 5)) ==
          "kernel-1.traceg:13: bad immediate 'z': expected a number");
    // A v5 line missing an address: its immediate is not taken for one.
    CHECK(error_of(one_warp({"0000 00000003 1 R4 LDG.E 1 R2 4 0 0x100 0", kExit}, -1, 5)) ==
          "kernel-1.traceg:13: bad address '0': expected 0x and hex digits");
    // The immediate is optional and v3 has none.
    CHECK(error_of(one_warp({"0000 ffffffff 0 EXIT 0 0"}, -1, 5)) == "");
    CHECK(error_of(one_warp({"0000 ffffffff 0 EXIT 0 0 0"}, -1, 3)) ==
          "kernel-1.traceg:13: unexpected '0' after the instruction's last field");
  }

  TEST_CASE("GIVEN an insts count that does not match its lines WHEN parsed THEN the mismatch is named") {
    CHECK(error_of(one_warp({"0000 ffffffff 1 R1 MOV 0 0", kExit}, 3)) ==
          "kernel-1.traceg:15: warp 0 of block (0,0,0) has 2 instruction lines, fewer than 'insts = 3' at "
          "line 12 says; found '#END_TB'");
    CHECK(error_of(one_warp({kExit, "0100 ffffffff 0 EXIT 0 0"}, 1)) ==
          "kernel-1.traceg:14: expected 'warp = N' or #END_TB, got '0100 ffffffff 0 EXIT 0 0' (more "
          "instruction lines than 'insts = 1' at line 12?)");
    CHECK(error_of(header() + "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 2\n" + kExit + "\n") ==
          "kernel-1.traceg:13: the file ends inside warp 0 of block (0,0,0) after 1 instruction lines, fewer "
          "than "
          "'insts = 2' at line 12 says");
    CHECK(error_of(header() + "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = two\n") ==
          "kernel-1.traceg:12: expected 'insts = N' (N >= 0) after 'warp = 0', got 'insts = two'");
  }

  TEST_CASE("GIVEN a warp whose last instruction is not EXIT WHEN parsed THEN it is an error") {
    CHECK(error_of(one_warp({"0000 ffffffff 0 BRA 0 0"})) ==
          "kernel-1.traceg:13: warp 0 of block (0,0,0) ends with 'BRA', not EXIT (Accel-Sim traces end every "
          "warp with EXIT)");
  }

  TEST_CASE("GIVEN block structure errors WHEN parsed THEN #END_TB, blocks and warps are checked") {
    const std::string warp0 = "warp = 0\ninsts = 1\n" + kExit + "\n";
    CHECK(error_of(header() + "#BEGIN_TB\nthread block = 0,0,0\n" + warp0) ==
          "kernel-1.traceg:13: missing #END_TB: the file ends inside block (0,0,0) opened at line 9");
    CHECK(error_of(header("(2,1,1)") + "#BEGIN_TB\nthread block = 0,0,0\n" + warp0 +
                   "#BEGIN_TB\nthread block = 1,0,0\n" + warp0 + "#END_TB\n") ==
          "kernel-1.traceg:14: expected 'warp = N' or #END_TB, got '#BEGIN_TB' (missing #END_TB for block "
          "(0,0,0))");
    CHECK(error_of(header() + "#BEGIN_TB\nwarp = 0\n") ==
          "kernel-1.traceg:10: expected 'thread block = x,y,z' after #BEGIN_TB, got 'warp = 0'");
    CHECK(error_of(header() + "#BEGIN_TB\nthread block = 0,0\n") ==
          "kernel-1.traceg:10: bad thread block '0,0': expected x,y,z");
    CHECK(error_of(header() + "#BEGIN_TB\nthread block = 1,0,0\n") ==
          "kernel-1.traceg:10: thread block '1,0,0' outside the grid (1,1,1)");
    CHECK(error_of(header("(2,1,1)") + "#BEGIN_TB\nthread block = 1,0,0\n" + warp0 + "#END_TB\n") ==
          "kernel-1.traceg:14: 1 of 2 blocks are missing, the first is block (0,0,0)");
    CHECK(error_of(header("(2,1,1)") + "#BEGIN_TB\nthread block = 1,0,0\n" + warp0 + "#END_TB\n#BEGIN_TB\n" +
                   "thread block = 1,0,0\n") ==
          "kernel-1.traceg:16: block (1,0,0) given twice (first at line 10)");
    CHECK(error_of(header() + "#BEGIN_TB\nthread block = 0,0,0\nwarp = 1\n") ==
          "kernel-1.traceg:11: bad warp '1': blocks of 32 threads have warps 0..0");
    CHECK(error_of(header() + "#BEGIN_TB\nthread block = 0,0,0\n" + warp0 + "warp = 0\n") ==
          "kernel-1.traceg:14: warp 0 of block (0,0,0) given twice (first at line 11)");
    CHECK(
        error_of(header("(1,1,1)", "(64,1,1)") + "#BEGIN_TB\nthread block = 0,0,0\n" + warp0 + "#END_TB\n") ==
        "kernel-1.traceg:14: block (0,0,0) opened at line 9 has no 'warp = 1' (blocks of 64 threads have 2 "
        "warps)");
    CHECK(error_of(header() + "#BEGIN_TB\nthread block = 0,0,0\n" + warp0 + "#END_TB\nwarp = 0\n") ==
          "kernel-1.traceg:15: expected #BEGIN_TB, got 'warp = 0'");
    CHECK(error_of(header()) == "kernel-1.traceg:8: no #BEGIN_TB: the trace holds no thread block");
  }

  TEST_CASE("GIVEN header errors WHEN parsed THEN the header line or the first #BEGIN_TB is named") {
    CHECK(
        error_of(
            "-kernel name = k\n-block dim = (32,1,1)\n-shmem = 0\n-nregs = 8\n-accelsim tracer version = 3\n"
            "\n#BEGIN_TB\n") == "kernel-1.traceg:7: header -grid dim missing before the first #BEGIN_TB");
    CHECK(error_of("-grid dim = (1,x,1)\n") ==
          "kernel-1.traceg:1: bad -grid dim '(1,x,1)': expected (x,y,z) with positive integers");
    CHECK(error_of("-grid dim = (1,0,1)\n") ==
          "kernel-1.traceg:1: bad -grid dim '(1,0,1)': expected (x,y,z) with positive integers");
    CHECK(error_of("-accelsim tracer version = 2\n") ==
          "kernel-1.traceg:1: unsupported -accelsim tracer version 2 (accepted: 3, 4, 5; older raw traces "
          "must go through post-traces-processing)");
    CHECK(error_of("-nregs = 8\n-nregs = 9\n") == "kernel-1.traceg:2: header -nregs given twice");
    CHECK(error_of("-nregs 8\n") ==
          "kernel-1.traceg:1: header line '-nregs 8' has no '='; expected -key = value");
    CHECK(error_of("-shmem base_addr = 0xq\n") ==
          "kernel-1.traceg:1: bad -shmem base_addr '0xq': expected a hex number");
    CHECK(error_of("-enable lineinfo = 2\n") ==
          "kernel-1.traceg:1: bad -enable lineinfo '2': expected 0 or 1");
    CHECK(error_of(header("(1,1,1)", "(2048,1,1)") + "#BEGIN_TB\n") ==
          "kernel-1.traceg:9: -block dim has 2048 threads (accepted: 1..1024)");
    CHECK(error_of("0000 ffffffff 0 EXIT 0 0\n") ==
          "kernel-1.traceg:1: expected a header line '-key = value' or #BEGIN_TB, got '0000 ffffffff 0 EXIT "
          "0 0'");
    // Unknown keys (newer tracers) and comments are skipped.
    CHECK(error_of("-cluster dim = (1,1,1)\n# a comment\n" + one_warp({kExit})) == "");
  }

  TEST_CASE("GIVEN kernelslist.g errors WHEN read THEN the list line is named") {
    const auto list_error = [](const std::string& text) {
      try {
        parse_kernels_list(text, "kernelslist.g");
      } catch (const InputError& e) {
        return std::string(e.what());
      }
      return std::string();
    };
    CHECK(list_error("MemcpyHtoD,0x10,16\n\nkernel-1.traceg.xz\n") ==
          "kernelslist.g:3: compressed kernel trace 'kernel-1.traceg.xz' is not supported: decompress it (xz "
          "-dk) and name the .traceg in the list");
    CHECK(list_error("MemcpyHtoD,0x10\n") ==
          "kernelslist.g:1: bad memcpy line 'MemcpyHtoD,0x10': expected MemcpyHtoD,0xADDR,BYTES");
    CHECK(list_error("MemcpyHtoD,0x10,16,3\n") ==
          "kernelslist.g:1: bad memcpy line 'MemcpyHtoD,0x10,16,3': expected MemcpyHtoD,0xADDR,BYTES");
    CHECK(list_error("kernel-1.trace\n") ==
          "kernelslist.g:1: raw kernel trace 'kernel-1.trace': run Accel-Sim's post-traces-processing to get "
          "the .traceg");
    CHECK(list_error("launch foo\n") ==
          "kernelslist.g:1: expected 'MemcpyHtoD,0xADDR,BYTES' or a kernel trace 'kernel-N.traceg', got "
          "'launch foo'");
    const KernelsList ok = parse_kernels_list("# c\nMemcpyHtoD,0x10,16\nkernel-1.traceg\n", "kernelslist.g");
    CHECK(ok.kernel_files == std::vector<std::string>{"kernel-1.traceg"});
    CHECK(ok.kernel_lines == std::vector<std::int64_t>{3});
  }

  TEST_CASE("GIVEN missing or compressed files WHEN read THEN the error names the file") {
    CHECK_THROWS_WITH_AS(read_kernel_trace("/nonexistent/kernel-1.traceg.xz"),
                         "/nonexistent/kernel-1.traceg.xz: compressed traces (.traceg.xz) are not supported; "
                         "decompress first (xz -dk /nonexistent/kernel-1.traceg.xz)",
                         InputError);
    CHECK_THROWS_WITH_AS(read_kernel_trace("/nonexistent/kernel-1.traceg"),
                         "/nonexistent/kernel-1.traceg: cannot open the kernel trace", InputError);
    CHECK_THROWS_WITH_AS(read_trace("/nonexistent"), "/nonexistent: cannot open the kernels list",
                         InputError);
    // A list naming a kernel file that is not there: the list's line.
    const std::filesystem::path dir = std::filesystem::path(RFVAR_TEST_TMP) / "accelsim-missing";
    std::filesystem::create_directories(dir);
    { std::ofstream(dir / "kernelslist.g") << "MemcpyHtoD,0x10,16\nkernel-7.traceg\n"; }
    CHECK_THROWS_WITH_AS(read_trace(dir),
                         ((dir / "kernelslist.g").string() + ":2: cannot open kernel trace " +
                          (dir / "kernel-7.traceg").string())
                             .c_str(),
                         InputError);
  }
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
