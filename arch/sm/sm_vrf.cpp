// The SM's virtualized register file (sharing.virtual_rf; docs/models.md "Register sharing"): the
// register mapping table of Jeon et al., MICRO 2015, the baseline of Jeon et al., CAL 2019 §3-4.
// A warp's destination register gets a physical register at issue (when it has none, or shares one:
// a write never changes another warp's value); a source read for the last time, and a destination
// never read, give theirs back (sharing::trace_releases()); an exiting warp gives back all. A block
// is admitted by the physical registers (vrf_admits()): each warp reserves its trace's peak (the
// oracle max-live of its own path, x sharing.admit_headroom), so with headroom 1 no allocation ever
// waits; below 1 more blocks run and a warp whose instruction needs more registers than are free
// waits (its scheduler issues nothing that cycle). The reservation is a CHOICE: MICRO 2015 admits
// CTAs on the physical registers free; a block admitted on today's use alone can deadlock when all grow.
#include <algorithm>
#include <cmath>

#include "arch/sharing/trace_liveness.h"
#include "arch/sm/sm.h"
#include "workload/lanes.h"

namespace rfvar::arch {

// The next block's warps' releases and reserves (their traces' peaks, sharing::trace_peak(), scaled by
// sharing.admit_headroom), once per block; it is admitted when the registers in use, what the resident
// warps may still take up to their reserves, and its reserve fit the pool (or when no block is resident).
bool Sm::vrf_admits() {
  const int bid = blocks_q_ ? blocks_q_->next : next_block_ * p_.sms;
  if (vrf_cand_bid_ != bid) {
    const BlockTrace& bt = wl_->block(launch_index_, bid, vrf_cand_scratch_);
    if (bt.warps.size() != static_cast<std::size_t>(wpb_)) return true;  // launch_block() reports it
    vrf_cand_rel_.resize(static_cast<std::size_t>(wpb_));
    vrf_cand_reserve_.resize(static_cast<std::size_t>(wpb_));
    vrf_cand_total_ = 0;
    for (int i = 0; i < wpb_; ++i) {
      const WarpTrace& t = bt.warps[static_cast<std::size_t>(i)];
      auto& rel = vrf_cand_rel_[static_cast<std::size_t>(i)];
      rel = sharing::trace_releases(*k_, t, warp_lanes(k_->block_threads, i), p_.sharing.release_finished_lanes);
      const int peak = sharing::trace_peak(*k_, t, rel);
      const int reserve = static_cast<int>(std::ceil(p_.sharing.admit_headroom * peak - 1e-9));
      vrf_cand_reserve_[static_cast<std::size_t>(i)] = reserve;
      vrf_cand_total_ += reserve;
    }
    vrf_cand_bid_ = bid;
  }
  if (vrf_blocks_ == 0) return true;
  int outstanding = 0;
  for (std::size_t s = 0; s < warps_.size(); ++s)
    if (warps_[s].live) outstanding += std::max(0, vrf_reserve_[s] - vrf_.owned(static_cast<int>(s)));
  return vrf_.in_use() + outstanding + vrf_cand_total_ <= vrf_.capacity();
}

bool Sm::vrf_fits(int slot) const {
  const Warp& w = warps_[static_cast<std::size_t>(slot)];
  const Instr& in = k_->code[static_cast<std::size_t>(w.pc())];
  const std::uint16_t rel = vrf_rel_[static_cast<std::size_t>(slot)][w.dyn];
  int frees = 0, needs = 0;
  for (int s = 0; s < in.nsrc; ++s)
    if ((rel >> s) & 1) {
      const int p = vrf_.phys(slot, in.src[s]);
      frees += p >= 0 && vrf_.refs(p) == 1 ? 1 : 0;
    }
  for (int d = 0; d < in.ndst; ++d) {
    const int p = vrf_.phys(slot, in.dst[d]);
    bool released = false;
    for (int s = 0; s < in.nsrc; ++s) released |= ((rel >> s) & 1) && in.src[s] == in.dst[d];
    needs += p < 0 || released || vrf_.refs(p) > 1 ? 1 : 0;
  }
  return needs <= vrf_.free() + frees;
}

std::uint8_t Sm::vrf_issue(int slot, const Instr& in, std::uint32_t step) {
  std::uint8_t fresh = 0;
  const std::uint16_t rel = vrf_rel_[static_cast<std::size_t>(slot)][step];
  for (int s = 0; s < in.nsrc; ++s)
    if ((rel >> s) & 1) vrf_free(slot, in.src[s]);
  for (int d = 0; d < in.ndst; ++d) {
    const RegId r = in.dst[d];
    const int p = vrf_.phys(slot, r);
    if (p >= 0 && vrf_.refs(p) > 1) vrf_free(slot, r);  // shared: the write gets its own register
    if (vrf_.phys(slot, r) < 0) {
      const int q = vrf_.allocate(slot, r, now_);
      // NBTI stress: the physical register holds a row of its bank while mapped (docs/models.md
      // "Register sharing"; placed in the bank of the architectural register that took it).
      phys_bank_[static_cast<std::size_t>(q)] = warps_[static_cast<std::size_t>(slot)].regs[r].bank;
      phys_lat_[static_cast<std::size_t>(q)] = warps_[static_cast<std::size_t>(slot)].regs[r].lat;
      rf_counters_.integrate(now_);
      rf_counters_.row(phys_bank_[static_cast<std::size_t>(q)], +1);
      fresh |= static_cast<std::uint8_t>(1u << d);
    } else if (amt_) amt_->release(p);  // written in place (a partial write): it no longer holds a load's data
  }
  // A value never read needs no register beyond its write (the bank write still happens: its timing).
  for (int d = 0; d < in.ndst; ++d)
    if (rel & (sharing::kDeadDst0 << d)) vrf_free(slot, in.dst[d]);
  return fresh;
}

void Sm::vrf_exit(int slot) {
  for (int r = 0; r < nids_; ++r) vrf_free(slot, static_cast<RegId>(r));
  vrf_rel_[static_cast<std::size_t>(slot)].clear();
}

void Sm::vrf_free(int slot, RegId reg) {
  const int p = vrf_.release(slot, reg, now_);
  if (p < 0) return;
  rf_counters_.integrate(now_);
  rf_counters_.row(phys_bank_[static_cast<std::size_t>(p)], -1);
  vrf_last_free_ = now_;
  if (amt_) {  // no architectural register maps to it any more: its entry goes (Jeon 2019 §3)
    amt_->release(p);
    phys_inflight_[static_cast<std::size_t>(p)] = 0;
  }
}

void Sm::vrf_end_launch() {
  vrf_.integrate(now_);
  stats_.vrf_reg_cycles += vrf_.reg_cycles();
  stats_.vrf_launch_peak_regs = static_cast<std::uint64_t>(vrf_.peak());
  stats_.vrf_peak_regs = std::max(stats_.vrf_peak_regs, stats_.vrf_launch_peak_regs);
}

}  // namespace rfvar::arch
