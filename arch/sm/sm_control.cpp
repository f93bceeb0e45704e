// The SM's launch set-up, block scheduling (occupancy, warp-ID recycling, register allocation),
// trace stepping, branches and barriers.
#include <algorithm>
#include <bit>
#include <limits>
#include <stdexcept>
#include <string>

#include "arch/core/occupancy.h"
#include "arch/sm/sm.h"
#include "workload/draw.h"
#include "workload/lanes.h"
#include "common/config.h"

namespace rfvar::arch {

double Sm::draw(std::uint64_t a, std::uint64_t b) const { return workload_draw(key_, a, b); }

// The per-pc register lists of kernel k (at_pc(), registers_written()): its code and the ArchParams alone.
void Sm::build_ops(const Kernel& k) {
  own_ops_.assign(k.code.size(), PcOps{});
  for (std::size_t pc = 0; pc < k.code.size(); ++pc) {
    const Instr& in = k.code[pc];
    PcOps& o = own_ops_[pc];
    o.exit = in.op == OpClass::Exit;
    o.unit = static_cast<std::uint8_t>(unit_of(in.op, p_.dp_on_sfu));
    const auto add = [&](RegId r) {
      if (r >= nids_) throw InputError("kernel '" + k.name + "' pc " + std::to_string(pc) + ": register id " +
                                       std::to_string(r) + " >= its " + std::to_string(nids_) + " ids");
      for (int i = 0; i < o.n; ++i)
        if (o.r[i] == r) return;
      o.r[o.n++] = r;
    };
    for (int d = 0; d < in.ndst; ++d) add(in.dst[d]);
    for (int s = 0; s < in.nsrc; ++s) add(in.src[s]);
  }
  ops_ = own_ops_.data();
}

void Sm::reset_for_launch(const IWorkload& wl, int launch_index, const Sm* decode_from) {
  wl_ = &wl;
  const Launch& launch = wl.benchmark().launches.at(static_cast<std::size_t>(launch_index));
  const Kernel& k = wl.benchmark().kernels.at(static_cast<std::size_t>(launch.kernel));
  const int grid = launch.grid;
  k_ = &k;
  launch_index_ = launch_index;
  if (k.reg_ids < k.regs_per_thread || k.reg_ids > kMaxRegIds)
    throw InputError("kernel '" + k.name + "': " + std::to_string(k.reg_ids) + " register ids for " +
                     std::to_string(k.regs_per_thread) + " registers per thread (accepted: regs <= ids <= " +
                     std::to_string(kMaxRegIds) + ")");
  nids_ = k.reg_ids;
  if (decode_from) {
    if (decode_from->k_ != &k || decode_from->launch_index_ != launch_index || decode_from->ops_ == nullptr)
      throw std::logic_error("Sm::begin_launch: the SM to share the per-pc table with has not begun this launch");
    ops_ = decode_from->ops_;
  } else {
    build_ops(k);
  }
  wpb_ = k.warps_per_block();
  vrf_on_ = p_.sharing.virtual_rf;
  if (vrf_on_ && path_)
    throw InputError("sharing.virtual_rf: the virtualized register file runs on the flat register file, not under a "
                     "register-file hierarchy (RFC, LTRF)");
  max_blocks_ = max_blocks_per_sm(k, p_, !vrf_on_);  // the virtual RF admits blocks by registers in use
  blocks_total_ = (grid + p_.sms - 1) / p_.sms;
  if (blocks_q_) blocks_total_ = blocks_q_->next < blocks_q_->grid ? std::numeric_limits<int>::max() : 0;
  next_block_ = blocks_done_ = 0;
  const int slots = max_blocks_ * wpb_;
  if (slots > 255) throw InputError("more than 255 resident warps per SM are not supported");
  nsched_ = p_.schedulers;
  if ((slots + nsched_ - 1) / nsched_ > 64)
    throw InputError("more than 64 resident warps per scheduler unit are not supported");
  warps_.assign(static_cast<std::size_t>(slots), Warp{});
  reg_state_.assign(static_cast<std::size_t>(slots) * static_cast<std::size_t>(nids_), RegState{});
  blocks_.assign(static_cast<std::size_t>(max_blocks_), BlockSlot{});
  blocks_live_ = 0;
  retire_ready_ = 0;
  if (vrf_on_) {
    vrf_.reset(p_.registers_per_sm / 32, slots, nids_, now_);  // physical warp registers of 32 lanes
    phys_bank_.assign(static_cast<std::size_t>(vrf_.capacity()), 0);
    phys_lat_.assign(static_cast<std::size_t>(vrf_.capacity()), 1);
    vrf_rel_.assign(static_cast<std::size_t>(slots), {});
    vrf_reserve_.assign(static_cast<std::size_t>(slots), 0);
    vrf_cand_bid_ = -1;
    vrf_last_free_ = now_;
    vrf_blocks_ = 0;
    stats_.vrf_launch_peak_blocks = 0;
  }
  share_on_ = p_.sharing.mode != SharingMode::Off;
  if (share_on_) {
    if (!vrf_on_) throw InputError("sharing.mode needs sharing.virtual_rf = true");
    amt_.emplace(p_.sharing.table_entries, p_.sharing.stride_bits);
    phys_inflight_.assign(static_cast<std::size_t>(vrf_.capacity()), 0);
    phys_waiters_.assign(static_cast<std::size_t>(vrf_.capacity()), {});
  }
  masks_.assign(schedulers_.size(), SchedMasks{});
  slot_sched_.resize(static_cast<std::size_t>(slots));
  slot_bit_.resize(static_cast<std::size_t>(slots));
  for (int w = 0; w < slots; ++w) {
    slot_sched_[static_cast<std::size_t>(w)] = static_cast<std::uint8_t>(w % nsched_);
    slot_bit_[static_cast<std::size_t>(w)] = static_cast<std::uint8_t>(w / nsched_);
  }
  for (auto& s : schedulers_) {
    s = make_scheduler(scheduler_name_, p_);
    if (path_) s->set_active_set_listener(this);
  }
  last_stall_.assign(schedulers_.size(), Stall::Count);
  sched_dirty_ = ~0ull;
  sched_cu_wait_ = 0;
  sched_wake_.assign(schedulers_.size(), 0);
  sched_all_views_.clear();
  sched_ready_pick_.clear();
  lrr_.clear();
  for (const auto& sc : schedulers_) {
    sched_all_views_.push_back(sc->needs_waiting_warps() ? 1 : 0);
    sched_ready_pick_.push_back(!sc->needs_waiting_warps() && sc->offers_pick_ready() ? 1 : 0);
    lrr_.push_back(dynamic_cast<Lrr*>(sc.get()));
  }

  // Hybrid-bank candidates at full occupancy: the ideal hybrid-bank size (Tan §3.3.4).
  rf_ = provider_.at_kernel_launch(k, launch_index, k.partial_vectors_per_block() * max_blocks_, stats_);
  const auto& s = rf_.setup;
  if (s.rows_per_bank > 256 || s.banks < 1 || s.banks > 64 || s.subbanks < 1 || 32 % s.subbanks != 0 ||
      s.latency.size() != static_cast<std::size_t>(s.banks * s.rows_per_bank) ||
      s.hybrid_fast_lanes.size() != static_cast<std::size_t>(s.banks) ||
      s.subbank_of.size() != static_cast<std::size_t>(s.banks * s.subbanks))
    throw std::invalid_argument("RfSetup '" + s.technique + "' has inconsistent sizes");
  if (stats_.bank_reads.size() != static_cast<std::size_t>(s.banks)) stats_.resize(s.banks, s.subbanks);
  ++stats_.kernel_launches;
  MappingContext ctx{&k, &s, rf_.table ? &*rf_.table : nullptr, rf_.bank_delay, slots};
  mapping_->on_kernel_launch(ctx);

  // Collector units and execution lanes, grouped per Unit.
  cus_.clear();
  cus_busy_ = 0;
  cu_collected_ = 0;
  dispatch_rr_ = 0;
  cu_first_.fill(0);
  lane_first_.fill(0);
  for (int u = 0; u < 3; ++u) {
    cu_first_[static_cast<std::size_t>(u)] = static_cast<int>(cus_.size());
    cus_.resize(cus_.size() + static_cast<std::size_t>(p_.collector_units[static_cast<std::size_t>(u)]));
    lane_first_[static_cast<std::size_t>(u) + 1] = lane_first_[static_cast<std::size_t>(u)] + p_.issue_width[static_cast<std::size_t>(u)];
  }
  merge_first_ = static_cast<int>(cus_.size());
  partial_on_ = p_.sharing.mode == SharingMode::Partial;
  if (partial_on_) {
    cus_.resize(cus_.size() + static_cast<std::size_t>(p_.sharing.merge_slots));  // w-merge slots
    merge_waiters_.assign(static_cast<std::size_t>(vrf_.capacity()), {});
  }
  if (cus_.size() > 64) throw InputError("more than 64 operand collector units per SM are not supported");
  cu_ready_at_.assign(cus_.size(), 0);
  for (int u = 0; u < 3; ++u)
    cu_mask_[u] = ((p_.collector_units[static_cast<std::size_t>(u)] >= 64 ? 0 : 1ull << p_.collector_units[static_cast<std::size_t>(u)]) - 1)
                  << cu_first_[static_cast<std::size_t>(u)];
  cu_idle_ = cu_mask_[0] | cu_mask_[1] | cu_mask_[2];
  lane_busy_.assign(static_cast<std::size_t>(lane_first_[3]), now_);
  staged_.fill({});
  staged_total_ = 0;
  if (p_.issue_register)
    for (int u = 0; u < 3; ++u)
      staged_[static_cast<std::size_t>(u)].init(std::bit_ceil(static_cast<std::size_t>(p_.issue_width[static_cast<std::size_t>(u)])));
  regfile_.reset(s, p_.rf_ports, now_, p_.wavefront_arbiter ? static_cast<int>(cus_.size()) : 0);
  rf_counters_.reset(s, now_);
  mem_.reset();
  mem_.set_period_ratio(period_ratio());
  if (path_) path_->on_kernel_launch(k, slots, *this);
}

bool Sm::launch_block() {
  if (blocks_q_ && blocks_q_->next >= blocks_q_->grid) blocks_total_ = next_block_;  // the queue is empty
  if (next_block_ >= blocks_total_ || blocks_live_ == max_blocks_) return false;
  int c = 0;
  while (c < max_blocks_ && blocks_[static_cast<std::size_t>(c)].live) ++c;
  if (c == max_blocks_) return false;
  if (vrf_on_ && !vrf_admits()) return false;
  rf_counters_.integrate(now_);
  const auto& s = rf_.setup;
  BlockSlot& b = blocks_[static_cast<std::size_t>(c)];
  b.live = true;
  b.bid = blocks_q_ ? blocks_q_->next++ : next_block_ * p_.sms;
  b.live_warps = wpb_;
  b.at_barrier = 0;
  b.at_end = 0;
  b.launched_at = now_;
  b.trace = &wl_->block(launch_index_, b.bid, b.scratch);
  if (b.trace->warps.size() != static_cast<std::size_t>(wpb_))
    throw InputError("trace of kernel '" + k_->name + "' block " + std::to_string(b.bid) + " has " +
                     std::to_string(b.trace->warps.size()) + " warps, the launch shape " + std::to_string(wpb_));
  ++next_block_;
  ++stats_.blocks;
  ++blocks_live_;
  int slots[64];
  for (int i = 0; i < wpb_; ++i) slots[i] = c * wpb_ + i;
  mapping_->on_block_launch(std::span<const int>(slots, static_cast<std::size_t>(wpb_)));
  for (int i = 0; i < wpb_; ++i) {
    const int slot = slots[i];
    Warp& w = warps_[static_cast<std::size_t>(slot)];
    w = Warp{};
    w.live = true;
    w.block_slot = c;
    w.wib = i;
    w.bid = b.bid;
    w.age = warp_age_++;
    w.init_mask = warp_lanes(k_->block_threads, i);
    const WarpTrace& t = b.trace->warps[static_cast<std::size_t>(i)];
    if (t.steps.empty() || k_->code.at(static_cast<std::size_t>(t.steps.back().pc)).op != OpClass::Exit)
      throw InputError("trace of kernel '" + k_->name + "' block " + std::to_string(b.bid) + " warp " +
                       std::to_string(i) + " does not end with its exit");
    w.at = t.steps.data();
    w.last = &t.steps.back();
    w.mem = t.mem.data();
    w.lines = t.lines.data();
    w.copy_lines = b.trace == &b.scratch;
    w.keys = share_on_ && t.keys.size() == t.mem.size() && !t.keys.empty() ? t.keys.data() : nullptr;
    w.regs = &reg_state_[static_cast<std::size_t>(slot) * static_cast<std::size_t>(nids_)];
    std::fill(w.regs, w.regs + nids_, RegState{});
    // The warp's regs_per_thread physical vectors: each in the bank its mapping gives (the next bank
    // with a free row if that one is full), at the lowest free row.
    const int R = k_->regs_per_thread;
    for (int r = 0; r < R; ++r) {
      const std::uint32_t half = k_->hybrid_half(i, r);  // lanes all in one half: a hybrid candidate
      const int v = mapping_->bank(slot, r, half != 0);
      if (v < 0 || v >= s.banks) throw std::logic_error("register mapping returned bank " + std::to_string(v));
      // The virtualized register file places the vector by its static position (its rows only select a
      // latency; the nominal chip's are all equal): its blocks may exceed the static allocation.
      const RegisterFile::Row at = vrf_on_ ? RegisterFile::Row{v, (slot * R + r) % s.rows_per_bank}
                                           : regfile_.allocate_row(v, rf_counters_);
      RegState& g = w.regs[r];
      g.bank = static_cast<std::uint8_t>(at.bank);
      g.row = static_cast<std::uint8_t>(at.row);
      g.lat = s.latency[static_cast<std::size_t>(at.bank * s.rows_per_bank + at.row)];
      g.hyb = hybrid_lanes(s.hybrid_fast_lanes[static_cast<std::size_t>(at.bank)], half);
      g.flags = speed_flags(g);
      if (!vrf_on_) rf_counters_.row(at.bank, +1);
    }
    // Register ids beyond the physical count (GPGPU-Sim's numbering of PTX virtual registers,
    // docs/models.md): the bank is the mapping's for that id, as GPGPU-Sim's register_bank(); the
    // row, which only selects the access latency, is that of physical vector id % regs.
    for (int r = R; r < nids_; ++r) {
      const std::uint32_t half = k_->hybrid_half(i, r);
      const int v = mapping_->bank(slot, r, half != 0);
      if (v < 0 || v >= s.banks) throw std::logic_error("register mapping returned bank " + std::to_string(v));
      RegState& g = w.regs[r];
      g.bank = static_cast<std::uint8_t>(v);
      g.row = w.regs[r % R].row;
      g.lat = s.latency[static_cast<std::size_t>(v * s.rows_per_bank + g.row)];
      g.hyb = hybrid_lanes(s.hybrid_fast_lanes[static_cast<std::size_t>(v)], half);
      g.flags = speed_flags(g);
    }
    if (vrf_on_) {  // measured by vrf_admits() for this block
      vrf_rel_[static_cast<std::size_t>(slot)] = std::move(vrf_cand_rel_[static_cast<std::size_t>(i)]);
      vrf_reserve_[static_cast<std::size_t>(slot)] = vrf_cand_reserve_[static_cast<std::size_t>(i)];
    }
    at_pc(w);
    if (w.at_end()) ++b.at_end;  // a trace of its Exit only
    if (path_) w.next_issue = path_->on_next_pc(slot, 0, now_);
    sync_warp(slot);
    schedulers_[static_cast<std::size_t>(slot) % schedulers_.size()]->on_warp_start(slot);
  }
  if (vrf_on_) {
    vrf_cand_bid_ = -1;
    ++vrf_blocks_;
    stats_.vrf_launch_peak_blocks = std::max<std::uint64_t>(stats_.vrf_launch_peak_blocks, static_cast<std::uint64_t>(vrf_blocks_));
    stats_.vrf_peak_blocks = std::max(stats_.vrf_peak_blocks, stats_.vrf_launch_peak_blocks);
  }
  note_block(c);
  wake_all_schedulers();
  return true;
}

void Sm::retire_block(int c) {
  rf_counters_.integrate(now_);
  for (int i = 0; i < wpb_; ++i) {
    Warp& w = warps_[static_cast<std::size_t>(c * wpb_ + i)];
    for (int r = 0; r < k_->regs_per_thread && !vrf_on_; ++r) {
      const RegState& g = w.regs[r];
      regfile_.free_row(g.bank, g.row);
      rf_counters_.row(g.bank, -1);
    }
    w.live = false;
    sync_warp(c * wpb_ + i);
  }
  blocks_[static_cast<std::size_t>(c)].live = false;
  ++blocks_done_;
  --blocks_live_;
  retire_ready_ &= ~(1ull << c);
  if (vrf_on_) --vrf_blocks_;
}

void Sm::advance(Warp& w) {
  if (++w.at == w.last) {
    ++blocks_[static_cast<std::size_t>(w.block_slot)].at_end;
    note_block(w.block_slot);
  }
  at_pc(w);
}

void Sm::note_block(int c) {
  const BlockSlot& b = blocks_[static_cast<std::size_t>(c)];
  const bool ready = b.live && b.live_warps <= nsched_ && b.at_end == b.live_warps;
  retire_ready_ = (retire_ready_ & ~(1ull << c)) | (ready ? 1ull << c : 0);
}

void Sm::at_pc(Warp& w) const {
  const auto pc = static_cast<std::size_t>(w.pc());
  // One pass over the instruction's registers: its scoreboard state (operand_state()) and whether
  // every access is one cycle with the current lanes (fast: not slow at full width, or a hybrid
  // bank's fast half covers the active lanes; Tan §3.3.4).
  const PcOps& o = ops_[pc];
  w.unit = o.unit;
  const std::uint32_t m = w.mask();
  std::uint8_t f = 0;
  for (int i = 0; i < o.n; ++i) f |= w.regs[o.r[i]].flags;
  bool fast = (f & kSlow) == 0;  // no branch on the registers' speed: under PV it is data and mispredicts
  if (f & kSlowHybrid) [[unlikely]]  // a slow vector in a hybrid bank: one cycle if its fast lanes cover the active ones
    for (int i = 0; i < o.n; ++i) {
      const RegState& g = w.regs[o.r[i]];
      fast &= (g.lat <= 1) | ((g.hyb != 0) & ((m & ~g.hyb) == 0));
    }
  w.fast = fast;
  if (o.exit && w.at_end()) {
    w.dep = w.npending > 0;
    w.memdep = w.nlong > 0;
    w.use_long = false;
  } else {
    w.dep = (f & kPending) != 0;
    w.memdep = w.use_long = (f & kLongPending) != 0;
  }
}

void Sm::execute_control(int slot, const Instr& in) {
  Warp& w = warps_[static_cast<std::size_t>(slot)];
  BlockSlot& b = blocks_[static_cast<std::size_t>(w.block_slot)];
  auto release_barrier = [&] {
    if (b.at_barrier == 0 || b.at_barrier < b.live_warps) return;
    for (int i = 0; i < wpb_; ++i) {
      warps_[static_cast<std::size_t>(w.block_slot * wpb_ + i)].at_barrier = false;
      sync_warp(w.block_slot * wpb_ + i);
    }
    b.at_barrier = 0;
    wake_all_schedulers();
  };
  if (in.op == OpClass::Barrier) {
    w.at_barrier = true;
    ++b.at_barrier;
    advance(w);
    release_barrier();
    return;
  }
  if (in.op == OpClass::Exit && w.at_end()) {
    w.live = false;
    stats_.warp_finish_cycles.push_back(now_);
    if (vrf_on_) vrf_exit(slot);
    schedulers_[static_cast<std::size_t>(slot) % schedulers_.size()]->on_warp_exit(slot);
    if (path_) path_->on_warp_exit(slot);
    --b.at_end;
    if (--b.live_warps == 0) return retire_block(w.block_slot);
    note_block(w.block_slot);
    release_barrier();
    return;
  }
  // A branch (the trace has its outcome), or an Exit before the warp's last step (a partial or
  // zero-mask EXIT of an Accel-Sim trace, docs/accelsim-traces.md "EXIT"): resolved at issue.
  w.next_issue = now_ + static_cast<std::uint64_t>(p_.lat_branch_cycles);
  advance(w);
}

}  // namespace rfvar::arch
