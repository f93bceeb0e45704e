// LTRF's hardware in the SM (Sadrosadati et al. 2018 §3.2, §4): per-active-warp RFC partitions
// filled by a PREFETCH at every prefetch-region entry, as an operand path (arch/sm/operand_path.h).
//
// Contract: regions are register-intervals (intervals.h, LTRF Algorithms 1-2) or strands
// (strands.h, Gebhart MICRO 2011: the "LTRF (strand)" / SHRF-like point of LTRF §6.6), formed per
// kernel with N = regs_per_interval. A warp belongs to the active set between on_warp_activate
// and on_warp_deactivate (a two-level scheduler must drive it; at most `partitions` warps at once).
//  * on_next_pc(): when an active warp's next pc lies in another region, the region's working set
//    is prefetched (ltrf::WarpPartitions::enter: LTRF fetches the missing registers, LTRF+ only
//    the live ones) over the main RF's banks and 4x narrower crossbar (ltrf::MainRfPorts at the
//    main RF's relative latency), after the write-back of dirty registers leaving the partition;
//    the warp may issue again when the last register has arrived (the PREFETCH wait). With strands
//    every strand entry, also a backward branch back into the same strand (Gebhart MICRO 2011: a
//    backward branch ends a strand), is a strand boundary (ltrf::WarpPartitions::restart: nothing
//    survives it; the working set is fetched whole after the dirty registers are written back).
//  * on_warp_deactivate(): LTRF writes back the working set, LTRF+ its live registers (no wait).
//    on_warp_activate(): the warp refetches its working set (LTRF+: live registers) and waits.
//  * Every read and write of an active warp is served by its partition: the SM's banks then stand
//    for the register-file cache's 16 banks (LTRF §4.1: an arbiter resolves bank conflicts between
//    warps; the caller gives the SM a 1x, 16-bank register file), so serve_read() returns false and
//    an active warp's result write into its partition does too; a result arriving for an inactive
//    warp (a load completing after deactivation) or outside its working set is written to the main
//    RF over the ports and absorbed (true). Main-RF traffic goes only over the ports.
// Statistics: the partitions' counters plus dynamic region entries and instructions
// (dynamic interval length = instructions / region entries).
#pragma once

#include <memory>
#include <optional>
#include <tuple>
#include <vector>

#include "common/counters.h"

#include "hierarchy/design/kernel_liveness.h"
#include "hierarchy/ltrf/params.h"
#include "hierarchy/ltrf/partition.h"
#include "hierarchy/ltrf/prefetch_cost.h"
#include "hierarchy/ltrf/region.h"
#include "arch/sm/operand_path.h"

namespace rfvar::arch::hierarchy {

enum class RegionKind { Intervals, Strands };

struct LtrfPathStats {
  ltrf::PartitionStats partitions;
  std::uint64_t instructions = 0;     // warp instructions issued
  std::uint64_t region_entries = 0;   // dynamic region entries (a PREFETCH each when active)
  std::uint64_t prefetch_wait_cycles = 0;  // sum over PREFETCHes and refetches of the warp's wait
  std::uint64_t late_writes = 0;      // results written to the main RF for an inactive warp
  template <class Self>
  static auto counters(Self& s) {  // common/counters.h (partitions by its own list)
    return std::tie(s.partitions, s.instructions, s.region_entries, s.prefetch_wait_cycles, s.late_writes);
  }
  LtrfPathStats& operator+=(const LtrfPathStats& o) { return add_counters(*this, o); }
  double dynamic_region_length() const {
    return region_entries ? static_cast<double>(instructions) / static_cast<double>(region_entries) : 0.0;
  }
};

class LtrfPath final : public IOperandPath {
 public:
  LtrfPath(ltrf::LtrfVariant variant, RegionKind regions, const ltrf::LtrfParams& p, const ltrf::TransferParams& ports,
           double latency_rel, int partitions);

  bool serve_read(int warp_slot, int reg, std::uint64_t now) override;
  bool absorb_write(int warp_slot, int reg, std::uint64_t now) override;
  void on_kernel_launch(const Kernel& k, int warp_slots, IMainRfWriter& main_rf) override;
  void on_issue(int warp_slot, int pc, std::uint64_t now) override;
  std::uint64_t on_next_pc(int warp_slot, int pc, std::uint64_t now) override;
  std::uint64_t on_warp_activate(int warp_slot, int pc, std::uint64_t now) override;
  void on_warp_deactivate(int warp_slot, int pc, std::uint64_t now) override;
  void on_warp_exit(int warp_slot) override;

  // Statistics summed over every kernel launch so far (call after the run).
  LtrfPathStats stats();

 private:
  std::uint64_t transfer(std::uint64_t now, int slot, const ltrf::RegSet& regs);
  void fold_stats();

  ltrf::LtrfVariant variant_;
  RegionKind kind_;
  ltrf::LtrfParams p_;
  ltrf::TransferParams tp_;
  double latency_rel_;
  int partitions_;
  KernelLiveness live_;
  ltrf::RegionPartition regions_;
  std::vector<int> region_at_;  // [pc]
  std::unique_ptr<ltrf::WarpPartitions> part_;
  std::unique_ptr<ltrf::MainRfPorts> ports_;
  std::vector<int> region_;     // [slot] region the warp is in, -1 none
  std::vector<int> last_pc_;    // [slot] the pc of the previous on_next_pc, -1 none
  LtrfPathStats total_, now_;
};

}  // namespace rfvar::arch::hierarchy
