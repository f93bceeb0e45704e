// Trace files (workload/trace_file.h, issue 15): a saved and loaded TraceWorkload is
// bit-identical to the recorded one (static side and every trace) and replays to identical SM
// statistics; every kind of damage to a file is refused with an InputError naming the file and
// what is wrong; load_workload() (frontend/load_workload.h) resolves names and trace files.
#include <doctest/doctest.h>

#include <array>
#include <bit>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <tuple>

#include "frontend/load_workload.h"
#include "arch/run.h"
#include "rfmodel/params.h"
#include "varius/chip_sample.h"
#include "workload/kernel_parser.h"
#include "workload/kernel_workload.h"
#include "workload/trace_file.h"
#include "common/config.h"
#include "varius/params.h"
#include "varius/sm_sampler.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::arch;
namespace fs = std::filesystem;

namespace {

const ArchParams& params() {
  static const ArchParams p = ArchParams::from_config(Config::load_default());
  return p;
}

fs::path tmp_file(const std::string& name) {
  const fs::path d = fs::path(RFVAR_TEST_TMP) / "trace_file";
  fs::create_directories(d);
  return d / name;
}

void spit(const fs::path& p, const std::string& bytes) {
  std::ofstream f(p, std::ios::binary | std::ios::trunc);
  f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// Every field of the static side, bit for bit (floats by their bits).
std::uint32_t bits(float x) { return std::bit_cast<std::uint32_t>(x); }
auto fields(const Instr& i) {
  return std::tuple(i.op, i.ndst, i.nsrc, std::to_array(i.dst), std::to_array(i.src), i.space, i.transactions,
                    bits(i.l1_hit), bits(i.l2_hit), i.branch, i.target, i.reconv, i.trip, i.depth, i.addr,
                    i.mem_trace, i.cond.kind, i.cond.a, i.cond.b, bits(i.cond.p), i.line, i.guarded);
}
auto fields(const AddrStream& s) {
  return std::tuple(s.region, s.loop_depth, s.loop_depth2, s.lane_bytes, s.iter_bytes, s.iter2_bytes,
                    s.block_bytes, s.wrap_bytes, s.offset_bytes, s.dim_x, s.pitch_bytes, s.grid_x,
                    s.block_y_bytes, s.scatter_bytes, s.scatter_key);
}

void check_same(const TraceWorkload& a, const TraceWorkload& b) {
  const Benchmark &x = a.benchmark(), &y = b.benchmark();
  CHECK(x.name == y.name);
  CHECK(x.source_file == y.source_file);
  CHECK(x.description == y.description);
  REQUIRE(x.launches.size() == y.launches.size());
  for (std::size_t i = 0; i < x.launches.size(); ++i) {
    CHECK(x.launches[i].kernel == y.launches[i].kernel);
    CHECK(x.launches[i].grid == y.launches[i].grid);
  }
  REQUIRE(x.kernels.size() == y.kernels.size());
  for (std::size_t i = 0; i < x.kernels.size(); ++i) {
    const Kernel &k = x.kernels[i], &l = y.kernels[i];
    CHECK(k.name == l.name);
    CHECK(k.block_threads == l.block_threads);
    CHECK(k.regs_per_thread == l.regs_per_thread);
    CHECK(k.reg_ids == l.reg_ids);
    CHECK(k.smem_bytes == l.smem_bytes);
    CHECK(k.max_loop_depth == l.max_loop_depth);
    CHECK(k.pvd_regs == l.pvd_regs);
    CHECK(k.reg_lanes == l.reg_lanes);
    REQUIRE(k.static_reg_weight.size() == l.static_reg_weight.size());
    CHECK((k.static_reg_weight.empty() ||  // memcmp of a null pointer is undefined (UBSan)
           std::memcmp(k.static_reg_weight.data(), l.static_reg_weight.data(), 8 * k.static_reg_weight.size()) == 0));
    REQUIRE(k.code.size() == l.code.size());
    for (std::size_t pc = 0; pc < k.code.size(); ++pc)
      CHECK_MESSAGE(fields(k.code[pc]) == fields(l.code[pc]), pc);
    REQUIRE(k.addr_streams.size() == l.addr_streams.size());
    for (std::size_t s = 0; s < k.addr_streams.size(); ++s)
      CHECK_MESSAGE(fields(k.addr_streams[s]) == fields(l.addr_streams[s]), s);
  }
  CHECK(a.launches() == b.launches());
}

// The chip without PV (every bank fast) under the warp scheduler `scheduler`.
SmStats run(const IWorkload& wl, const std::string& scheduler, std::uint64_t key) {
  const rfmodel::RfParams rp = rfmodel::RfParams::from_config(Config::load_default());
  const varius::RfGeometry g =
      varius::rf_geometry(varius::FloorplanParams::from_config(Config::load_default()));
  StaticRfProvider ideal(rfmodel::RfSetup::ideal(g.banks, g.rows_per_bank, rp.subbanks));
  return run_workload(wl, params(), scheduler, make_mapping("eq3"), ideal, key).stats;
}

// Every counter the SM keeps that a different trace would move.
auto fields(const SmStats& s) {
  return std::tuple(s.cycles, s.warp_instructions, s.thread_instructions, s.stalls, s.bank_conflict_cycles,
                    s.l1_hits, s.l2_hits, s.dram_accesses, s.stream_load_requests, s.bank_reads,
                    s.bank_writes, s.subbank_busy_cycles, s.warp_finish_cycles);
}
void check_same(const SmStats& a, const SmStats& b) { CHECK(fields(a) == fields(b)); }

// A hand-made workload small enough to damage byte by byte: one kernel "k" (32 threads, one
// register) of [ialu r0, ld.global r0 (traced), exit], one launch of one block, whose one warp
// issues all three with every lane active, loading line 5.
TraceWorkload tiny() {
  Benchmark b;
  b.name = "tiny";
  Kernel k;
  k.name = "k";
  Instr alu;
  alu.ndst = 1, alu.dst[0] = 0;
  Instr ld;
  ld.op = OpClass::Load, ld.space = MemSpace::Global, ld.mem_trace = true, ld.ndst = 1, ld.dst[0] = 0;
  Instr ex;
  ex.op = OpClass::Exit;
  k.code = {alu, ld, ex};
  b.kernels = {k};
  b.launches = {{0, 1}};
  LaunchTrace lt;
  WarpTrace w;
  w.steps = {{0, ~0u}, {1, ~0u}, {2, ~0u}};
  w.mem = {{0, 1}};
  w.lines = {5};
  lt.blocks = {BlockTrace{{w}}};
  return TraceWorkload(b, {lt});
}

// The file split into [header (magic + version)] + sections (tag, payload), and put back together.
struct Sections {
  std::string head;
  std::vector<std::pair<char, std::string>> s;
};

std::uint64_t varint(const std::string& b, std::size_t& i) {
  std::uint64_t v = 0;
  for (int shift = 0;; shift += 7) {
    const auto c = static_cast<unsigned char>(b.at(i++));
    v |= static_cast<std::uint64_t>(c & 0x7F) << shift;
    if (!(c & 0x80)) return v;
  }
}

Sections split(const std::string& b) {
  Sections out;
  std::size_t i = 8;
  varint(b, i);
  out.head = b.substr(0, i);
  while (i < b.size()) {
    const char tag = b[i++];
    const auto len = static_cast<std::size_t>(varint(b, i));
    out.s.emplace_back(tag, b.substr(i, len));
    i += len;
  }
  return out;
}

std::string join(const Sections& x) {
  std::string b = x.head;
  for (const auto& [tag, payload] : x.s) {
    b.push_back(tag);
    for (std::uint64_t v = payload.size();; v >>= 7) {
      b.push_back(static_cast<char>((v & 0x7F) | (v >= 0x80 ? 0x80 : 0)));
      if (v < 0x80) break;
    }
    b += payload;
  }
  return b;
}

std::string bytes(std::initializer_list<int> v) {
  std::string s;
  for (int c : v) s.push_back(static_cast<char>(c));
  return s;
}

// Loading `contents` fails with an InputError naming the file and containing `what`.
void check_refused(const std::string& contents, const std::string& what) {
  const fs::path f = tmp_file("damaged.rftrace");
  spit(f, contents);
  CHECK_THROWS_WITH_AS(load_trace_file(f), doctest::Contains(what.c_str()), InputError);
  CHECK_THROWS_WITH_AS(load_trace_file(f), doctest::Contains(f.string().c_str()), InputError);
}

}  // namespace

TEST_CASE("GIVEN every .kernel benchmark recorded WHEN saved and loaded THEN the workload is bit-identical") {
  const std::uint64_t key = workload_key(RngStream(3, 0, Stream::Workload));
  for (const std::string& name : available_benchmarks()) {
    CAPTURE(name);
    const Benchmark b = load_benchmark(name);
    const TraceWorkload rec =
        TraceWorkload::record(KernelWorkload(b, key, params().l1_line_bytes), params().sms, 0);
    const fs::path f = tmp_file(name + ".rftrace");
    const TraceFileInfo info{name, 3, params().l1_line_bytes};
    const std::uint64_t size = save_trace_file(f, rec, info);
    CHECK(size == fs::file_size(f));
    CHECK_FALSE(fs::exists(f.string() + ".tmp"));
    const LoadedTrace back = load_trace_file(f);
    CHECK(back.info == info);
    check_same(rec, back.workload);
  }
}

TEST_CASE(
    "GIVEN a recorded .kernel workload WHEN replayed from its trace file THEN the SM statistics are "
    "identical") {
  const std::uint64_t key = workload_key(RngStream(11, 0, Stream::Workload));
  // nn: data-dependent branches; hotspot, bfs: address streams (line requests), divergence; bn: barriers.
  for (const std::string name : {"hotspot", "nn", "bfs", "bn"}) {
    CAPTURE(name);
    const Benchmark b = load_benchmark(name);
    const KernelWorkload direct(b, key, params().l1_line_bytes);
    const fs::path f = tmp_file(name + "-all.rftrace");
    save_trace_file(f, TraceWorkload::record(direct, 1, 0),
                    {name, 11, params().l1_line_bytes});  // every block
    const LoadedTrace back = load_trace_file(f);
    for (const std::string scheduler : {"lrr", "fwas"}) {
      CAPTURE(scheduler);
      const SmStats a = run(direct, scheduler, key), r = run(back.workload, scheduler, key);
      REQUIRE(a.warp_instructions > 0);
      check_same(a, r);
    }
  }
}

TEST_CASE(
    "GIVEN a kernel name and its saved trace WHEN load_workload() loads both THEN they run identically") {
  const fs::path f = tmp_file("hotspot-lw.rftrace");
  const auto by_name = load_workload("hotspot", params(), 7);
  save_trace_file(f, TraceWorkload::record(*by_name), {"hotspot", 7, params().l1_line_bytes});
  const auto by_file = load_workload(f.string(), params(), 7);
  CHECK(by_file->benchmark().name == "hotspot");
  const std::uint64_t key = workload_key(RngStream(7, 0, Stream::Workload));
  check_same(run(*by_name, "lrr", key), run(*by_file, "lrr", key));
  // The `.kernel` front end keeps run_benchmark()'s key: the same statistics as the direct run.
  const Benchmark b = load_benchmark("hotspot");
  check_same(run(*by_name, "lrr", key),
             run(KernelWorkload(b, key, params().l1_line_bytes), "lrr", key));

  CHECK_THROWS_WITH_AS(load_workload("no-such-kernel", params(), 1),
                       doctest::Contains("unknown kernel 'no-such-kernel'"), InputError);
  CHECK_THROWS_WITH_AS(load_workload("no-such-kernel", params(), 1), doctest::Contains("ptx:NAME"),
                       InputError);
  CHECK_THROWS_WITH_AS(load_workload("ptx:no-such-bench", params(), 1), doctest::Contains("no CUDA harness"),
                       InputError);
  CHECK_THROWS_WITH_AS(load_workload(tmp_file("").string(), params(), 1),
                       doctest::Contains("without kernelslist.g"), InputError);
  ArchParams p64 = params();
  p64.l1_line_bytes = 64;
  CHECK_THROWS_WITH_AS(load_workload(f.string(), p64, 7), doctest::Contains("arch.l1_line_bytes = 64"),
                       InputError);
}

TEST_CASE(
    "GIVEN PTX harnesses and an Accel-Sim trace folder WHEN loaded, saved and loaded again THEN they are the "
    "same workloads") {
  const fs::path v3 = fs::path(__FILE__).parent_path() / "accelsim" / "data" / "v3";
  // bfs-small: data-dependent loops over several launches; hotspot-small: shared memory, barriers.
  for (const std::string& spec : {v3.string(), (v3 / "kernelslist.g").string(), std::string("ptx:bfs-small"),
                                  (data_dir() / "cuda" / "hotspot" / "hotspot-small.toml").string()}) {
    CAPTURE(spec);
    const auto wl = load_workload(spec, params(), 1);
    CHECK(wl->benchmark().name == (spec.starts_with(v3.string()) ? "v3"
                                   : spec == "ptx:bfs-small"     ? "bfs-small"
                                                                 : "hotspot-small"));
    const auto& trace = dynamic_cast<const TraceWorkload&>(*wl);
    if (spec.starts_with("ptx") || spec.ends_with(".toml")) {  // compiled code: conditional branches (format version 2)
      int guarded = 0;
      for (const Kernel& k : wl->benchmark().kernels)
        for (const Instr& in : k.code) guarded += in.guarded;
      CHECK(guarded > 0);
    }
    const fs::path f = tmp_file("stored.rftrace");
    save_trace_file(f, trace, {spec, 1, params().l1_line_bytes});
    const auto back = load_workload(f.string(), params(), 1);
    check_same(trace, dynamic_cast<const TraceWorkload&>(*back));
    check_same(run(*wl, "lrr", 1), run(*back, "lrr", 1));
  }
}

TEST_CASE("GIVEN a trace file of format version 1 WHEN loaded THEN it is the workload it recorded, branches unguarded") {
  // tests/frontend/data/tiny-v1.rftrace: `rfvar trace tests/frontend/data/tiny-v1.kernel` by rfvar at cedae4d.
  const fs::path dir = fs::path(__FILE__).parent_path() / "data";
  const LoadedTrace v1 = load_trace_file(dir / "tiny-v1.rftrace");
  Benchmark b = load_benchmark((dir / "tiny-v1.kernel").string());
  b.source_file = v1.workload.benchmark().source_file;  // recorded relative to the source tree
  const std::uint64_t key = workload_key(RngStream(1, 0, Stream::Workload));
  check_same(TraceWorkload::record(KernelWorkload(b, key, params().l1_line_bytes), params().sms, 0), v1.workload);
  CHECK(v1.info.seed == 1);
}

TEST_CASE("GIVEN the hand-made trace WHEN its file is damaged THEN loading names the file and the damage") {
  const fs::path f = tmp_file("tiny.rftrace");
  save_trace_file(f, tiny(), {"tiny", 1, 128});
  std::ifstream in(f, std::ios::binary);
  const std::string good((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  check_same(tiny(), load_trace_file(f).workload);
  const Sections sec = split(good);
  REQUIRE(sec.s.size() == 5);  // info, benchmark, kernel, launch, end
  REQUIRE(sec.s[3].first == 'T');
  // launch 0: 1 block, 1 warp, 3 steps (pc deltas 0 with the mask 0xFFFFFFFF first), 1 memory
  // record (first 0, lines, count 1), 1 line (5).
  const std::string warp3 = bytes({1, 1, 3, 1, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F});  // up to the first step's mask
  REQUIRE(sec.s[3].second == warp3 + bytes({0, 0, 1, 1, 1, 1, 10}));
  const auto with_launch = [&](const std::string& payload) {
    Sections x = sec;
    x.s[3].second = payload;
    return join(x);
  };
  CHECK(join(sec) == good);

  SUBCASE("missing file") {
    CHECK_THROWS_WITH_AS(load_trace_file(tmp_file("none.rftrace")), doctest::Contains("none.rftrace' does not exist"),
                         InputError);
  }
  SUBCASE("a directory") {  // not a regular file: refused before it is opened (a FIFO would block)
    CHECK_THROWS_WITH_AS(load_trace_file(tmp_file("")), doctest::Contains("not a regular file"), InputError);
  }
  SUBCASE("bad magic") { check_refused("RFVTRACX" + good.substr(8), "not an rfvar trace file"); }
  SUBCASE("version") { check_refused(good.substr(0, 8) + '\x03' + good.substr(9), "format version 3"); }
  SUBCASE("every truncation") {
    for (std::size_t n = 0; n < good.size(); ++n) {
      CAPTURE(n);
      spit(tmp_file("cut.rftrace"), good.substr(0, n));
      CHECK_THROWS_AS(load_trace_file(tmp_file("cut.rftrace")), InputError);
    }
    check_refused(good.substr(0, good.size() - 3), "truncated");
  }
  SUBCASE("trailing bytes") { check_refused(good + "x", "trailing bytes"); }
  SUBCASE("sections out of order") {
    Sections x = sec;
    std::swap(x.s[1], x.s[2]);
    check_refused(join(x), "where the benchmark section");
  }
  SUBCASE("pc") { check_refused(with_launch(warp3 + bytes({0, 8, 1, 1, 1, 1, 10})), "pc 4 outside"); }
  SUBCASE("memory") { check_refused(with_launch(warp3 + bytes({0, 0, 0, 0})), "0 memory records for 1"); }
  SUBCASE("last step not an Exit") {
    check_refused(with_launch(bytes({1, 1, 2, 1, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F, 0, 1, 1, 1, 1, 10})),
                  "is not an Exit");
  }
  SUBCASE("lines") { check_refused(with_launch(warp3 + bytes({0, 0, 1, 1, 2, 1, 10})), "ends past line 1"); }
  SUBCASE("blocks vs grid") { check_refused(with_launch(bytes({2, 0, 0})), "2 blocks for a grid of 1"); }
  SUBCASE("warps vs block") { check_refused(with_launch(bytes({1, 2, 1, 8, 0, 0, 1, 8, 0, 0})), "2 warps"); }
  SUBCASE("count") { check_refused(with_launch(bytes({1, 1, 100, 0})), "exceeds what is left"); }
  SUBCASE("op out of range") {
    Sections x = sec;
    // kernel: name (1, 'k'), block_threads 32 (zigzag 64), regs 1, reg_ids 1, smem 0, loop depth 0,
    // pvd 0, 3 instructions, then the first op.
    REQUIRE(x.s[2].second.substr(0, 10) == bytes({1, 'k', 64, 2, 2, 0, 0, 0, 3, 0}));
    x.s[2].second[9] = 40;
    check_refused(join(x), "op, memory space, branch or condition kind out of range");
  }
  SUBCASE("end count") {
    Sections x = sec;
    x.s[4].second = bytes({4});
    check_refused(join(x), "counts 4 warp instructions, the traces hold 3");
  }
  SUBCASE("every single-byte change is a valid file or an InputError") {
    for (std::size_t i = 0; i < good.size(); ++i)
      for (int bit = 0; bit < 8; ++bit) {
        std::string bad = good;
        bad[i] = static_cast<char>(bad[i] ^ (1 << bit));
        spit(tmp_file("flip.rftrace"), bad);
        try {
          load_trace_file(tmp_file("flip.rftrace"));
        } catch (const InputError&) {
        }
      }
  }
}

TEST_CASE("GIVEN an inconsistent workload WHEN saved THEN nothing is written and the error names the file") {
  const fs::path f = tmp_file("never.rftrace");
  fs::remove(f);
  std::vector<LaunchTrace> lt = tiny().launches();
  lt[0].blocks[0].warps[0].mem.clear();
  CHECK_THROWS_WITH_AS(save_trace_file(f, TraceWorkload(tiny().benchmark(), lt), {}),
                       doctest::Contains("0 memory records for 1 memory steps"), InputError);
  CHECK_FALSE(fs::exists(f));
  CHECK_FALSE(fs::exists(f.string() + ".tmp"));
}

// Size and speed on a whole recorded .kernel benchmark (not a correctness test; skipped unless
// --no-skip: build/test_arch -tc='trace file speed*' --no-skip; RFVAR_TRACE_SPEED=<kernel> for one).
TEST_CASE("trace file speed: a whole .kernel benchmark saved and loaded" * doctest::skip()) {
  const char* only = std::getenv("RFVAR_TRACE_SPEED");
  for (const std::string& name : available_benchmarks()) {
    if (only && name != only) continue;
    const Benchmark b = load_benchmark(name);
    const TraceWorkload rec = TraceWorkload::record(KernelWorkload(b, 1, params().l1_line_bytes), 1, 0);
    const auto t0 = std::chrono::steady_clock::now();
    const auto size = save_trace_file(tmp_file("speed.rftrace"), rec, {name, 1, params().l1_line_bytes});
    const auto t1 = std::chrono::steady_clock::now();
    const LoadedTrace back = load_trace_file(tmp_file("speed.rftrace"));
    const double save_s = std::chrono::duration<double>(t1 - t0).count(),
                 load_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t1).count();
    CHECK(back.workload.launches() == rec.launches());
    const auto n = static_cast<double>(count_trace(rec).warp_instructions);
    std::printf(
        "%-10s %12.0f warp inst  %.3f B/inst  save %.2f s (%.1f M inst/s)  load %.2f s (%.1f M inst/s)\n",
        name.c_str(), n, static_cast<double>(size) / n, save_s, 1e-6 * n / save_s, load_s, 1e-6 * n / load_s);
  }
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
