// Behaviour of the SM cycle model (arch/sm/sm.h) on tiny hand-made kernels and register-file setups.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "arch/core/occupancy.h"
#include "arch/mapping/i_register_mapping.h"
#include "arch/run.h"
#include "arch/sm/sm.h"
#include "workload/kernel_parser.h"
#include "tests/arch/one_sm_params.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::arch;

namespace {
// One warp running `body` once.
Benchmark one_warp(const std::string& body, int regs = 32) {
  return parse_benchmark("rfvar-kernel 1\nbenchmark t\nkernel k block=32 regs=" + std::to_string(regs) + "\n" + body +
                             "end\nlaunch k grid=1\n",
                         "test.kernel");
}

SmStats run(const Benchmark& b, const rfmodel::RfSetup& setup, const std::string& scheduler = "lrr") {
  StaticRfProvider rf(setup);
  return run_benchmark(b, one_sm_params(), scheduler, make_mapping("eq3"), rf, RngStream(7, 0, Stream::Test)).stats;
}

rfmodel::RfSetup slow_bank(int bank) {
  auto s = rfmodel::RfSetup::ideal();
  for (int r = 0; r < s.rows_per_bank; ++r) s.latency[static_cast<std::size_t>(bank * s.rows_per_bank + r)] = 2;
  return s;
}
}  // namespace

namespace {
// r0 of every warp in bank 0; other registers spread so that nothing else collides.
class R0InBank0 final : public IRegisterMapping {
 public:
  void on_kernel_launch(const MappingContext&) override {}
  int bank(int w, int r, bool) const override { return r == 0 ? 0 : (4 * w + r) % 16; }
};
}  // namespace

TEST_CASE("GIVEN two warps issuing together WHEN both read one bank THEN the second read waits one cycle") {
  // Block of 64 threads: warps 0 and 1 go to schedulers 0 and 1 and issue in the same cycle.
  const Benchmark b = parse_benchmark(
      "rfvar-kernel 1\nbenchmark t\nkernel k block=64 regs=4\n  ialu r2 = r0\nend\nlaunch k grid=1\n", "t.kernel");
  StaticRfProvider rf1(rfmodel::RfSetup::ideal()), rf2(rfmodel::RfSetup::ideal());
  const SmStats apart =
      run_benchmark(b, one_sm_params(), "lrr", make_mapping("eq3"), rf1, RngStream(1, 0, Stream::Test)).stats;
  const SmStats same = run_benchmark(b, one_sm_params(), "lrr", std::make_unique<R0InBank0>(), rf2,
                                     RngStream(1, 0, Stream::Test))
                           .stats;
  CHECK(same.bank_reads[0] == 2);
  CHECK(apart.bank_reads[0] == 1);
  CHECK(same.cycles == apart.cycles + 1);
  CHECK(same.bank_conflict_cycles >= 1);
}

TEST_CASE("GIVEN one warp WHEN an instruction reads two operands THEN its collector unit takes one per cycle") {
  // Whether r0 and r16 share bank 0 or r0 and r1 sit in banks 0 and 1, one collector unit receives
  // at most one operand per cycle, so both take the same time.
  const SmStats same = run(one_warp("  ialu r2 = r0 r16\n"), rfmodel::RfSetup::ideal());
  const SmStats differ = run(one_warp("  ialu r2 = r0 r1\n"), rfmodel::RfSetup::ideal());
  const SmStats single = run(one_warp("  ialu r2 = r0\n"), rfmodel::RfSetup::ideal());
  CHECK(same.cycles == differ.cycles);
  CHECK(differ.cycles == single.cycles + 1);
  CHECK(same.bank_reads[0] == 2);
  CHECK(differ.bank_reads[1] == 1);
}

TEST_CASE("GIVEN a slow bank WHEN it is read THEN the access takes two cycles and delays the next access to it") {
  const SmStats fast = run(one_warp("  ialu r2 = r0 r16\n"), rfmodel::RfSetup::ideal());
  const SmStats slow = run(one_warp("  ialu r2 = r0 r16\n"), slow_bank(0));
  // Two back-to-back 2-cycle reads of bank 0 instead of two 1-cycle reads: +2 cycles.
  CHECK(slow.cycles == fast.cycles + 2);
  CHECK(slow.slow_accesses == 2);
  CHECK(slow.bank_busy_cycles[0] == 4);
  // A slow bank that the instruction does not touch changes nothing.
  CHECK(run(one_warp("  ialu r2 = r0 r16\n"), slow_bank(5)).cycles == fast.cycles);
}

TEST_CASE("GIVEN a result write and operand reads queued on one bank WHEN they meet THEN the write goes first") {
  // r1 (bank 1) is written ~5 cycles after issue while a stream of independent instructions reads
  // r17 (also bank 1) every cycle. Writing r2 (bank 2) instead avoids the meeting.
  std::string reads;
  for (int i = 4; i < 14; ++i) reads += "  ialu r" + std::to_string(i) + " = r17\n";
  const SmStats meet = run(one_warp("  ialu r1 = r0\n" + reads), rfmodel::RfSetup::ideal());
  const SmStats apart = run(one_warp("  ialu r2 = r0\n" + reads), rfmodel::RfSetup::ideal());
  // The write steals one cycle of bank 1 from the read stream: every later read is one cycle late.
  CHECK(meet.cycles == apart.cycles + 1);
  CHECK(meet.bank_writes[1] == 1);
}

TEST_CASE("GIVEN collector-bound warps on both schedulers WHEN scheduler 0 always picks first THEN its warps finish "
          "first and scheduler 0 idles at the end; a rotating first scheduler shares the units and ends sooner") {
  // 16 warps, each instruction three sources in three banks: a collector unit holds an instruction
  // at least 4 cycles (one operand per cycle), so 6 SP units give 1.5 instructions per cycle, fewer
  // than the two schedulers issue (arch.scheduler_order, docs/models.md "Scheduler order").
  const Benchmark b = parse_benchmark(
      "rfvar-kernel 1\nbenchmark t\nkernel k block=512 regs=8\n  loop 20\n  ialu r4 = r1 r2 r3\n  ialu r5 = r1 r2 r3\n"
      "  ialu r6 = r1 r2 r3\n  ialu r7 = r1 r2 r3\n  endloop\n"
      "end\nlaunch k grid=1\n",
      "t.kernel");
  ArchParams fixed_p = one_sm_params(), rot_p = one_sm_params();
  rot_p.rotate_schedulers = true;
  StaticRfProvider rf1(rfmodel::RfSetup::ideal()), rf2(rfmodel::RfSetup::ideal());
  const SmStats fixed = run_benchmark(b, fixed_p, "lrr", make_mapping("eq3"), rf1, RngStream(1, 0, Stream::Test)).stats;
  const SmStats rot = run_benchmark(b, rot_p, "lrr", make_mapping("eq3"), rf2, RngStream(1, 0, Stream::Test)).stats;
  const auto idle = static_cast<std::size_t>(Stall::Idle);
  CAPTURE(fixed.cycles);
  CAPTURE(rot.cycles);
  CAPTURE(fixed.stalls[idle]);
  CAPTURE(rot.stalls[idle]);
  CHECK(fixed.warp_instructions == rot.warp_instructions);
  CHECK(fixed.stalls[idle] > 100);
  CHECK(rot.stalls[idle] < fixed.stalls[idle] / 10);
  CHECK(rot.cycles < fixed.cycles);
}

TEST_CASE("GIVEN arch.scheduler_order and arch.bank_arbiter WHEN they are not one of their words THEN the config "
          "names the key") {
  Config c = Config::load_default();
  c.set("arch.scheduler_order=\"random\"");
  CHECK_THROWS_WITH_AS(ArchParams::from_config(c), doctest::Contains("arch.scheduler_order"), ConfigError);
  Config d = Config::load_default();
  d.set("arch.bank_arbiter=\"greedy\"");
  CHECK_THROWS_WITH_AS(ArchParams::from_config(d), doctest::Contains("arch.bank_arbiter"), ConfigError);
  Config e = Config::load_default();
  e.set("arch.scheduler_order=\"rotating\"");
  e.set("arch.bank_arbiter=\"wavefront\"");
  const ArchParams p = ArchParams::from_config(e);
  CHECK(p.rotate_schedulers);
  CHECK(p.wavefront_arbiter);
}

TEST_CASE("GIVEN kernel shapes WHEN occupancy is computed THEN it matches GPGPU-Sim's max_cta formula") {
  const ArchParams p = one_sm_params();
  auto shape = [](int block, int regs, int smem) {
    Kernel k;
    k.name = "k";
    k.block_threads = block;
    k.regs_per_thread = regs;
    k.smem_bytes = smem;
    return k;
  };
  CHECK(max_blocks_per_sm(shape(256, 35, 3072), p) == 3);   // HotSpot: registers (256 * 36 per block)
  CHECK(max_blocks_per_sm(shape(128, 64, 7200), p) == 4);   // LavaMD: registers
  CHECK(max_blocks_per_sm(shape(16, 54, 2180), p) == 8);    // NW: the 8-block limit
  CHECK(max_blocks_per_sm(shape(256, 10, 0), p) == 6);      // threads: 1536 / 256
  CHECK(max_blocks_per_sm(shape(64, 8, 16384), p) == 3);    // shared memory: 48 KB / 16 KB
  CHECK(max_blocks_per_sm(shape(25, 14, 0), p) == 8);       // padded to a warp
  CHECK_THROWS_AS(max_blocks_per_sm(shape(1024, 63, 0), p), InputError);
}

namespace {
// Records the warp slots of every block launch (the block-level renaming hook).
class RecordingMapping final : public IRegisterMapping {
 public:
  explicit RecordingMapping(std::vector<std::vector<int>>* log) : log_(log) {}
  void on_kernel_launch(const MappingContext&) override {}
  void on_block_launch(std::span<const int> slots) override { log_->emplace_back(slots.begin(), slots.end()); }
  int bank(int w, int r, bool) const override { return (w + r) % 16; }

 private:
  std::vector<std::vector<int>>* log_;
};
}  // namespace

TEST_CASE("GIVEN more blocks than fit WHEN blocks retire THEN new blocks reuse the freed warp IDs") {
  // 64 threads x 63 registers -> 32768 / (64 * 64) = 8 blocks of 2 warps at once; 20 blocks in all.
  const Benchmark b = parse_benchmark(
      "rfvar-kernel 1\nbenchmark t\nkernel k block=64 regs=63\n  loop 3\n  ialu r1 = r0\n  endloop\nend\n"
      "launch k grid=20\n",
      "t.kernel");
  std::vector<std::vector<int>> log;
  StaticRfProvider rf(rfmodel::RfSetup::ideal());
  const SmStats s = run_benchmark(b, one_sm_params(), "lrr", std::make_unique<RecordingMapping>(&log), rf,
                                  RngStream(1, 0, Stream::Test))
                        .stats;
  REQUIRE(log.size() == 20);
  CHECK(s.blocks == 20);
  std::set<int> first_eight;
  for (int i = 0; i < 8; ++i) first_eight.insert(log[static_cast<std::size_t>(i)].begin(), log[static_cast<std::size_t>(i)].end());
  CHECK(first_eight.size() == 16);  // slots 0..15, two per block
  for (std::size_t i = 8; i < log.size(); ++i) {
    CHECK(log[i].size() == 2);
    CHECK(log[i][0] % 2 == 0);       // a block owns slots 2c, 2c + 1 of its hardware block slot c
    CHECK(log[i][1] == log[i][0] + 1);
    CHECK(first_eight.count(log[i][0]) == 1);
  }
  CHECK(s.warp_finish_cycles.size() == 40);
}

TEST_CASE("GIVEN a benchmark with memory and random branches WHEN run twice THEN the statistics are identical") {
  const Benchmark b = load_benchmark("hotspot");
  StaticRfProvider rf1(slow_bank(3)), rf2(slow_bank(3));
  const ArchParams p = ArchParams::from_config(Config::load_default());
  const auto a = run_benchmark(b, p, "fwas", make_mapping("eq3"), rf1, RngStream(5, 0, Stream::Workload)).stats;
  const auto c = run_benchmark(b, p, "fwas", make_mapping("eq3"), rf2, RngStream(5, 0, Stream::Workload)).stats;
  CHECK(a.cycles == c.cycles);
  CHECK(a.warp_instructions == c.warp_instructions);
  CHECK(a.bank_reads == c.bank_reads);
  CHECK(a.stalls == c.stalls);
  CHECK(a.warp_finish_cycles == c.warp_finish_cycles);
  CHECK(a.warp_instructions > 10000);
}

TEST_CASE("GIVEN more than 64 resident warps per scheduler unit WHEN a launch starts THEN it is an input error") {
  // 4 blocks of 1024 threads fit (4096 threads per SM): 128 warps; 2 units take 64 each, 1 unit 128.
  const Benchmark b = parse_benchmark(
      "rfvar-kernel 1\nbenchmark t\nkernel k block=1024 regs=4\n  ialu r1 = r0\nend\nlaunch k grid=4\n", "t.kernel");
  ArchParams p = one_sm_params();
  p.max_threads_per_sm = 4096;
  p.registers_per_sm = 65536;
  StaticRfProvider rf(rfmodel::RfSetup::ideal());
  p.schedulers = 1;
  CHECK_THROWS_WITH_AS(run_benchmark(b, p, "lrr", make_mapping("eq3"), rf, RngStream(1, 0, Stream::Test)),
                       doctest::Contains("64 resident warps per scheduler unit"), InputError);
  p.schedulers = 2;
  const SmStats s = run_benchmark(b, p, "lrr", make_mapping("eq3"), rf, RngStream(1, 0, Stream::Test)).stats;
  CHECK(s.warp_instructions == 4 * 32 * 2);  // ialu + exit per warp
}

namespace {
SmStats run_ports(const Benchmark& b, const rfmodel::RfSetup& setup, const std::string& ports) {
  Config c = Config::load_default();
  c.set("arch.rf_ports=\"" + ports + "\"");
  ArchParams p = ArchParams::from_config(c);
  p.sms = 1;
  StaticRfProvider rf(setup);
  return run_benchmark(b, p, "lrr", make_mapping("eq3"), rf, RngStream(7, 0, Stream::Test)).stats;
}
// r1 (bank 1) is written ~5 cycles after issue while independent instructions read r17 (also bank
// 1) one after another; `dst` = 2 writes bank 2 instead, so the write meets no read.
Benchmark write_meets_reads(int dst) {
  std::string body = "  ialu r" + std::to_string(dst) + " = r0\n";
  for (int i = 4; i < 14; ++i) body += "  ialu r" + std::to_string(i) + " = r17\n";
  return one_warp(body);
}
}  // namespace

TEST_CASE("GIVEN a result write and a read stream on one bank WHEN the bank has a read and a write port "
          "(arch.rf_ports = read-write) THEN both go in the same cycle, where a single port serializes them") {
  const auto ideal = rfmodel::RfSetup::ideal();
  const SmStats single_meet = run_ports(write_meets_reads(1), ideal, "single");
  const SmStats single_apart = run_ports(write_meets_reads(2), ideal, "single");
  const SmStats dual_meet = run_ports(write_meets_reads(1), ideal, "read-write");
  const SmStats dual_apart = run_ports(write_meets_reads(2), ideal, "read-write");
  CHECK(single_meet.cycles == single_apart.cycles + 1);  // the write steals one read cycle
  CHECK(dual_meet.cycles == dual_apart.cycles);          // the write port takes it, the reads go on
  CHECK(dual_apart.cycles == single_apart.cycles);       // without a meeting the ports change nothing
  CHECK(dual_meet.bank_writes[1] == 1);
  CHECK(dual_meet.bank_reads[1] == 10);
}

TEST_CASE("GIVEN a slow bank read back to back WHEN a write to it arrives THEN a dual-ported bank writes "
          "at once (the slow read holds only the read port) and a single-ported one waits") {
  const auto slow = slow_bank(1);
  const SmStats single_meet = run_ports(write_meets_reads(1), slow, "single");
  const SmStats single_apart = run_ports(write_meets_reads(2), slow, "single");
  const SmStats dual_meet = run_ports(write_meets_reads(1), slow, "read-write");
  const SmStats dual_apart = run_ports(write_meets_reads(2), slow, "read-write");
  CHECK(single_meet.cycles == single_apart.cycles + 2);  // the 2-cycle write takes two read cycles
  CHECK(dual_meet.cycles == dual_apart.cycles);
  CHECK(dual_meet.slow_accesses == 11);  // 10 reads + 1 write, all on slow bank 1
  CHECK(dual_meet.bank_busy_cycles[1] == 22);
}

TEST_CASE("GIVEN arch.rf_ports WHEN it is not single or read-write THEN the config names the key") {
  Config c = Config::load_default();
  c.set("arch.rf_ports=\"dual\"");
  CHECK_THROWS_WITH_AS(ArchParams::from_config(c), doctest::Contains("arch.rf_ports"), ConfigError);
  CHECK(ArchParams::from_config(Config::load_default()).rf_ports == RfPorts::Single);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
