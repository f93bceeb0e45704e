// Tests of the address-stream memory path: coalescing into 128 B line requests
// (workload/coalescer.h), the L1 tag array (arch/memory/l1_cache.h), the kernel format's addr=
// keys (workload/kernel_parser.h), and the whole SM, where the issue order now changes the L1
// hit rate (GPGPU-Sim GTX480 dl1 32:128:4, LRU, allocate on read miss, write-evict).
#include <doctest/doctest.h>

#include <string>

#include "arch/mapping/i_register_mapping.h"
#include "arch/memory/l1_cache.h"
#include "arch/memory/memory_system.h"
#include "arch/run.h"
#include "workload/coalescer.h"
#include "workload/kernel_parser.h"
#include "common/config.h"
#include "tests/arch/kernel_parse_error.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::arch;

namespace {
constexpr std::uint32_t kAllLanes = 0xFFFFFFFFu;

AddrStream stream(std::int64_t lane_bytes, std::int64_t iter_bytes = 0, std::int64_t block_bytes = 0,
                  std::int64_t wrap_bytes = 0) {
  AddrStream s;
  s.lane_bytes = lane_bytes;
  s.iter_bytes = iter_bytes;
  s.block_bytes = block_bytes;
  s.wrap_bytes = wrap_bytes;
  return s;
}

int requests(const AddrStream& s, std::uint32_t mask, int wib = 0, std::int32_t iter = 0) {
  std::uint64_t lines[32];
  return coalesce(s, 0, wib, iter, 0, mask, 128, lines);
}

}  // namespace

TEST_CASE("GIVEN a warp access WHEN it is coalesced THEN there is one request per distinct 128 B line") {
  CHECK(requests(stream(4), kAllLanes) == 1);     // 32 lanes x 4 B = one line
  CHECK(requests(stream(8), kAllLanes) == 2);     // doubles: 256 B
  CHECK(requests(stream(128), kAllLanes) == 32);  // one line per lane
  CHECK(requests(stream(0), kAllLanes) == 1);     // broadcast
  CHECK(requests(stream(128), 0x0000000Fu) == 4);  // only active lanes count
  CHECK(requests(stream(4), 0) == 0);
  // descending, wrapped in 4 KB: threads 32..63 read bytes 3968 down to 3844 = lines 31 and 30
  CHECK(requests(stream(-4, 0, 0, 4096), kAllLanes, 1) == 2);
  CHECK(requests(stream(128, 0, 0, 1024), kAllLanes) == 8);  // footprint of 8 lines wraps: lanes share them
}

TEST_CASE("GIVEN an address stream WHEN the block, warp and iteration change THEN the address moves by their strides") {
  AddrStream s = stream(4, 512, 65536);
  s.region = 2;
  const std::uint64_t base = 2ull << 48;
  CHECK(stream_address(s, 0, 0, 0, 0) == base);
  CHECK(stream_address(s, 1, 33, 2, 0) == base + 65536 + 33 * 4 + 2 * 512);
  std::uint64_t a[32], b[32];
  REQUIRE(coalesce(s, 0, 0, 0, 0, kAllLanes, 128, a) == 1);
  REQUIRE(coalesce(s, 0, 1, 0, 0, kAllLanes, 128, b) == 1);
  CHECK(b[0] == a[0] + 1);  // the next warp reads the next line
  REQUIRE(coalesce(s, 0, 0, 1, 0, kAllLanes, 128, b) == 1);
  CHECK(b[0] == a[0] + 4);  // the next iteration is 512 B on
}

TEST_CASE("GIVEN a stream inside two loops WHEN the outer loop's iteration changes THEN iter2 moves the address") {
  AddrStream s = stream(4, 128);  // a 128 B row per inner iteration
  s.iter2_bytes = 8192;           // an 8 KB tile per outer iteration
  CHECK(stream_address(s, 0, 3, 2, 0) == 3 * 4 + 2 * 128);
  CHECK(stream_address(s, 0, 3, 2, 5) == 3 * 4 + 2 * 128 + 5 * 8192);
  std::uint64_t a[32], b[32];
  REQUIRE(coalesce(s, 0, 0, 1, 0, kAllLanes, 128, a) == 1);
  REQUIRE(coalesce(s, 0, 0, 1, 1, kAllLanes, 128, b) == 1);
  CHECK(b[0] == a[0] + 64);  // the next outer iteration is 64 lines on
}

TEST_CASE("GIVEN a 16x16 block reading a 2-D tile (row pitch 4 KB) WHEN a warp access is coalesced "
          "THEN each of its two rows is one line, and a neighbour offset can move it across lines") {
  AddrStream s = stream(4);
  s.dim_x = 16;
  s.pitch_bytes = 4096;
  CHECK(stream_address(s, 0, 17, 0, 0) == 4096 + 4);  // x = 1, y = 1
  CHECK(requests(s, kAllLanes) == 2);              // rows 0 and 1, 64 B each
  s.offset_bytes = 96;                             // x + 24: each row straddles two lines
  CHECK(requests(s, kAllLanes) == 4);
}

TEST_CASE("GIVEN a 2-D grid of 20 blocks per row WHEN the block index grows THEN bx and by take their own strides") {
  AddrStream s = stream(4, 0, 64);  // blk = 64 B per bx
  s.grid_x = 20;
  s.block_y_bytes = 1 << 20;  // 1 MB per by
  CHECK(stream_address(s, 19, 0, 0, 0) == 19 * 64);
  CHECK(stream_address(s, 45, 0, 0, 0) == 2 * (1 << 20) + 5 * 64);  // bx = 5, by = 2
}

TEST_CASE("GIVEN a 2-set 2-way L1 WHEN a hand sequence of loads runs THEN LRU decides hits and evictions") {
  L1Cache c({512, 128, 2});  // 2 sets x 2 ways
  REQUIRE(c.sets() == 2);
  std::uint64_t ready = 0;
  // lines 0, 2, 4 map to set 0
  CHECK_FALSE(c.load(0, ready));
  c.allocate(0, 100);
  CHECK_FALSE(c.load(2, ready));
  c.allocate(2, 110);
  CHECK(c.load(0, ready));  // 0 is now most recently used
  CHECK(ready == 100);
  CHECK_FALSE(c.load(4, ready));
  c.allocate(4, 120);        // evicts 2, the LRU way
  CHECK(c.load(0, ready));
  CHECK_FALSE(c.load(2, ready));
  CHECK(c.load(4, ready));
  CHECK_FALSE(c.load(1, ready));  // set 1 untouched
  c.store(4);                     // write-evict
  CHECK_FALSE(c.load(4, ready));
  c.store(3);  // a store miss allocates nothing
  CHECK_FALSE(c.load(3, ready));
  c.reset();
  CHECK_FALSE(c.load(0, ready));
}

TEST_CASE("GIVEN loads with address streams WHEN the kernel is parsed THEN the stream is recorded with its loop") {
  const Benchmark b = parse_benchmark(
      "rfvar-kernel 1\nbenchmark t\nkernel k block=64 regs=8\n  ld.global r1 = r0 addr=3 lane=8 blk=4096\n"
      "  loop 4\n    loop 2\n      ld.global r2 = r0 addr=1 iter=256 iter2=4096 wrap=2048 l2=0.5\n    endloop\n  endloop\n"
      "  st.global r0 r2 addr=1 off=-4 dimx=8 pitch=1024\n  ld.global r3 = r0 tx=2 l1=0.5\nend\nlaunch k grid=1\n",
      "t.kernel");
  const Kernel& k = b.kernels[0];
  REQUIRE(k.addr_streams.size() == 3);
  CHECK(k.code[0].addr == 0);
  CHECK(k.addr_streams[0].region == 3);
  CHECK(k.addr_streams[0].lane_bytes == 8);
  CHECK(k.addr_streams[0].block_bytes == 4096);
  CHECK(k.addr_streams[0].loop_depth == kNoLoop);
  CHECK(k.code[1].addr == 1);
  CHECK(k.code[1].l2_hit == doctest::Approx(0.5));
  CHECK(k.addr_streams[1].loop_depth == 1);  // the inner loop's counter
  CHECK(k.addr_streams[1].iter_bytes == 256);
  CHECK(k.addr_streams[1].loop_depth2 == 0);  // the outer loop's counter (iter2=)
  CHECK(k.addr_streams[1].iter2_bytes == 4096);
  CHECK(k.addr_streams[0].loop_depth2 == kNoLoop);
  CHECK(k.addr_streams[1].wrap_bytes == 2048);
  CHECK(k.addr_streams[2].lane_bytes == 4);  // default: 4 B words
  CHECK(k.addr_streams[2].offset_bytes == -4);
  CHECK(k.addr_streams[2].dim_x == 8);
  CHECK(k.addr_streams[2].pitch_bytes == 1024);
  CHECK(k.code[k.code.size() - 2].addr == -1);  // the tx/l1 load keeps the probabilistic path
}

TEST_CASE("GIVEN malformed address streams WHEN parsed THEN FILE:LINE errors name the problem") {
  CHECK(test::kernel_parse_error("  ld.global r1 = r0 lane=8\n").find("t.kernel:4: ") == 0);
  CHECK(test::kernel_parse_error("  ld.global r1 = r0 lane=8\n").find("need addr=REGION") != std::string::npos);
  CHECK(test::kernel_parse_error("  ld.global r1 = r0 addr=1 tx=2\n").find("drop tx= and l1=") != std::string::npos);
  CHECK(test::kernel_parse_error("  ld.global r1 = r0 addr=1 l1=0.5\n").find("drop tx= and l1=") != std::string::npos);
  CHECK(test::kernel_parse_error("  ld.shared r1 = r0 addr=1\n").find("global and .local only") != std::string::npos);
  CHECK(test::kernel_parse_error("  ld.const r1 = r0 addr=1\n").find("global and .local only") != std::string::npos);
  CHECK(test::kernel_parse_error("  ld.global r1 = r0 addr=256\n").find("addr (region id)") != std::string::npos);
  CHECK(test::kernel_parse_error("  ld.global r1 = r0 addr=1 wrap=0\n").find("wrap") != std::string::npos);
  CHECK(test::kernel_parse_error("  ld.global r1 = r0 addr=1 iter=4\n").find("iter= needs an enclosing loop") != std::string::npos);
  CHECK(test::kernel_parse_error("  loop 2\n  ld.global r1 = r0 addr=1 iter2=4\n").find("t.kernel:5: iter2= needs two enclosing loops") == 0);
  CHECK(test::kernel_parse_error("  ld.global r1 = r0 addr=x\n").find("t.kernel:4: ") == 0);
  CHECK(test::kernel_parse_error("  ialu r1 = r0 addr=1\n").find("unknown key 'addr'") != std::string::npos);
  CHECK(test::kernel_parse_error("  ld.global r1 = r0 addr=1 dimx=16\n").find("come together") != std::string::npos);
  CHECK(test::kernel_parse_error("  ld.global r1 = r0 addr=1 gridx=20\n").find("gridx= and blky= come") != std::string::npos);
  CHECK(test::kernel_parse_error("  ld.global r1 = r0 off=4\n").find("need addr=REGION") != std::string::npos);
}

namespace {
// 48 warps (6 blocks of 8) each re-read their own 4 lines 16 times; 20 independent integer ops sit
// between a load and its use. Together the warps' 192 lines are 1.5x the 128-line L1.
std::string reread_kernel() {
  std::string body;
  for (int i = 0; i < 20; ++i) body += "    ialu r" + std::to_string(2 + i % 5) + " = r0\n";
  return "rfvar-kernel 1\nbenchmark reread\nkernel k block=256 regs=8\n  ialu r0 = r0\n  loop 16\n"
         "    ld.global r1 = r0 addr=0 lane=16 blk=4096 l2=1\n" +
         body + "    fmad r7 = r1 r7 r7\n  endloop\n  st.global r0 r7 addr=1 lane=4 blk=1024\nend\nlaunch k grid=6\n";
}

SmStats run(const Benchmark& b, const std::string& scheduler) {
  ArchParams p = ArchParams::from_config(Config::load_default());
  p.sms = 1;  // the whole grid on the simulated SM
  StaticRfProvider rf(rfmodel::RfSetup::ideal());
  return run_benchmark(b, p, scheduler, make_mapping("eq3"), rf, RngStream(5, 0, Stream::Test)).stats;
}
}  // namespace

TEST_CASE("GIVEN warps that re-read their own lines (footprint 1.5x the L1) WHEN GTO replaces LRR "
          "THEN the issue order changes the L1 hit rate and the run time") {
  const Benchmark b = parse_benchmark(reread_kernel(), "reread.kernel");
  const SmStats lrr = run(b, "lrr"), gto = run(b, "gto");
  REQUIRE(lrr.warp_instructions == gto.warp_instructions);
  const std::uint64_t loads = 48 * 16 * 4;  // line requests of the loop's loads
  // LRR cycles through all 192 lines: LRU keeps none of them. GTO keeps a few warps running, and
  // their lines stay. Measured (seed 5): LRR 0 hits, GTO 2880 of 3072 (94 %), 1.47x the IPC.
  CHECK(lrr.l1_hits + lrr.l1_merges < loads / 20);
  CHECK(gto.l1_hits > loads * 8 / 10);
  CHECK(gto.l2_hits < lrr.l2_hits / 4);
  CHECK(gto.ipc() > 1.2 * lrr.ipc());
}

TEST_CASE("GIVEN a kernel whose loads fit the L1 WHEN it runs twice THEN only the cold misses reach L2 "
          "and the run repeats exactly") {
  const Benchmark b = parse_benchmark(
      "rfvar-kernel 1\nbenchmark fit\nkernel k block=128 regs=4\n  loop 8\n"
      "    ld.global r1 = r0 addr=0 lane=4 l2=1\n    fmad r2 = r1 r2 r2\n  endloop\nend\nlaunch k grid=1\n",
      "fit.kernel");
  const SmStats a = run(b, "lrr"), again = run(b, "lrr");
  // One block of 4 warps, one line each, all blocks read the same 512 B (blk=0): 4 cold misses.
  CHECK(a.l2_hits + a.dram_accesses == 4);
  CHECK(a.l1_hits + a.l1_merges == 4 * 7);
  CHECK(a.l1_load_requests == 4 * 8);  // every load line request, hit or miss
  CHECK(a.l1_hit_rate() == doctest::Approx(28.0 / 32.0));
  CHECK(a.cycles == again.cycles);
  CHECK(a.l1_hits == again.l1_hits);
}

TEST_CASE("GIVEN a tile loop around a row loop WHEN the SM runs it THEN iter2 gives each tile its own lines") {
  auto kernel = [](const std::string& keys) {
    return parse_benchmark("rfvar-kernel 1\nbenchmark tiles\nkernel k block=32 regs=4\n  loop 4\n    loop 8\n"
                           "      ld.global r1 = r0 addr=0 lane=4 " + keys + " l2=1\n      fmad r2 = r1 r2 r2\n"
                           "    endloop\n  endloop\nend\nlaunch k grid=1\n",
                           "tiles.kernel");
  };
  // One warp re-reads one line 8 times per tile; with iter2= every one of the 4 tiles is a new line.
  const SmStats tiled = run(kernel("iter2=4096"), "lrr"), flat = run(kernel("iter=0"), "lrr");
  CHECK(tiled.l1_load_requests == 32);
  CHECK(tiled.l2_hits + tiled.dram_accesses == 4);
  CHECK(flat.l2_hits + flat.dram_accesses == 1);
}

TEST_CASE("GIVEN the memory system WHEN a line is loaded, re-loaded in flight, after arrival and after a store "
          "THEN miss, merge, hit and miss again") {
  ArchParams p = ArchParams::from_config(Config::load_default());
  MemorySystem m(p);
  m.reset();
  SmStats s;
  Instr ld, st;
  ld.op = OpClass::Load;
  ld.space = st.space = MemSpace::Global;
  ld.l2_hit = 1.0f;  // every L1 miss hits in L2
  st.op = OpClass::Store;
  auto draw = [](int) { return 0.5; };  // only L2 draws: l2_hit 1 hits, 0 misses
  const std::uint64_t line = 7;
  const std::uint64_t t0 = m.access_lines(ld, &line, 1, 0, draw, s);
  CHECK(t0 == static_cast<std::uint64_t>(p.lat_l2_hit_cycles));  // unloaded L2 hit
  CHECK(s.l2_hits == 1);
  CHECK(m.access_lines(ld, &line, 1, 5, draw, s) == t0);  // in flight: merged, no new request
  CHECK(s.l1_merges == 1);
  CHECK(s.l2_hits == 1);
  const std::uint64_t later = t0 + 10;
  CHECK(m.access_lines(ld, &line, 1, later, draw, s) == later + static_cast<std::uint64_t>(p.lat_l1_hit_cycles));
  CHECK(s.l1_hits == 1);
  m.access_lines(st, &line, 1, later + 1, draw, s);  // write-evict
  m.access_lines(ld, &line, 1, later + 2, draw, s);
  CHECK(s.l2_hits == 2);  // the load after the store missed
  CHECK(s.l1_hits == 1);
  CHECK(s.l1_load_requests == 4);  // the store is not a load request
  CHECK(s.stream_load_requests == 4);
  CHECK(s.stream_load_hits == 2);  // the merge and the hit
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
