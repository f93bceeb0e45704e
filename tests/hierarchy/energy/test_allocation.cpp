// Hand-worked allocations (Gebhart MICRO 2011 §4). Per-128-bit energies of the default table:
// MRF read 15.6 pJ, write 18.6; ORF (3 entries) read 2.72 private / 4.24 shared, write 5.92 / 7.44;
// LRF read 1.08, write 2.38 (bank + 4 words x 1.9 pJ/mm x distance).
#include <doctest/doctest.h>

#include "hierarchy/energy/allocation.h"
#include "hierarchy/energy/allocation_replay.h"
#include "workload/kernel_parser.h"
#include "workload/kernel_workload.h"
#include "common/config.h"

namespace {
namespace RFVAR_UNITY_ID {

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

TEST_CASE(
    "GIVEN R2 written on both sides of a hammock and read at the merge WHEN allocated THEN both writes "
    "target the ORF and the merge read comes from it (MICRO §4.5, Fig. 10c)") {
  // One strand (no long-latency op, no loop): BB0 = pc0-1, then-side pc2-3 (the jump), else-side
  // pc4, merge pc5-6. ORF only (lrf_entries 0), no read operands. Private ORF read 2.72 / write 5.92
  // per 128 bits, MRF 15.6 / 18.6, shared ORF read 4.24:
  //  r1: pc0 -> pc2 (one side only; dead after): 8 x (12.88 + 12.68) = 204.5 > 0: ORF, no MRF write;
  //  r2: written at pc2 and pc4, read at pc5 only: one value in one entry (both writes reach the
  //      read): 8 x 12.88 + 2 x 8 x 12.68 = 306 > 0: ORF, neither write goes to the MRF;
  //  r3: pc5 -> the store: ORF. r0 (read operand, off) stays in the MRF.
  // Per basic block (forward_branches off, the §4.2 baseline) r1 and r2 are live-out of their
  // pieces with no read there: MRF only.
  const Benchmark b = kernel(
      "  ialu r1 = r0\n"
      "  if tid < 16\n"
      "    ialu r2 = r1\n"
      "  else\n"
      "    ialu r2 = r0\n"
      "  endif\n"
      "  ialu r3 = r2\n"
      "  st.global r0 r3 tx=1\n");
  const auto& k = b.kernels[0];
  REQUIRE(k.code.size() == 8);  // + the exit the parser appends
  AllocParams p;
  p.lrf_entries = 0;
  p.read_operands = false;
  const HierarchyAllocation a = allocate_hierarchy(k, p, energy());
  CHECK(a.strands == 1);
  CHECK(a.orf_values == 3);
  CHECK(a.multi_write_values == 1);
  CHECK(a.at_pc[0].dst[0] == kWriteOrf);
  CHECK(a.at_pc[2].src[0] == Level::Orf);
  CHECK(a.at_pc[2].dst[0] == kWriteOrf);
  CHECK(a.at_pc[4].src[0] == Level::Mrf);
  CHECK(a.at_pc[4].dst[0] == kWriteOrf);
  CHECK(a.at_pc[5].src[0] == Level::Orf);
  const AccessCounts c = count_accesses(k, once(k), &a);
  CHECK(c.reads_of(Level::Mrf) == 3);  // r0 at pc0, pc4, pc6
  CHECK(c.reads_of(Level::Orf) == 3);
  CHECK(c.writes_of(Level::Mrf) == 0);
  CHECK(c.writes_of(Level::Orf) == 4);
  p.forward_branches = false;
  const HierarchyAllocation base = allocate_hierarchy(k, p, energy());
  CHECK(base.multi_write_values == 0);
  CHECK(base.at_pc[2].dst[0] == kWriteMrf);
  CHECK(base.at_pc[5].src[0] == Level::Mrf);
  const AccessCounts cb = count_accesses(k, once(k), &base);
  CHECK(cb.reads_of(Level::Mrf) == 5);
  CHECK(cb.writes_of(Level::Mrf) == 3);
}

TEST_CASE(
    "GIVEN a value written on one side of a hammock and read at the merge WHEN allocated THEN the merge "
    "read comes from the MRF, the write goes to ORF and MRF, and a value written before the branch "
    "stays in the ORF across it (MICRO §4.5, Fig. 10a, 10b)") {
  // BB0 = pc0-1, then-side pc2-3, merge pc4-5; one strand, ORF only, no read operands.
  //  r5: written at pc0 (before the branch), read at pc2 (then-side) and pc4 (merge): reaches them
  //      on every path: 8 x (2 x 12.88 + 12.68) = 307.5 > 0: ORF, no MRF write;
  //  r1: written at pc2 only; at pc4 it comes from pc2 or from the kernel's entry (the MRF): the
  //      location is uncertain, so pc4 reads the MRF and pc2 writes the MRF too (Fig. 10a); its
  //      read at pc3 (the store, shared ORF read 4.24) still pays: 8 x (11.36 - 5.92) > 0, so pc2
  //      writes the ORF as well (Fig. 10b);
  //  r2: pc4 -> the store: ORF.
  const Benchmark b = kernel(
      "  ialu r5 = r0\n"
      "  if tid < 16\n"
      "    ialu r1 = r5\n"
      "    st.global r0 r1 tx=1\n"
      "  endif\n"
      "  ialu r2 = r1 r5\n"
      "  st.global r0 r2 tx=1\n");
  const auto& k = b.kernels[0];
  REQUIRE(k.code.size() == 7);  // + the exit
  AllocParams p;
  p.lrf_entries = 0;
  p.read_operands = false;
  const HierarchyAllocation a = allocate_hierarchy(k, p, energy());
  CHECK(a.strands == 1);
  CHECK(a.at_pc[0].dst[0] == kWriteOrf);
  CHECK(a.at_pc[2].src[0] == Level::Orf);
  CHECK(a.at_pc[2].dst[0] == (kWriteOrf | kWriteMrf));
  CHECK(a.at_pc[3].src[1] == Level::Orf);
  CHECK(a.at_pc[4].src[0] == Level::Mrf);  // r1: uncertain location
  CHECK(a.at_pc[4].src[1] == Level::Orf);  // r5: written before the branch
  CHECK(a.at_pc[4].dst[0] == kWriteOrf);
  const AccessCounts c = count_accesses(k, once(k), &a);
  CHECK(c.reads_of(Level::Mrf) == 4);  // r0 at pc0, pc3, pc5; r1 at pc4
  CHECK(c.reads_of(Level::Orf) == 4);
  CHECK(c.writes_of(Level::Mrf) == 1);
  // Per basic block r5 is live-out of BB0 with no read there: MRF only, read twice from the MRF.
  p.forward_branches = false;
  const HierarchyAllocation base = allocate_hierarchy(k, p, energy());
  CHECK(base.at_pc[0].dst[0] == kWriteMrf);
  CHECK(base.at_pc[4].src[1] == Level::Mrf);
  CHECK(base.at_pc[2].dst[0] == (kWriteOrf | kWriteMrf));
}

TEST_CASE(
    "GIVEN an FMA whose three operands are the three previous results WHEN the LRF is split per operand "
    "slot THEN all three are read from the LRF, against one with a unified LRF (MICRO §6.3)") {
  // r1, r2, r3 are read once, by pc3's slots A, B, C: LRF savings 8 x (14.52 + 16.22) = 245.9 each,
  // ranges 3, 2, 1. Unified (one entry): r3 [2,3) takes it, r1 [0,3) and r2 [1,3) overlap it and go
  // to the ORF. Split: r1 -> bank A, r2 -> bank B, r3 -> bank C. r0 (read operand filled at pc0,
  // read by the store too: shared datapath, no LRF) and r4 (read by the store) use the ORF.
  const Benchmark b = kernel(
      "  ialu r1 = r0\n"
      "  ialu r2 = r0\n"
      "  ialu r3 = r0\n"
      "  fmad r4 = r1 r2 r3\n"
      "  st.global r0 r4 tx=1\n");
  const auto& k = b.kernels[0];
  AllocParams p;
  const HierarchyAllocation uni = allocate_hierarchy(k, p, energy());
  CHECK(uni.lrf_values == 1);
  CHECK(uni.at_pc[3].src[0] == Level::Orf);
  CHECK(uni.at_pc[3].src[1] == Level::Orf);
  CHECK(uni.at_pc[3].src[2] == Level::Lrf);
  CHECK(uni.at_pc[2].dst[0] == kWriteLrf);
  p.lrf = LrfOrganization::Split;
  const HierarchyAllocation split = allocate_hierarchy(k, p, energy());
  CHECK(split.lrf_values == 3);
  for (int s = 0; s < 3; ++s) CHECK(split.at_pc[3].src[static_cast<std::size_t>(s)] == Level::Lrf);
  for (int pc = 0; pc < 3; ++pc) CHECK(split.at_pc[static_cast<std::size_t>(pc)].dst[0] == kWriteLrf);
  const AccessCounts cu = count_accesses(k, once(k), &uni), cs = count_accesses(k, once(k), &split);
  CHECK(cu.reads_of(Level::Lrf) == 1);
  CHECK(cs.reads_of(Level::Lrf) == 3);
  CHECK(cs.reads_of(Level::Orf) == cu.reads_of(Level::Orf) - 2);
  CHECK(energy().energy(cs).total().total() < energy().energy(cu).total().total());
}

TEST_CASE(
    "GIVEN a result read by two operand slots WHEN the LRF is split THEN it goes to the ORF, while a "
    "unified LRF serves both reads (MICRO §4.6)") {
  // r2 = pc1's result, read by pc2's slots A and B: no single split bank holds it.
  const Benchmark b = kernel(
      "  ialu r1 = r0\n"
      "  ialu r2 = r1\n"
      "  fmad r3 = r2 r2 r0\n"
      "  st.global r0 r3 tx=1\n");
  const auto& k = b.kernels[0];
  AllocParams p;
  const HierarchyAllocation uni = allocate_hierarchy(k, p, energy());
  CHECK(uni.at_pc[2].src[0] == Level::Lrf);
  CHECK(uni.at_pc[2].src[1] == Level::Lrf);
  p.lrf = LrfOrganization::Split;
  const HierarchyAllocation split = allocate_hierarchy(k, p, energy());
  CHECK(split.at_pc[1].src[0] == Level::Lrf);  // r1: read by slot A only
  CHECK(split.at_pc[2].src[0] == Level::Orf);
  CHECK(split.at_pc[2].src[1] == Level::Orf);
  CHECK(split.at_pc[1].dst[0] == kWriteOrf);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
