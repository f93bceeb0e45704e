// Prefetch regions: the partition of a Cfg's instructions into single-entry regions that LTRF
// prefetches as a unit - register-intervals (intervals.h) or strands (strands.h).
//
// Contract: every instruction of the Cfg belongs to exactly one region. A region is a list of
// block pieces (instruction ranges [begin, end) of one block); its first piece is its header,
// which starts at the region's single entry point: every control-flow edge into the region from
// elsewhere goes to the header's first instruction. working_set = registers any of its
// instructions names (LTRF §3.1: what "might be accessed" between two PREFETCHes);
// static_length = its instruction count. A warp executes a PREFETCH whenever its next
// instruction lies in a different region than its previous one (re-entering the same region
// through one of its own back edges needs none: the working set is still resident).
#pragma once

#include <string>
#include <vector>

#include "hierarchy/ltrf/cfg.h"

namespace rfvar::arch::ltrf {

struct BlockPiece {
  int block = 0;
  int begin = 0;  // first instruction index
  int end = 0;    // one past the last
  int size() const { return end - begin; }
};

struct Region {
  std::vector<BlockPiece> pieces;  // pieces[0] is the header
  RegSet working_set;
  int static_length = 0;
  std::vector<int> succs;          // regions entered from this one (no self edges)
  InstrRef entry() const { return {pieces.front().block, pieces.front().begin}; }
};

class RegionPartition {
 public:
  RegionPartition() = default;
  // Builds the instruction -> region map and the successor lists; throws std::logic_error if
  // the regions do not cover every instruction exactly once (a bug in the forming algorithm).
  RegionPartition(const Cfg& cfg, std::vector<Region> regions);

  const std::vector<Region>& regions() const { return regions_; }
  int size() const { return static_cast<int>(regions_.size()); }
  int region_of(InstrRef at) const { return of_[static_cast<std::size_t>(at.block)][static_cast<std::size_t>(at.index)]; }
  // The region holding the Cfg entry's first instruction.
  int entry_region() const { return entry_; }
  int max_working_set() const;
  double mean_static_length() const;
  // True if every edge entering a region from another region (or itself, through its header)
  // targets the header's first instruction.
  bool single_entry(const Cfg& cfg) const;

 private:
  std::vector<Region> regions_;
  std::vector<std::vector<int>> of_;  // [block][instruction] -> region
  int entry_ = 0;
};

}  // namespace rfvar::arch::ltrf
