// The Accel-Sim reader (frontend/accelsim/) on hand-written traces in tests/frontend/accelsim/data/: static
// code, steps, masks, line requests and shared-memory conflict degrees, asserted exactly.
#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "frontend/accelsim/kernel_trace_reader.h"
#include "frontend/accelsim/kernels_list.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar::arch;
using namespace rfvar::arch::accelsim;

namespace {
const std::filesystem::path kData = std::filesystem::path(__FILE__).parent_path() / "data";
constexpr std::uint32_t kAll = 0xffffffffu;
constexpr std::uint64_t kLocal = std::uint64_t{1} << 56;

SassInstr instr(std::uint64_t pc, const char* opcode, std::vector<std::uint16_t> dst,
                std::vector<std::uint16_t> src, std::int32_t width, OpClass op,
                MemSpace space = MemSpace::None) {
  SassInstr s;
  s.pc = pc, s.opcode = opcode, s.dst = std::move(dst), s.src = std::move(src), s.mem_width = width;
  s.op = op, s.space = space;
  return s;
}

// Compares everything but first_line (where a PC first appeared: not part of the static code).
void check_code(const std::vector<SassInstr>& got, const std::vector<SassInstr>& want) {
  REQUIRE(got.size() == want.size());
  for (std::size_t i = 0; i < want.size(); ++i) {
    CAPTURE(i);
    SassInstr g = got[i];
    g.first_line = 0;
    CHECK(g == want[i]);
  }
}

WarpTrace warp(std::vector<TraceStep> steps, std::vector<TraceMem> mem = {},
               std::vector<std::uint64_t> lines = {}) {
  return {std::move(steps), std::move(mem), std::move(lines), {}};
}
}  // namespace

TEST_SUITE("accelsim") {
  TEST_CASE("GIVEN the v3 vecAdd trace WHEN read THEN its PCs are the static code in ascending order") {
    const SassKernel k = read_kernel_trace(kData / "v3" / "kernel-1.traceg");
    check_code(k.code, {
                           instr(0x00, "IMAD.MOV.U32", {1}, {}, 0, OpClass::IntMad),  // R255 sources dropped
                           instr(0x10, "S2R", {2}, {}, 0, OpClass::IntAlu),
                           instr(0x20, "LDG.E", {4}, {2}, 4, OpClass::Load, MemSpace::Global),
                           instr(0x30, "BRA", {}, {}, 0, OpClass::Branch),
                           instr(0x40, "LDL", {6}, {1}, 4, OpClass::Load, MemSpace::Local),
                           instr(0x50, "STL", {}, {1, 6}, 4, OpClass::Store, MemSpace::Local),
                           instr(0x60, "FFMA", {8}, {4, 5, 6}, 0, OpClass::FpMad),
                           instr(0x70, "MUFU.RCP", {9}, {8}, 0, OpClass::Sfu),
                           instr(0xd0, "STG.E.U8", {}, {4}, 1, OpClass::Store, MemSpace::Global),
                           instr(0xe0, "ST.E", {}, {2, 8}, 4, OpClass::Store, MemSpace::Global),
                           instr(0xf0, "EXIT", {}, {}, 0, OpClass::Exit),
                       });
    CHECK(k.code[2].first_line == 24);
    CHECK(k.header.name == "_Z6vecAddPiS_S_i");
    CHECK(k.header.kernel_id == 1);
    CHECK(k.header.grid == Dim3{2, 1, 1});
    CHECK(k.header.block == Dim3{64, 1, 1});
    CHECK(k.header.binary_version == 70);
    CHECK(k.header.shmem_base_addr == 0x00007f2c60000000ull);
    CHECK(k.header.local_base_addr == 0x00007f2c5e000000ull);
    CHECK(k.header.nvbit_version == "1.5.5");
    CHECK(k.header.tracer_version == 3);
    CHECK_FALSE(k.header.lineinfo);
    CHECK(k.shape() == LaunchShape{2, 64, 0, 12});
    CHECK(k.warp_instructions == 19);
  }

  TEST_CASE(
      "GIVEN the v3 vecAdd trace WHEN read THEN every block and warp holds its steps, masks and lines") {
    const SassKernel k = read_kernel_trace(kData / "v3" / "kernel-1.traceg");
    CHECK(k.trace.launch == 0);
    REQUIRE(k.trace.blocks.size() == 2);
    // Block (0,0,0) is listed second in the file but is block id 0.
    const BlockTrace& b0 = k.trace.blocks[0];
    REQUIRE(b0.warps.size() == 2);
    // Mode 1 (stride 4 from 0x..040 straddles two lines), mode 0 on a divergent mask (lanes 0, 1).
    CHECK(b0.warps[0] == warp({{0, kAll}, {2, kAll}, {6, kAll}, {7, kAll}, {9, 0x3}, {10, kAll}},
                              {{0, 2}, {2, 2}}, {0xfe00000000, 0xfe00000001, 0xfe00000002, 0xfe00000003}));
    // Mode 2 on lanes 0 and 31 with a negative delta; lines in order of first appearance.
    CHECK(b0.warps[1] ==
          warp({{0, kAll}, {2, 0x80000001}, {10, kAll}}, {{0, 2}}, {0xfe00000040, 0xfe00000020}));
    const BlockTrace& b1 = k.trace.blocks[1];
    REQUIRE(b1.warps.size() == 2);
    // An STG.E.U8 line in mode 2 with one active lane (base only).
    CHECK(b1.warps[0] == warp({{0, kAll}, {1, kAll}, {2, kAll}, {3, 0x0000ffff}, {8, 0x1}, {10, kAll}},
                              {{0, 1}, {1, 1}}, {0xfe00000020, 0xff9082a400}));
    // Local lines carry tag 1 in bits 56-63; both STL lanes fall into one line.
    CHECK(b1.warps[1] == warp({{0, kAll}, {4, 0x5}, {5, 0x5}, {10, kAll}}, {{0, 2}, {2, 1}},
                              {kLocal | 0x1fff9, kLocal | 0x1fffb, kLocal | 0x1fff9}));
  }

  TEST_CASE("GIVEN a smaller line size WHEN the trace is read THEN the line requests follow it") {
    ReadOptions o;
    o.line_bytes = 32;
    const SassKernel k = read_kernel_trace(kData / "v3" / "kernel-1.traceg", o);
    // 32 lanes x 4 bytes from 0x7f0000000040: four 32-byte lines.
    const WarpTrace& w = k.trace.blocks[0].warps[0];
    CHECK(w.mem[0] == TraceMem{0, 4});
    CHECK(w.lines[0] == 0x7f0000000040 / 32);
    CHECK(w.lines[3] == 0x7f0000000040 / 32 + 3);
  }

  TEST_CASE(
      "GIVEN shared-memory accesses WHEN read THEN each carries its bank-conflict degree and no lines") {
    const SassKernel k = read_kernel_trace(kData / "v3" / "kernel-2.traceg");
    check_code(k.code, {
                           instr(0x00, "S2R", {0}, {}, 0, OpClass::IntAlu),
                           instr(0x10, "STS", {}, {0, 2}, 4, OpClass::Store, MemSpace::Shared),
                           instr(0x20, "BAR.SYNC", {}, {}, 0, OpClass::Barrier),
                           instr(0x30, "LDS", {3}, {0}, 4, OpClass::Load, MemSpace::Shared),
                           instr(0x40, "LDS", {4}, {0}, 4, OpClass::Load, MemSpace::Shared),
                           instr(0x50, "LDS.128", {5}, {0}, 16, OpClass::Load, MemSpace::Shared),
                           instr(0x58, "ATOMS.ADD", {6}, {0, 7}, 4, OpClass::Load, MemSpace::Shared),
                           instr(0x60, "EXIT", {}, {}, 0, OpClass::Exit),
                       });
    CHECK(k.shape() == LaunchShape{2, 48, 1024, 8});
    REQUIRE(k.trace.blocks.size() == 2);
    // Block (0,0,0): ATOMS on lanes 0, 1 hitting words 0 and 32 of bank 0: 2 ways. Warp 1 listed
    // with 0 instructions: empty.
    CHECK(k.trace.blocks[0].warps[0] == warp({{0, kAll}, {6, 0x3}, {7, kAll}}, {{0, 2}}));
    CHECK(k.trace.blocks[0].warps[1] == WarpTrace{});
    // Block (0,1,0) (id 1): stride 4 conflict-free, stride 8 two ways, stride 0 a broadcast, 128-bit
    // loads of 4 lanes 128 bytes apart: words 0-3, 32-35, 64-67, 96-99 -> 4 ways.
    CHECK(k.trace.blocks[1].warps[0] ==
          warp({{0, kAll}, {1, kAll}, {2, kAll}, {3, kAll}, {4, kAll}, {5, 0xf}, {7, kAll}},
               {{0, 1}, {0, 2}, {0, 1}, {0, 4}}));
    // The second warp of a 48-thread block has 16 lanes; mode 2 deltas of 128 bytes: all in bank 16.
    CHECK(k.trace.blocks[1].warps[1] ==
          warp({{0, 0xffff}, {1, 0xffff}, {2, 0xffff}, {3, 0xffff}, {7, 0xffff}}, {{0, 1}, {0, 16}}));
  }

  TEST_CASE(
      "GIVEN a v5 trace with line info and immediates WHEN read THEN both are skipped and the rest is read") {
    const SassKernel k = read_kernel_trace(kData / "v5" / "kernel-1.traceg");
    CHECK(k.header.tracer_version == 5);
    CHECK(k.header.lineinfo);
    CHECK(k.header.binary_version == 86);
    check_code(k.code,
               {
                   instr(0x00, "MOV", {1}, {}, 0, OpClass::IntAlu),
                   instr(0x10, "LDC", {2}, {}, 0, OpClass::Load, MemSpace::Const),  // no addresses traced
                   instr(0x30, "IMAD.WIDE", {3}, {0}, 0, OpClass::IntMad),
                   instr(0xa0, "LDG.E", {4}, {4}, 4, OpClass::Load, MemSpace::Global),
                   instr(0xb0, "FFMA", {6}, {4, 2, 6}, 0, OpClass::FpMad),
                   instr(0xc0, "STG.E", {}, {4, 6}, 4, OpClass::Store, MemSpace::Global),
                   instr(0xd0, "EXIT", {}, {}, 0, OpClass::Exit),
               });
    CHECK_FALSE(k.code[1].mem_traced());
    REQUIRE(k.trace.blocks.size() == 1);
    CHECK(k.trace.blocks[0].warps[0] ==
          warp({{0, kAll}, {1, kAll}, {2, kAll}, {3, kAll}, {4, kAll}, {5, 0x7}, {6, kAll}}, {{0, 1}, {1, 2}},
               {0xff61f8861c, 0xff61f8863c, 0xff61f8863d}));
  }

  TEST_CASE(
      "GIVEN example lines of the Accel-Sim format WHEN parsed from text THEN they give the documented registers and "
      "lanes") {
    const std::string head =
        "-kernel name = k\n-grid dim = (1,1,1)\n-block dim = (32,1,1)\n-shmem = 0\n-nregs = 8\n"
        "-accelsim tracer version = ";
    // v3: 00d0 00000001 0 STG.E.U8 2 R4 R255 1 2 0x7fc841520000
    const SassKernel v3 =
        parse_kernel_trace(head +
                               "3\n#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 2\n00d0 00000001 0 "
                               "STG.E.U8 2 R4 R255 1 2 0x7fc841520000\n00e0 ffffffff 0 EXIT 0 0\n#END_TB\n",
                           "v3.traceg");
    CHECK(v3.code[0].src == std::vector<std::uint16_t>{4});
    CHECK(v3.code[0].mem_width == 1);
    CHECK(v3.trace.blocks[0].warps[0].lines == std::vector<std::uint64_t>{0x7fc841520000 / 128});
    // v5: 00a0 ffffffff 1 R4 LDG.E 1 R4 4 1 0x7fb0fc430e00 4 0 (mode 1, stride 4, immediate 0)
    const SassKernel v5 =
        parse_kernel_trace(head +
                               "5\n#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 2\n00a0 ffffffff 1 R4 "
                               "LDG.E 1 R4 4 1 0x7fb0fc430e00 4 0\n00b0 ffffffff 0 EXIT 0 0 0\n#END_TB\n",
                           "v5.traceg");
    CHECK(v5.code[0].dst == std::vector<std::uint16_t>{4});
    CHECK(v5.code[0].src == std::vector<std::uint16_t>{4});
    CHECK(v5.trace.blocks[0].warps[0].mem == std::vector<TraceMem>{{0, 1}});
  }

  TEST_CASE("GIVEN a 3-D grid WHEN blocks are listed in any order THEN block id = x + y*gx + z*gx*gy") {
    std::string t =
        "-kernel name = k\n-grid dim = (2,2,2)\n-block dim = (32,1,1)\n-shmem = 0\n-nregs = 4\n"
        "-accelsim tracer version = 4\n";
    // Block (x,y,z) runs its EXIT with mask = 1 + its id, listed from the last id down.
    for (int id = 7; id >= 0; --id) {
      char mask[16];
      std::snprintf(mask, sizeof mask, "%08x", id + 1);
      t += "#BEGIN_TB\nthread block = " + std::to_string(id % 2) + "," + std::to_string(id / 2 % 2) + "," +
           std::to_string(id / 4) + "\nwarp = 0\ninsts = 1\n0000 " + mask + " 0 EXIT 0 0\n#END_TB\n";
    }
    const SassKernel k = parse_kernel_trace(t, "grid.traceg");
    REQUIRE(k.trace.blocks.size() == 8);
    for (std::uint32_t id = 0; id < 8; ++id) CHECK(k.trace.blocks[id].warps[0].steps[0].mask == id + 1);
    CHECK(k.shape() == LaunchShape{8, 32, 0, 4});
  }

  TEST_CASE("GIVEN a predicated EXIT before the warp's end WHEN read THEN it is an ordinary step") {
    const SassKernel k = parse_kernel_trace(
        "-kernel name = k\n-grid dim = (1,1,1)\n-block dim = (32,1,1)\n-shmem = 0\n-nregs = 4\n"
        "-accelsim tracer version = 3\n#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 3\n0010 0000ffff 0 "
        "EXIT 0 0\n0020 ffff0000 1 R1 IADD3 2 R1 R1 0\n0030 ffff0000 0 EXIT 0 0\n#END_TB\n",
        "exit.traceg");
    CHECK(k.trace.blocks[0].warps[0].steps ==
          std::vector<TraceStep>{{0, 0x0000ffff}, {1, 0xffff0000}, {2, 0xffff0000}});
    CHECK(k.code[1].src == std::vector<std::uint16_t>{1, 1});
  }

  TEST_CASE(
      "GIVEN a kernelslist.g with two kernels and memcpys WHEN the folder is read THEN kernels come in list "
      "order") {
    const SassTrace t = read_trace(kData / "v3");
    CHECK(t.source == (kData / "v3" / "kernelslist.g").string());
    CHECK(t.memcpys == std::vector<Memcpy>{{"MemcpyHtoD", 0x00007f0000000000, 8192},
                                           {"MemcpyHtoD", 0x00007fc841520000, 256},
                                           {"MemcpyHtoD", 0x00007f0000010000, 1024}});
    REQUIRE(t.kernels.size() == 2);
    CHECK(t.kernels[0].header.name == "_Z6vecAddPiS_S_i");
    CHECK(t.kernels[1].header.name == "_Z6reducePfS_");
    CHECK(t.kernels[0].trace.launch == 0);
    CHECK(t.kernels[1].trace.launch == 1);
    CHECK(t.kernels[1].source == (kData / "v3" / "kernel-2.traceg").string());
    // The list file itself works as well as its folder.
    CHECK(read_trace(kData / "v5" / "kernelslist.g").kernels.size() == 1);
  }

  TEST_CASE("GIVEN a trace file WHEN read from disk and parsed from its text THEN both agree") {
    // read_kernel_trace reads in 1 MiB chunks; parse_kernel_trace splits the whole text: same result.
    const SassKernel a = read_kernel_trace(kData / "v3" / "kernel-2.traceg");
    std::ifstream in(kData / "v3" / "kernel-2.traceg");
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const SassKernel b = parse_kernel_trace(text, "x");
    CHECK(a.code == b.code);
    CHECK(a.trace == b.trace);
  }
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
