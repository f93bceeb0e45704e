// The SM with register ids beyond the physical count (GPGPU-Sim's numbering of PTX virtual
// registers, issue 15): the bank follows the id (Eq. 3), dependences follow the id, and renaming
// ids by multiples of the bank count changes nothing.
#include <doctest/doctest.h>

#include <string>

#include "arch/mapping/i_register_mapping.h"
#include "arch/run.h"
#include "workload/kernel_parser.h"
#include "tests/arch/one_sm_params.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::arch;

namespace {

Benchmark kernel(const std::string& body, int regs, int block = 64) {
  return parse_benchmark("rfvar-kernel 1\nbenchmark t\nkernel k block=" + std::to_string(block) +
                             " regs=" + std::to_string(regs) + "\n" + body + "end\nlaunch k grid=2\n",
                         "test.kernel");
}

// The same benchmark with every register id r replaced by r + shift (r < regs_per_thread stays
// allocated as before; the ids now reach reg_ids - 1).
Benchmark shifted(Benchmark b, int shift) {
  Kernel& k = b.kernels[0];
  for (Instr& in : k.code) {
    for (int d = 0; d < in.ndst; ++d) in.dst[d] = static_cast<RegId>(in.dst[d] + shift);
    for (int s = 0; s < in.nsrc; ++s) in.src[s] = static_cast<RegId>(in.src[s] + shift);
  }
  const int old_ids = k.reg_ids;
  k.reg_ids = old_ids + shift;
  std::vector<std::uint32_t> lanes(static_cast<std::size_t>(k.warps_per_block() * k.reg_ids), 0u);
  for (int w = 0; w < k.warps_per_block(); ++w)
    for (int r = 0; r < old_ids; ++r)
      lanes[static_cast<std::size_t>(w * k.reg_ids + r + shift)] = k.reg_lanes[static_cast<std::size_t>(w * old_ids + r)];
  k.reg_lanes = lanes;
  k.static_reg_weight.resize(static_cast<std::size_t>(k.reg_ids), 0.0);
  return b;
}

SmStats run(const Benchmark& b) {
  StaticRfProvider rf(rfmodel::RfSetup::ideal());
  return run_benchmark(b, one_sm_params(), "lrr", make_mapping("eq3"), rf, RngStream(3, 0, Stream::Test)).stats;
}

const char* kBody =
    "  loop 20\n"
    "    fmad r1 = r1 r2 r3\n"
    "    fmad r2 = r2 r3 r1\n"
    "    ialu r3 = r1\n"
    "    ld.shared r0 = r3\n"
    "  endloop\n";

}  // namespace

TEST_CASE("GIVEN register ids shifted by a multiple of the bank count WHEN run THEN every statistic is unchanged") {
  const Benchmark base = kernel(kBody, 4);
  const SmStats a = run(base);
  for (int shift : {64, 512}) {
    CAPTURE(shift);
    const SmStats b = run(shifted(base, shift));
    CHECK(b.cycles == a.cycles);
    CHECK(b.warp_instructions == a.warp_instructions);
    CHECK(b.bank_reads == a.bank_reads);
    CHECK(b.bank_writes == a.bank_writes);
    CHECK(b.bank_conflict_cycles == a.bank_conflict_cycles);
    CHECK(b.stalls == a.stalls);
  }
}

TEST_CASE("GIVEN ids beyond the physical registers WHEN two operands share a bank THEN both reads go to the bank "
          "Eq. 3 gives") {
  // r17 and r1 are 16 apart: the same bank for every warp, so each fmad reads one bank twice; with
  // ids 100+1 and 100+2 it reads two banks. Four physical registers either way. (Whether the second
  // read waits for the bank or for its collector unit, which takes one operand per cycle, the
  // instruction takes the same time: see test_sm.cpp.)
  const Benchmark same = shifted(kernel("  loop 50\n    fmad r0 = r1 r17 r1\n  endloop\n", 18), 100);
  const Benchmark apart = shifted(kernel("  loop 50\n    fmad r0 = r1 r2 r1\n  endloop\n", 18), 100);
  const SmStats s = run(same), a = run(apart);
  CHECK(s.warp_instructions == a.warp_instructions);
  // Warp slot w (0..3: the two blocks run side by side) reads id 101 from bank (101 + w) % 16 and its
  // second operand, id 117 or 102, from bank (117 + w) % 16 = the same or (102 + w) % 16 = the next
  // (Eq. 3), 50 times each; the writes are not reads. Bank 5: slot 0's both operands, or its first
  // only; bank 9: nobody's, or slot 3's id 102.
  CHECK(s.bank_reads[5] == 100);
  CHECK(a.bank_reads[5] == 50);
  CHECK(s.bank_reads[9] == 0);
  CHECK(a.bank_reads[9] == 50);
}

TEST_CASE("GIVEN a dependence through a register id above 63 WHEN run THEN the reader waits for the writer") {
  // A chain of fp multiply-adds through r3 -> r4 -> r5, shifted to ids 203..205: each waits for the
  // previous result, as at ids 3..5; the same three operations without the chain overlap.
  const Benchmark chain = kernel("  fmad r3 = r1 r2 r1\n  fmad r4 = r3 r2 r1\n  fmad r5 = r4 r2 r1\n", 6, 32);
  const Benchmark indep = kernel("  fmad r3 = r1 r2 r1\n  fmad r4 = r1 r2 r1\n  fmad r5 = r2 r2 r1\n", 6, 32);
  const SmStats c = run(shifted(chain, 200)), c0 = run(chain), i = run(shifted(indep, 200));
  const auto lat = static_cast<std::uint64_t>(one_sm_params().latency_cycles[static_cast<std::size_t>(OpClass::FpMad)]);
  CHECK(c.cycles == c0.cycles);
  CHECK(c.cycles + 4 >= i.cycles + 2 * lat);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
