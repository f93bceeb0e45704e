// The candidate values of one strand for the LRF / ORF allocation (Gebhart et al. MICRO 2011
// §4.2-§4.5): which reads each register write may serve from an upper level, across the forward
// branches inside the strand.
//
// Contract: strand_values() is pure. A StrandCode is a strand's block pieces (hierarchy/ltrf/region.h)
// laid out in a topological order (the reverse post-order strand formation walks), so every path
// from a position to a later one stays between them: a value occupying an entry from its first
// write to its last served read holds it on every path (MICRO Fig. 7's [begin, end) ranges).
// Strands contain no backward branch (MICRO §4.1), so reaching definitions are one forward pass
// (union at merges; the strand's entry = the value in the MRF from an earlier strand). Per read:
//  * reached only by writes of the strand: the writes reaching a common read form one value (a
//    web): they must all target the same upper-level entry for the read to be served there (MICRO
//    §4.5, Fig. 10c: R1 written on both sides of a hammock, read at the merge);
//  * reached by a write and by the strand's entry (a path without a write: Fig. 10a, 10b): the
//    location is uncertain, so the read comes from the MRF and every write reaching it also writes
//    the MRF (`must_mrf`; "when there is uncertainty in a value's location due to control flow the
//    value will always be available from the MRF"); other reads of such a write may still be
//    served above (Fig. 10b: written to both ORF and MRF);
//  * reached only by the strand's entry: a read operand (MICRO §4.4). Its first read (one not
//    dominated by another such read of the register) comes from the MRF and fills an entry; the
//    later reads it dominates may be served there (others come from the MRF: always valid).
// A write is live-out if it reaches the end of a piece control may leave the strand from (a cut,
// or a successor block in another strand) with its register live there: it also writes the MRF.
// Values are listed by their first write / fill position (read operands before writes of the same
// instruction, then slot order); reads in position then slot order. A StrandCode of one piece with
// no predecessor gives MICRO §4.2's baseline (values do not cross basic blocks).
#pragma once

#include <functional>
#include <limits>
#include <vector>

#include "hierarchy/energy/access_energy.h"
#include "hierarchy/ltrf/cfg.h"
#include "workload/kernel.h"

namespace rfvar::arch::energy {

struct StrandCode {
  std::vector<const Instr*> in;              // [position]
  std::vector<int> pc;                       // [position]
  std::vector<int> piece;                    // [position] -> piece index
  std::vector<std::vector<int>> preds;       // [piece] predecessor pieces in the strand (header: none)
  std::vector<bool> exit;                    // [piece] control may leave the strand after it
  std::vector<ltrf::InstrRef> last;          // [piece] its last instruction
  int pieces() const { return static_cast<int>(preds.size()); }
};

struct ValueRead {
  int pos = 0, slot = 0;
};

struct ValueWrite {  // one write of a value (or the fill of a read operand)
  int pos = 0, slot = 0;  // position; destination slot (read operand: the filling read's slot)
  Datapath writer = Datapath::Private;
  bool live_out = false;  // still needed after the strand: writes the MRF too
  bool must_mrf = false;  // reaches a read whose location is uncertain (MICRO §4.5): writes the MRF too
  int first_read = std::numeric_limits<int>::max(), last_read = -1;  // reads (indices) it reaches
};

struct CandidateValue {
  bool read_operand = false;
  bool eligible = true;             // no write is a long-latency result
  std::vector<ValueWrite> writes;   // in position order
  std::vector<ValueRead> reads;     // reads an upper level may serve, in position order
};

// reg_of: dense register id of a kernel register; live_out(at, r): r live after instruction `at`.
std::vector<CandidateValue> strand_values(const StrandCode& s, const std::function<int(int)>& reg_of,
                                          const std::function<bool(ltrf::InstrRef, int)>& live_out,
                                          bool read_operands, bool sfu_long_latency);

bool long_latency(const Instr& in, bool sfu);  // a global / local load (or SFU op if `sfu`)
Datapath datapath_of(const Instr& in);         // shared: SFU, MEM (loads, stores); private: the rest

}  // namespace rfvar::arch::energy
