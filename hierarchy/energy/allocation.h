// Compile-time allocation of values to the LRF / ORF / MRF (Gebhart et al. MICRO 2011 §4), a static
// pass over one kernel's code.
//
// Contract: allocate_hierarchy() is pure. Strands are hierarchy/ltrf/strands.h's (MICRO §4.1: a strand
// ends before an instruction that depends on a long-latency result of the same strand, at a
// backward branch, at a loop header and where forward paths from different strands merge), on the
// Cfg of cfg_from_kernel(k, sfu_long_latency) restricted to the registers long-latency instructions
// write (strand cuts depend on no other; InputError if more than ltrf::kMaxCfgRegs), liveness per
// 256-register slice (any register count: PTX ids reach several hundred). The ORF and LRF are
// invalid across strand boundaries; inside a strand, values stay in the ORF / LRF across its
// forward branches (MICRO §4.5; strands hold no backward branch, §4.1) by the rules of
// strand_values.h: the writes reaching a common read form one value sharing one entry (Fig. 10c),
// a read whose location control flow makes uncertain comes from the MRF and the writes reaching it
// write the MRF too (Fig. 10a, 10b). `forward_branches` = false takes every basic-block piece of a
// strand alone (the §4.2 baseline: "values in the ORF cannot cross basic block boundaries").
// Candidates:
//  * a written value: its writes and the reads they reach (up to the next write of the register);
//    live-out (the register is live where control leaves the strand) writes also write the MRF;
//  * a read operand (MICRO §4.4, `read_operands`): a register read before any write of it in the
//    strand; its first read comes from the MRF and fills the upper level, the later reads it
//    dominates may hit it.
// The savings of a value at level X (MICRO Fig. 6, 9) = sum over the reads it serves of
// (MRF read - X read) + sum over its writes reaching a served read (or of a value never read) of
// (the MRF write avoided, if the write reaches no read staying in the MRF, is not live-out and not
// uncertain) - X write, with each access's energy from AccessEnergy for the reader's / writer's
// datapath. Per strand, values are taken in decreasing savings / range order (range = last served
// read - first write, at least 1, MICRO Fig. 7; positions in the strand's topological layout), only
// with savings > 0, first into the LRF (lrf_entries, 0 = a two-level hierarchy; only values written
// and read by the private datapath, MICRO §4.6; whole ranges), then the rest into the ORF
// (orf_entries per thread); a value that does not fit is shortened read by read from its end while
// it still saves energy (partial range, MICRO §4.3, `partial_range`). An entry holds a value from
// its first write to its last served read: values [b, e) and [b', e') may share an entry iff the
// intervals do not overlap (a last read at e and a new write at e can). LRF organization (MICRO
// §3.2, §6.3, §4.6): unified = lrf_entries per thread shared by all operand slots; split = one bank
// of lrf_entries per operand slot A, B, C (source slots 0-2): a value goes to the bank of the slot
// all its served reads use, and a value read in more than one slot (or a slot past C) cannot use
// the LRF ("Values that are accessed by more than one operand slot must be allocated to the ORF").
// Per pc: the level each source slot reads and the levels each destination writes (the MRF always
// when a read stays there, the write is live-out or uncertain), plus upper-level fills by read
// operands.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "hierarchy/energy/access_energy.h"
#include "hierarchy/energy/params.h"
#include "hierarchy/energy/strand_values.h"
#include "workload/kernel.h"

namespace rfvar::arch::energy {

struct AllocParams {
  int orf_entries = 3;
  int lrf_entries = 1;  // 0: two-level hierarchy (ORF + MRF)
  bool partial_range = true;
  bool read_operands = true;
  bool sfu_long_latency = false;  // SFU results end strands like global loads
  bool forward_branches = true;   // MICRO §4.5: values cross the forward branches inside a strand
  LrfOrganization lrf = LrfOrganization::Unified;  // MICRO §6.3
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
  int multi_write_values = 0;  // values in an upper level written on several paths (MICRO Fig. 10c)
};

HierarchyAllocation allocate_hierarchy(const Kernel& k, const AllocParams& a, const AccessEnergy& e);

}  // namespace rfvar::arch::energy
