// Hand-worked allocations (Gebhart MICRO 2011 §4). Per-128-bit energies of the default table:
// MRF read 15.6 pJ, write 18.6; ORF (3 entries) read 2.72 private / 4.24 shared, write 5.92 / 7.44;
// LRF read 1.08, write 2.38 (bank + 4 words x 1.9 pJ/mm x distance).
#include <doctest/doctest.h>

#include "arch/energy/allocation.h"
#include "arch/energy/allocation_replay.h"
#include "arch/workload/kernel_parser.h"
#include "arch/workload/kernel_workload.h"
#include "common/config.h"

using namespace rfvar::arch::energy;
using rfvar::arch::Benchmark;
using rfvar::arch::parse_benchmark;

namespace {

AccessEnergy energy() { return AccessEnergy(EnergyParams::from_config(rfvar::Config::load_default()), 6); }

Benchmark kernel(const std::string& body) {
  return parse_benchmark(
      "rfvar-kernel 1\nbenchmark hand\nkernel k block=32 regs=8\n" + body + "end\nlaunch k grid=1\n",
      "hand.kernel");
}

std::vector<std::uint64_t> once(const rfvar::arch::Kernel& k) {
  return std::vector<std::uint64_t>(k.code.size(), 1);
}

}  // namespace

TEST_CASE(
    "GIVEN a straight-line strand WHEN allocated to LRF / ORF / MRF THEN the hand-worked levels result") {
  // pc0 reads r0 (first read: MRF, fills the ORF), r1 -> LRF (read once by pc1: saves 30.74, range 1);
  // r2 -> LRF (read twice by pc2: 45.26, range 1; shares the entry with r1: [0,1) and [1,2));
  // r0's later reads (pc2 private, pc3 shared) -> ORF (18.32); r3 is read by the store (shared
  // datapath: no LRF) -> ORF.
  const Benchmark b = kernel(
      "  ialu r1 = r0\n"
      "  ialu r2 = r1\n"
      "  fmad r3 = r2 r2 r0\n"
      "  st.global r0 r3 tx=1\n");
  const auto& k = b.kernels[0];
  const HierarchyAllocation a = allocate_hierarchy(k, AllocParams{}, energy());
  CHECK(a.strands == 1);
  CHECK(a.lrf_values == 2);
  CHECK(a.orf_values == 2);
  CHECK(a.at_pc[0].src[0] == Level::Mrf);
  CHECK(a.at_pc[0].orf_fills == 1);
  CHECK(a.at_pc[0].dst[0] == kWriteLrf);
  CHECK(a.at_pc[1].src[0] == Level::Lrf);
  CHECK(a.at_pc[1].dst[0] == kWriteLrf);
  CHECK(a.at_pc[2].src[0] == Level::Lrf);
  CHECK(a.at_pc[2].src[1] == Level::Lrf);
  CHECK(a.at_pc[2].src[2] == Level::Orf);
  CHECK(a.at_pc[2].dst[0] == kWriteOrf);
  CHECK(a.at_pc[3].src[0] == Level::Orf);
  CHECK(a.at_pc[3].src[1] == Level::Orf);
  const AccessCounts flat = count_accesses(k, once(k), nullptr);
  CHECK(flat.reads_of(Level::Mrf) == 7);
  CHECK(flat.writes_of(Level::Mrf) == 3);
  const AccessCounts c = count_accesses(k, once(k), &a);
  CHECK(c.reads_of(Level::Mrf) == 1);
  CHECK(c.reads_of(Level::Lrf) == 3);
  CHECK(c.reads_of(Level::Orf) == 3);
  CHECK(c.writes_of(Level::Mrf) == 0);
  CHECK(c.writes_of(Level::Lrf) == 2);
  CHECK(c.writes_of(Level::Orf) == 2);  // r3 and the fill of r0
  CHECK(c.reads[static_cast<int>(Level::Orf)][static_cast<int>(Datapath::Shared)] == 2);
}

TEST_CASE(
    "GIVEN a dependence on a global load WHEN allocated THEN the strand ends there and values crossing it "
    "stay in the MRF") {
  // Strand 1: pc0 (load, shared datapath), pc1; strand 2 starts at pc2 (reads the load's r1).
  // r0: filled into the ORF by the load (writer shared: no LRF), read by pc1 from the ORF (5.44).
  // r1 (long-latency) and r2 (read only in strand 2) are written to the MRF only.
  const Benchmark b = kernel(
      "  ld.global r1 = r0 tx=1 l1=0 l2=0\n"
      "  ialu r2 = r0\n"
      "  ialu r3 = r1 r2\n"
      "  st.global r0 r3 tx=1\n");
  const auto& k = b.kernels[0];
  const HierarchyAllocation a = allocate_hierarchy(k, AllocParams{}, energy());
  CHECK(a.strands == 2);
  CHECK(a.at_pc[0].orf_fills == 1);
  CHECK(a.at_pc[0].dst[0] == kWriteMrf);
  CHECK(a.at_pc[1].src[0] == Level::Orf);
  CHECK(a.at_pc[1].dst[0] == kWriteMrf);
  CHECK(a.at_pc[2].src[0] == Level::Mrf);
  CHECK(a.at_pc[2].src[1] == Level::Mrf);
  CHECK(a.at_pc[2].dst[0] == kWriteOrf);   // r3 -> read by the store (shared): ORF
  CHECK(a.at_pc[3].src[0] == Level::Mrf);  // r0 in strand 2: read once
  CHECK(a.at_pc[3].src[1] == Level::Orf);
}

TEST_CASE(
    "GIVEN one ORF entry WHEN a long value does not fit THEN partial range allocation serves its first "
    "read") {
  // ORF only (lrf_entries 0), no read operands. r2 [1,2), r3 [2,3), r4 [3,4) (25.56, 25.56, 24.04
  // per slot) take the entry first; r1 [0,3) (38.44 / 3) fails, shortened to [0,1): its read at
  // pc1 from the ORF saves 12.88 - 5.92 > 0, the read at pc3 stays in the MRF, r1 written to both.
  const Benchmark b = kernel(
      "  ialu r1 = r0\n"
      "  ialu r2 = r1\n"
      "  ialu r3 = r2\n"
      "  ialu r4 = r1 r3\n"
      "  st.global r0 r4 tx=1\n");
  const auto& k = b.kernels[0];
  AllocParams p;
  p.orf_entries = 1;
  p.lrf_entries = 0;
  p.read_operands = false;
  const HierarchyAllocation a = allocate_hierarchy(k, p, energy());
  CHECK(a.orf_values == 4);
  CHECK(a.partial_values == 1);
  CHECK(a.at_pc[0].dst[0] == (kWriteMrf | kWriteOrf));
  CHECK(a.at_pc[1].src[0] == Level::Orf);
  CHECK(a.at_pc[3].src[0] == Level::Mrf);
  CHECK(a.at_pc[3].src[1] == Level::Orf);
  const AccessCounts c = count_accesses(k, once(k), &a);
  CHECK(c.reads_of(Level::Mrf) == 3);
  CHECK(c.reads_of(Level::Orf) == 4);
  CHECK(c.writes_of(Level::Mrf) == 1);
  CHECK(c.writes_of(Level::Orf) == 4);
  p.partial_range = false;
  const HierarchyAllocation a2 = allocate_hierarchy(k, p, energy());
  const AccessCounts c2 = count_accesses(k, once(k), &a2);
  CHECK(c2.reads_of(Level::Mrf) == 4);
  CHECK(c2.reads_of(Level::Orf) == 3);
  CHECK(c2.writes_of(Level::Orf) == 3);
}

TEST_CASE(
    "GIVEN a loop WHEN its traces are replayed THEN each pc counts its executions and a value crossing the "
    "back edge stays in the MRF") {
  // The loop body is its own strand (MICRO §4.1: a backward branch ends a strand, its target starts
  // one). r1 is carried around the loop: live-out of the body, so written to the MRF too.
  const Benchmark b = kernel(
      "  ialu r1 = r0\n"
      "  loop 4\n"
      "    ialu r2 = r1\n"
      "    ialu r1 = r2 r1\n"
      "  endloop\n"
      "  st.global r0 r1 tx=1\n");
  const auto& k = b.kernels[0];
  const rfvar::arch::KernelWorkload w(b, 1, 128);
  const auto ex = pc_executions(w);
  REQUIRE(ex.size() == 1);
  CHECK(ex[0][0] == 1);
  CHECK(ex[0][1] == 4);  // loop body
  CHECK(ex[0][2] == 4);
  const HierarchyAllocation a = allocate_hierarchy(k, AllocParams{}, energy());
  CHECK(a.strands >= 3);
  CHECK(a.at_pc[1].dst[0] == kWriteLrf);  // r2: read once by the next instruction
  CHECK(a.at_pc[2].src[0] == Level::Lrf);
  CHECK((a.at_pc[2].dst[0] & kWriteMrf) != 0);  // r1 is live around the back edge
  const AccessCounts c = count_accesses(k, ex[0], &a);
  CHECK(c.reads_of(Level::Lrf) == 4);
}
