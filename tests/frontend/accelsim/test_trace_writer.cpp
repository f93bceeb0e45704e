// write_accelsim_trace() (frontend/accelsim/trace_writer.h): a PTX workload written as an Accel-Sim
// trace folder and read back with rfvar's own reader replays to the same cycles and instructions.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "arch/mapping/i_register_mapping.h"
#include "arch/run.h"
#include "common/config.h"
#include "frontend/accelsim/kernels_list.h"
#include "frontend/accelsim/opcode_table.h"
#include "frontend/accelsim/to_benchmark.h"
#include "frontend/accelsim/trace_writer.h"
#include "frontend/load_workload.h"
#include "tests/arch/one_sm_params.h"
#include "workload/trace_workload.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar::arch;
using namespace rfvar::arch::accelsim;
namespace fs = std::filesystem;

struct TempDir {
  fs::path path = fs::temp_directory_path() / ("rfvar-writer-" + std::to_string(::getpid()));
  TempDir() { fs::create_directories(path); }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

// arch.gpu_sms SMs sharing the L2 (the comparison's mode): the L2 hits come from the shared L2's
// tags, not from a front end's per-instruction estimate (Instr::l2_hit, which a trace does not carry).
GpuRunResult run(const IWorkload& wl, const ArchParams& p) {
  std::vector<std::unique_ptr<IRfProvider>> own;
  std::vector<IRfProvider*> rf;
  for (int i = 0; i < p.gpu_sms; ++i)
    own.push_back(std::make_unique<StaticRfProvider>(rfvar::rfmodel::RfSetup::ideal())), rf.push_back(own.back().get());
  SmPolicy policy;
  policy.scheduler = "gto";
  return run_sms(wl, p, policy, rf, 1);
}

std::string read_all(const fs::path& f) {
  std::ifstream in(f);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST_SUITE("accelsim") {
  TEST_CASE(
      "GIVEN ptx:st3d-small (both register numberings, no division) WHEN written as an Accel-Sim folder and "
      "read back THEN 4 SMs sharing the L2 give the same cycles, instructions, L2 hits and bank reads") {
    for (const RegisterIds ids : {RegisterIds::Allocated, RegisterIds::GpgpuSim}) {
      CAPTURE(static_cast<int>(ids));
      ArchParams p = ArchParams::from_config(rfvar::Config::load_default());
      p.gpu_sms = 4;
      p.register_ids = ids;
      const auto wl = load_workload("ptx:st3d-small", p, 1);
      const auto& tw = dynamic_cast<const TraceWorkload&>(*wl);
      TempDir tmp;
      const fs::path dir = tmp.path / "hs";
      const WriteSummary sum = write_accelsim_trace(dir, tw.benchmark(), tw.launches(), {p.l1_line_bytes, 16, 61});
      REQUIRE(fs::exists(dir / "kernelslist.g"));
      CHECK(sum.launches == static_cast<std::int64_t>(tw.benchmark().launches.size()));
      CHECK(sum.bytes > 0);
      CHECK(sum.renumbered_ids == 0);  // st3d's ids stay below 255 in both numberings
      ReadOptions ro;
      ro.line_bytes = p.l1_line_bytes;
      TraceBenchmark back = to_benchmark(read_trace(dir, ro), "back");
      const TraceWorkload wl2(std::move(back.benchmark), std::move(back.traces));
      const GpuRunResult a = run(tw, p), b = run(wl2, p);
      CHECK(sum.warp_instructions == static_cast<std::int64_t>(a.stats.warp_instructions));
      CHECK(b.stats.warp_instructions == a.stats.warp_instructions);
      CHECK(b.stats.cycles == a.stats.cycles);
      CHECK(b.stats.l1_load_requests == a.stats.l1_load_requests);
      CHECK(b.stats.l2_hits == a.stats.l2_hits);
      CHECK(b.stats.dram_accesses == a.stats.dram_accesses);
      CHECK(b.stats.bank_reads == a.stats.bank_reads);
      REQUIRE(b.per_launch.size() == a.per_launch.size());
      for (std::size_t i = 0; i < a.per_launch.size(); ++i) CHECK(b.per_launch[i].cycles == a.per_launch[i].cycles);
    }
  }

  TEST_CASE(
      "GIVEN the real BFS slice (LDC without addresses, partial EXITs) WHEN re-exported and read back THEN 4 SMs "
      "give the same cycles and instructions; a .kernel workload is refused") {
    ArchParams p = ArchParams::from_config(rfvar::Config::load_default());
    p.gpu_sms = 4;
    const fs::path src = fs::path(__FILE__).parent_path() / "data" / "mgpusim" / "bfs-k1";
    TraceBenchmark tb = to_benchmark(read_trace(src), "bfs");
    const TraceWorkload wl(std::move(tb.benchmark), std::move(tb.traces));
    TempDir tmp;
    const WriteSummary sum = write_accelsim_trace(tmp.path / "bfs", wl.benchmark(), wl.launches());
    CHECK(sum.warp_instructions == 1799);
    TraceBenchmark back = to_benchmark(read_trace(tmp.path / "bfs"), "back");
    const TraceWorkload wl2(std::move(back.benchmark), std::move(back.traces));
    const GpuRunResult a = run(wl, p), b = run(wl2, p);
    CHECK(b.stats.warp_instructions == 1799);
    CHECK(b.stats.cycles == a.stats.cycles);
    CHECK(b.stats.l1_load_requests == a.stats.l1_load_requests);
    const auto kernel = load_workload("hotspot", p, 1);
    const TraceWorkload rec = TraceWorkload::record(*kernel);
    CHECK_THROWS_AS(write_accelsim_trace(tmp.path / "k", rec.benchmark(), rec.launches()), rfvar::InputError);
    CHECK_FALSE(fs::exists(tmp.path / "k"));
  }

  TEST_CASE("GIVEN a written folder WHEN its header is read THEN it is tracer version 4, binary version 61") {
    ArchParams p = one_sm_params();
    p.register_ids = RegisterIds::Allocated;
    const auto wl = load_workload("ptx:hotspot-small", p, 1);
    const auto& tw = dynamic_cast<const TraceWorkload&>(*wl);
    TempDir tmp;
    write_accelsim_trace(tmp.path / "hs", tw.benchmark(), tw.launches());
    const std::string k1 = read_all(tmp.path / "hs" / "kernel-1.traceg");
    CHECK(k1.find("-accelsim tracer version = 4\n") != std::string::npos);
    CHECK(k1.find("-binary version = 61\n") != std::string::npos);
    CHECK(k1.find("-nregs = " + std::to_string(tw.benchmark().kernels[0].regs_per_thread) + "\n") != std::string::npos);
    CHECK(read_all(tmp.path / "hs" / "kernelslist.g").starts_with("kernel-1.traceg\n"));
    // Writing again replaces the folder whole; no temporary folder is left beside it.
    write_accelsim_trace(tmp.path / "hs", tw.benchmark(), tw.launches());
    int entries = 0;
    for (const auto& e : fs::directory_iterator(tmp.path)) entries += e.path().filename() == "hs" ? 1 : 100;
    CHECK(entries == 1);
  }

  TEST_CASE("GIVEN every rfvar class WHEN given its SASS opcode THEN the reader classes it back the same") {
    for (int c = 0; c < static_cast<int>(OpClass::Count); ++c) {
      const auto op = static_cast<OpClass>(c);
      if (op == OpClass::IntDiv || op == OpClass::FpDiv) continue;  // written as IMAD / FFMA
      const bool mem = op == OpClass::Load || op == OpClass::Store;
      for (const MemSpace s : {MemSpace::Global, MemSpace::Local, MemSpace::Shared, MemSpace::Const}) {
        if (!mem && s != MemSpace::Global) continue;
        if (op == OpClass::Store && s == MemSpace::Const) continue;
        const auto back = classify_opcode(sass_opcode(op, mem ? s : MemSpace::None));
        REQUIRE(back.has_value());
        CHECK(back->op == op);
        CHECK(back->space == (mem ? s : MemSpace::None));
      }
    }
    CHECK(classify_opcode(sass_opcode(OpClass::IntDiv, MemSpace::None))->op == OpClass::IntMad);
    CHECK(classify_opcode(sass_opcode(OpClass::FpDiv, MemSpace::None))->op == OpClass::FpMad);
  }

  TEST_CASE(
      "GIVEN register ids above 254 WHEN exported THEN they take free ids below 255 in the same bank, or any free "
      "id when the bank has none") {
    Kernel k;
    k.name = "wide";
    k.regs_per_thread = 4;
    k.reg_ids = 300;
    Instr a;
    a.ndst = 1, a.dst[0] = 3;
    a.nsrc = 2, a.src[0] = 259, a.src[1] = 275;  // 259 = 3 mod 16 (3 is taken), 275 = 3 mod 16
    k.code.push_back(a);
    const std::vector<std::uint16_t> ids = export_register_ids(k, 16);
    CHECK(ids[3] == 3);
    CHECK(ids[259] == 19);
    CHECK(ids[275] == 35);
    for (int r = 0; r < 16; ++r) {  // fill residue 3 below 255: 3, 19, ..., 243 (16 ids), then one more
      Instr b;
      b.ndst = 1, b.dst[0] = static_cast<RegId>(3 + 16 * r);
      k.code.push_back(b);
    }
    // Residue 3 full: the lowest free id of any bank (0), then 1 (the bank moves; counted apart).
    const std::vector<std::uint16_t> moved = export_register_ids(k, 16);
    CHECK(moved[259] == 0);
    CHECK(moved[275] == 1);
  }
  TEST_CASE(
      "GIVEN an instruction with a 64-bit pair destination and five sources WHEN written with sass_operands THEN "
      "Accel-Sim's limits hold: one destination, four sources, with allocated ids a pair named by its even register") {
    Kernel k;
    k.name = "pairs";
    k.regs_per_thread = 16;
    k.reg_ids = 16;
    Instr in;
    in.op = OpClass::IntAlu;
    in.ndst = 2, in.dst[0] = 4, in.dst[1] = 5;                                       // pair 4:5
    in.nsrc = 6, in.src[0] = 6, in.src[1] = 7, in.src[2] = 9, in.src[3] = 10, in.src[4] = 12, in.src[5] = 13;
    k.code.push_back(in);
    Instr ex;
    ex.op = OpClass::Exit;
    k.code.push_back(ex);
    Benchmark b;
    b.name = "pairs";
    b.kernels.push_back(k);
    Launch l;
    l.kernel = 0, l.grid = 1;
    b.launches.push_back(l);
    LaunchTrace lt;
    BlockTrace bt;
    WarpTrace wt;
    wt.steps.push_back({0, 0xffffffffu});
    wt.steps.push_back({1, 0xffffffffu});
    bt.warps.push_back(wt);
    lt.blocks.push_back(bt);
    const std::vector<LaunchTrace> lts{lt};
    TempDir tmp;
    WriteOptions wo;
    wo.sass_operands = true;
    wo.pairs = true;
    const WriteSummary sum = write_accelsim_trace(tmp.path / "p", b, lts, wo);
    // dst 5 (pair tail); src 7 and 13 (pair tails), then 6 9 10 12 are four: nothing more.
    CHECK(sum.dropped_operands == 3);
    const std::string text = read_all(tmp.path / "p" / "kernel-1.traceg");
    CHECK(text.find(" 1 R4 IADD3 4 R6 R9 R10 R12 ") != std::string::npos);
    wo.pairs = false;  // GPGPU-Sim's numbering: no pairs, only the limits
    const WriteSummary lim = write_accelsim_trace(tmp.path / "n", b, lts, wo);
    CHECK(lim.dropped_operands == 3);  // dst 5; sources 12 and 13
    CHECK(read_all(tmp.path / "n" / "kernel-1.traceg").find(" 1 R4 IADD3 4 R6 R7 R9 R10 ") != std::string::npos);
    const WriteSummary all = write_accelsim_trace(tmp.path / "q", b, lts);
    CHECK(all.dropped_operands == 0);
    CHECK(read_all(tmp.path / "q" / "kernel-1.traceg").find(" 2 R4 R5 IADD3 6 R6 R7 R9 R10 R12 R13 ") !=
          std::string::npos);
  }
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
