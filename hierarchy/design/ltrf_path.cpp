#include "hierarchy/design/ltrf_path.h"

#include <algorithm>

#include "hierarchy/ltrf/intervals.h"
#include "hierarchy/ltrf/strands.h"

namespace rfvar::arch::hierarchy {

LtrfPath::LtrfPath(ltrf::LtrfVariant variant, RegionKind regions, const ltrf::LtrfParams& p,
                   const ltrf::TransferParams& ports, double latency_rel, int partitions)
    : variant_(variant), kind_(regions), p_(p), tp_(ports), latency_rel_(latency_rel), partitions_(partitions) {
  ltrf::check_latency_rel(latency_rel, "main-RF latency");
}

void LtrfPath::fold_stats() {
  if (!part_) return;
  now_.partitions = part_->stats();  // now_ counts the path's own events; its partitions come from part_
  part_->reset_stats();
  total_ += now_;
  now_ = {};
}

LtrfPathStats LtrfPath::stats() {
  fold_stats();
  return total_;
}

void LtrfPath::on_kernel_launch(const Kernel& k, int warp_slots, IMainRfWriter&) {
  fold_stats();
  live_ = kernel_liveness(k, p_.long_latency_sfu);
  const int n = p_.regs_per_interval;
  regions_ = kind_ == RegionKind::Intervals ? ltrf::form_register_intervals(live_.kcfg.cfg, n).partition
                                            : ltrf::form_strands(live_.kcfg.cfg, n).partition;
  region_at_.resize(k.code.size());
  for (std::size_t pc = 0; pc < k.code.size(); ++pc) region_at_[pc] = regions_.region_of(live_.kcfg.at_pc[pc]);
  part_ = std::make_unique<ltrf::WarpPartitions>(variant_, warp_slots, partitions_, n);
  ports_ = std::make_unique<ltrf::MainRfPorts>(tp_);
  region_.assign(static_cast<std::size_t>(warp_slots), -1);
  last_pc_.assign(static_cast<std::size_t>(warp_slots), -1);
}

std::uint64_t LtrfPath::transfer(std::uint64_t now, int slot, const ltrf::RegSet& regs) {
  return ports_->schedule(now, slot, regs, latency_rel_);  // LTRF §4.2: bank conflicts, 4x narrower crossbar
}

void LtrfPath::on_issue(int, int, std::uint64_t) { ++now_.instructions; }

std::uint64_t LtrfPath::on_next_pc(int slot, int pc, std::uint64_t now) {
  const int r = region_at_[static_cast<std::size_t>(pc)];
  int& cur = region_[static_cast<std::size_t>(slot)];
  int& last = last_pc_[static_cast<std::size_t>(slot)];
  const bool backward = pc <= last;  // a taken backward branch (loop back edge)
  last = pc;
  const bool strands = kind_ == RegionKind::Strands;
  // Same register-interval, also through its own back edges: still resident (LTRF §3.1). A strand
  // ends at every backward branch (Gebhart MICRO 2011 §4.1), so re-entering it is a new strand.
  if (r == cur && !(strands && backward)) return now;
  cur = r;
  ++now_.region_entries;
  if (!part_->resident(slot)) return now;  // fetched when the warp is activated
  const auto& ws = regions_.regions()[static_cast<std::size_t>(r)].working_set;
  const ltrf::RegSet& live = live_.live_in[static_cast<std::size_t>(pc)];
  const ltrf::RegTransfer t = strands ? part_->restart(slot, ws, live) : part_->enter(slot, ws, live);  // PREFETCH
  transfer(now, slot, t.writeback);
  const std::uint64_t ready = transfer(now, slot, t.fetch);
  now_.prefetch_wait_cycles += ready - now;
  return ready;
}

std::uint64_t LtrfPath::on_warp_activate(int slot, int pc, std::uint64_t now) {
  int& cur = region_[static_cast<std::size_t>(slot)];
  cur = region_at_[static_cast<std::size_t>(pc)];
  const auto& ws = regions_.regions()[static_cast<std::size_t>(cur)].working_set;
  const ltrf::RegTransfer t = part_->activate(slot, ws, live_.live_in[static_cast<std::size_t>(pc)]);  // LTRF §4.2 refetch
  const std::uint64_t ready = transfer(now, slot, t.fetch);
  now_.prefetch_wait_cycles += ready - now;
  return ready;
}

void LtrfPath::on_warp_deactivate(int slot, int pc, std::uint64_t now) {
  const ltrf::RegTransfer t = part_->deactivate(slot, live_.live_in[static_cast<std::size_t>(pc)]);  // LTRF §3.2
  transfer(now, slot, t.writeback);
}

void LtrfPath::on_warp_exit(int slot) {
  part_->exit(slot);
  region_[static_cast<std::size_t>(slot)] = -1;
  last_pc_[static_cast<std::size_t>(slot)] = -1;
}

bool LtrfPath::serve_read(int slot, int reg, std::uint64_t) {
  part_->access(slot, reg, false);  // a miss is counted (and is a bug: regions guarantee hits)
  return false;  // read from the register-file cache's bank (the SM's 1x banks; LTRF §4.1)
}

bool LtrfPath::absorb_write(int slot, int reg, std::uint64_t now) {
  if (part_->resident(slot) && part_->working_set(slot).test(static_cast<std::size_t>(reg))) {
    part_->access(slot, reg, true);
    return false;  // written into the register-file cache's bank
  }
  ltrf::RegSet one;
  one.set(static_cast<std::size_t>(reg));
  transfer(now, slot, one);  // the warp is inactive (or left the region): the value goes to the main RF
  ++now_.late_writes;
  return true;
}

}  // namespace rfvar::arch::hierarchy
