// Compile-time allocation of values to the LRF / ORF / MRF (Gebhart et al. MICRO 2011 §4), a static
// pass over one kernel's code.
//
// Contract: allocate_hierarchy() is pure. Strands are arch/ltrf/strands.h's (MICRO §4.1: a strand
// ends before an instruction that depends on a long-latency result of the same strand, at a
// backward branch, at a loop header and where forward paths from different strands merge), on the
// Cfg of cfg_from_kernel(k, sfu_long_latency) restricted to the registers long-latency instructions
// write (strand cuts depend on no other; InputError if more than ltrf::kMaxCfgRegs), liveness per
// 256-register slice (any register count: PTX ids reach several hundred). The ORF and LRF are
// invalid across strand boundaries, so only values whose producer and reads lie in one straight-line
// piece of a strand (one basic block's part of it: the baseline algorithm's "values in the ORF
// cannot cross basic block boundaries", MICRO §4.2; the §4.5 forward-branch extension is not done:
// such values stay in the MRF) are candidates:
//  * a written value: produced by instruction t, read by the following instructions of the piece
//    up to the next write of the register; live-out (the register is live after the piece and not
//    rewritten in it) values are also written to the MRF;
//  * a read operand (MICRO §4.4, `read_operands`): a register read in the piece before any write of
//    it there; its first read comes from the MRF and fills the upper level, later reads may hit it.
// The savings of a value at level X (MICRO Fig. 6, 9) = sum over the reads it serves of
// (MRF read - X read) + (the MRF write avoided, if no read stays in the MRF and it is not live-out)
// - X write, with each access's energy from AccessEnergy for the reader's / writer's datapath. Per
// piece, values are taken in decreasing savings / range order (range = last served read - creation,
// at least 1, MICRO Fig. 7), only with savings > 0, first into the LRF (lrf_entries, 0 = a two-level
// hierarchy; only values produced and read by the private datapath, MICRO §4.6; whole ranges), then
// the rest into the ORF (orf_entries per thread); a value that does not fit is shortened read by
// read from its end while it still saves energy (partial range, MICRO §4.3, `partial_range`). An
// entry holds a value from its creation to its last served read: values [b, e) and [b', e') may
// share an entry iff the intervals do not overlap (a last read at e and a new write at e can).
// Per pc: the level each source slot reads and the levels each destination writes (the MRF always
// when a read stays there or the value is live-out), plus upper-level fills by read operands.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "arch/energy/access_energy.h"
#include "arch/workload/kernel.h"

namespace rfvar::arch::energy {

struct AllocParams {
  int orf_entries = 3;
  int lrf_entries = 1;  // 0: two-level hierarchy (ORF + MRF)
  bool partial_range = true;
  bool read_operands = true;
  bool sfu_long_latency = false;  // SFU results end strands like global loads
};

// Bits of PcAllocation::dst.
inline constexpr std::uint8_t kWriteMrf = 1, kWriteOrf = 2, kWriteLrf = 4;

struct PcAllocation {
  std::array<Level, kMaxSrc> src{};           // level each source slot reads (Mrf by default)
  std::array<std::uint8_t, kMaxDst> dst{};    // kWrite* bits per destination
  std::uint8_t orf_fills = 0, lrf_fills = 0;  // read operands copied into the ORF / LRF here
};

struct HierarchyAllocation {
  std::vector<PcAllocation> at_pc;  // [kernel.code.size()]
  int strands = 0;
  int values = 0;  // candidate values (written values + read operands)
  int lrf_values = 0, orf_values = 0, partial_values = 0;
};

// Shared datapath (SFU, MEM: loads and stores) or private (the ALUs, branches).
Datapath datapath_of(const Instr& in);

HierarchyAllocation allocate_hierarchy(const Kernel& k, const AllocParams& a, const AccessEnergy& e);

}  // namespace rfvar::arch::energy
