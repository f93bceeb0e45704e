// The SM's launch loop, issue stage, stall accounting and idle-cycle skipping.
#include "arch/sm/sm.h"

#include <algorithm>
#include <bit>
#include <limits>
#include <stdexcept>
#include <string>

#include "arch/core/occupancy.h"
#include "common/config.h"

namespace rfvar::arch {

Sm::Sm(const ArchParams& p, const std::string& scheduler_name, std::unique_ptr<IRegisterMapping> mapping,
       IRfProvider& rf, std::uint64_t workload_key, IOperandPath* path)
    : p_(p), mapping_(std::move(mapping)), provider_(rf), key_(workload_key), path_(path), mem_(p) {
  for (int s = 0; s < p_.schedulers; ++s) schedulers_.push_back(make_scheduler(scheduler_name, p_));
  scheduler_name_ = scheduler_name;
}

void Sm::run_launch(const IWorkload& wl, int launch_index) {
  begin_launch(wl, launch_index);
  while (step()) {
  }
  end_launch();
}

void Sm::attach(SharedL2* l2, BlockQueue* blocks) {
  blocks_q_ = blocks;
  mem_.attach(l2);
}

void Sm::begin_launch(const IWorkload& wl, int launch_index, const Sm* decode_from) {
  reset_for_launch(wl, launch_index, decode_from);
  launch_start_ = now_;
  running_ = blocks_done_ < blocks_total_;
}

bool Sm::step() {
  if (!running_) return false;
  bool act = writeback_events();
  act |= arbitrate_banks();
  act |= dispatch();
  if (p_.issue_register) act |= allocate_collectors();
  act |= issue_cycle();
  act |= launch_block();
  if (blocks_done_ == blocks_total_) {
    ++now_;
    running_ = false;
    return false;
  }
  if (act) {
    ++now_;
  } else {
    const std::uint64_t next = next_interesting_cycle();
    if (next == std::numeric_limits<std::uint64_t>::max())
      throw std::runtime_error("SM deadlock in kernel '" + k_->name + "' at cycle " + std::to_string(now_));
    account_stalls(next - now_ - 1);
    now_ = next;
  }
  if (now_ - launch_start_ > static_cast<std::uint64_t>(p_.max_cycles))
    throw std::runtime_error("kernel '" + k_->name + "' exceeded arch.max_cycles");
  running_ = blocks_done_ < blocks_total_;
  return running_;
}

void Sm::end_launch(std::uint64_t until) {
  rf_counters_.end_launch(now_);
  if (vrf_on_) vrf_end_launch();
  mem_.finish(stats_);
  if (until > now_) now_ = until;  // the N-SM mode: this SM idles until the launch ends on every SM
  stats_.cycles += now_ - launch_start_;
  events_.clear();
  record_due_ = {};
}

bool Sm::may_touch_shared() const {
  constexpr auto kMem = static_cast<std::size_t>(Unit::Mem);
  // dispatch() may access the L2 / DRAM: a global, local, constant or texture access's unit has all
  // its operands and is ready (one whose last operand arrives in this step is ready one cycle later at the earliest),
  // and a MEM lane is free. Not an access of shared memory (the SM's own), nor a load of traced lines that
  // the L1 decides alone (MemorySystem::l1_decides(); the step's dispatches of such loads change only
  // LRU order, so each one's outcome is as checked here), unless register sharing probes it.
  bool ready = false;
  for (std::uint64_t m = cu_collected_ & cu_mask_[kMem]; m && !ready; m &= m - 1) {
    const auto ci = static_cast<std::size_t>(std::countr_zero(m));
    const Collector& c = cus_[ci];
    const Instr& in = *c.in;
    ready = cu_ready_at_[ci] <= now_ && in.space != MemSpace::Shared &&
            (!in.mem_trace || share_on_ ||
             !mem_.l1_decides(in, c.lines, static_cast<int>(std::min<std::uint32_t>(c.requests, 32))));
  }
  if (ready)
    for (int l = lane_first_[kMem]; l < lane_first_[kMem + 1]; ++l)
      if (lane_busy_[static_cast<std::size_t>(l)] <= now_) return true;
  if (!record_due_.empty() && record_due_.top() <= now_) return true;  // writeback resolves a DRAM record
  if (!blocks_q_ || blocks_q_->next >= blocks_q_->grid) return false;  // no block to take (emptiness is final)
  // launch_block() reads the queue when a block slot is free at its turn: one is free now, or a block
  // retires in this step (its every live warp issues its final Exit; one issue per scheduler).
  return blocks_live_ < max_blocks_ || retire_ready_ != 0;
}

bool Sm::issue_cycle() {
  issued_unit_[0] = issued_unit_[1] = issued_unit_[2] = 0;
  bool any = false;
  const auto S = static_cast<std::size_t>(nsched_);
  const std::size_t first = p_.rotate_schedulers ? static_cast<std::size_t>(now_ % S) : 0;  // arch.scheduler_order
  for (std::size_t k = 0; k < S; ++k) {
    const std::size_t s = first + k < S ? first + k : first + k - S;
    if (!((sched_dirty_ >> s) & 1) && now_ < sched_wake_[s]) {  // nothing this scheduler's warps wait on changed
      ++stats_.stalls[static_cast<std::size_t>(last_stall_[s])];
      continue;
    }
    // can_issue() of every warp at once: barrier, then branch delay, then dependences, then collector.
    SchedMasks& m = masks_[s];
    const auto slot_of = [&](int i) { return i * nsched_ + static_cast<int>(s); };
    for (std::uint64_t h = m.delay; h; h &= h - 1)
      if (warps_[static_cast<std::size_t>(slot_of(std::countr_zero(h)))].next_issue <= now_) m.delay &= ~(h & -h);
    // The masks as they are now (a hierarchy's activation hook may change them inside pick()); the
    // waiting classes are only needed by the stall path below.
    const std::uint64_t live = m.live, at_barrier = m.barrier, delay = m.delay, waits = m.dep;
    const std::uint64_t free = live & ~(at_barrier | delay | waits);
    std::uint64_t cu_blocked = 0, port_blocked = 0;
    for (int u = 0; u < 3; ++u) {
      if (issue_slots_free(u) == 0) {
        cu_blocked |= m.unit[u];
      } else if (issued_unit_[u] >= p_.issue_width[static_cast<std::size_t>(u)]) {
        cu_blocked |= m.unit[u];
        port_blocked |= m.unit[u];  // only this cycle's issue port
      }
    }
    const std::uint64_t ready = free & ~cu_blocked;
    activated_in_pick_ = false;
    int slot = -1;
    if (Lrr* lrr = lrr_[s]) {  // the baseline policy: a set bit of `ready` by its contract (arch/scheduler/lrr.h)
      if (ready) slot = lrr->pick_ready({ready, m.fast, nsched_, static_cast<int>(s)});
    } else if (sched_ready_pick_[s]) {  // the policy picks from bitmasks (pick_ready(), same choice as pick())
      if (ready) slot = schedulers_[s]->pick_ready({ready, m.fast, nsched_, static_cast<int>(s)});
      const auto us = static_cast<std::size_t>(slot);
      if (slot >= 0 && (slot_sched_[us] != s || !((ready >> slot_bit_[us]) & 1)))
        throw std::logic_error("scheduler picked a warp that is not ready");
    } else {
      views_.clear();
      // A warp waiting on memory or at a barrier waits on a long-latency event (two-level leaves it).
      for (std::uint64_t h = sched_all_views_[s] ? m.live : ready; h; h &= h - 1) {
        const int i = std::countr_zero(h);
        const Warp& w = warps_[static_cast<std::size_t>(slot_of(i))];
        views_.push_back({slot_of(i), ((ready >> i) & 1) != 0, w.fast, w.at_barrier || w.use_long, w.age});
      }
      const int pick = views_.empty() ? -1 : schedulers_[s]->pick(views_);
      if (pick >= 0) {
        slot = views_[static_cast<std::size_t>(pick)].slot;
        if (!views_[static_cast<std::size_t>(pick)].ready) throw std::logic_error("scheduler picked a warp that is not ready");
      }
    }
    if (slot >= 0) {
      Warp& w = warps_[static_cast<std::size_t>(slot)];
      if (path_ && w.next_issue > now_) {  // activated during pick(): its refetch is under way
        ++stats_.stalls[static_cast<std::size_t>(Stall::Control)];
        last_stall_[s] = Stall::Control;
        any = true;
        continue;
      }
      if (vrf_on_ && !vrf_fits(slot)) [[unlikely]] {  // the pool is full: the warp waits a cycle
        ++stats_.vrf_alloc_stalls;
        if (now_ - vrf_last_free_ > static_cast<std::uint64_t>(p_.sharing.deadlock_cycles))
          throw InputError("kernel '" + k_->name + "': the virtualized register file is full and no register was freed for " +
                           std::to_string(p_.sharing.deadlock_cycles) + " cycles (sharing.deadlock_cycles): its blocks need more "
                           "registers than the pool holds; raise sharing.admit_headroom (toward 1) or arch.registers_per_sm");
        w.next_issue = now_ + 1;
        sync_warp(slot);
        ++stats_.stalls[static_cast<std::size_t>(Stall::Control)];
        last_stall_[s] = Stall::Control;
        any = true;
        continue;
      }
      if (Lrr* lrr = lrr_[s]) lrr->on_issue(slot);
      else schedulers_[s]->on_issue(slot);
      issue(slot, k_->code[static_cast<std::size_t>(w.pc())]);
      if (path_ && w.live) w.next_issue = std::max(w.next_issue, path_->on_next_pc(slot, w.pc(), now_));
      sync_warp(slot);
      last_stall_[s] = Stall::Count;
      sched_dirty_ |= 1ull << s;  // the issuing warp changed
      any = true;
    } else {
      // A scheduler that issues nothing reports the reason of its most advanced warp, in the order
      // Collector > DataDependence > Memory > Control > Barrier > Idle.
      const std::uint64_t barrier = live & at_barrier;
      const std::uint64_t control = live & ~at_barrier & delay;
      const std::uint64_t dep = live & ~at_barrier & ~delay & waits;
      Stall reason = Stall::Idle;
      if (free & cu_blocked) reason = Stall::Collector;
      else if (dep & ~m.mem) reason = Stall::DataDependence;
      else if (dep) reason = Stall::Memory;
      else if (control) reason = Stall::Control;
      else if (barrier) reason = Stall::Barrier;
      std::uint64_t wake = std::numeric_limits<std::uint64_t>::max();
      for (std::uint64_t h = control; h; h &= h - 1)
        wake = std::min(wake, warps_[static_cast<std::size_t>(slot_of(std::countr_zero(h)))].next_issue);
      ++stats_.stalls[static_cast<std::size_t>(reason)];
      last_stall_[s] = reason;
      // No warp ready: the same outcome until a wake-up (pick() is idempotent on unchanged views). A
      // two-level scheduler may leave ready warps outside its active set: their readiness can change
      // with the other scheduler's issue, so that outcome is not kept.
      // An RF hierarchy's activation hook (on_activate) may have delayed a warp inside pick().
      const std::uint64_t bit = 1ull << s;
      sched_dirty_ = (sched_dirty_ & ~bit) | ((free & port_blocked) != 0 || ready != 0 || activated_in_pick_ ? bit : 0);
      sched_cu_wait_ = (sched_cu_wait_ & ~bit) | ((free & cu_blocked) != 0 ? bit : 0);
      sched_wake_[s] = wake;
    }
  }
  return any;
}

void Sm::wake_all_schedulers() { sched_dirty_ = ~0ull; }

void Sm::issue(int slot, const Instr& in) {
  Warp& w = warps_[static_cast<std::size_t>(slot)];
  const std::uint32_t step = w.dyn++;
  const std::uint8_t fresh = vrf_on_ ? vrf_issue(slot, in, step) : 0;
  ++stats_.warp_instructions;
  stats_.thread_instructions += static_cast<std::uint64_t>(std::popcount(w.mask()));
  if (w.fast) ++stats_.fast_instructions;
  if (path_) path_->on_issue(slot, w.pc(), now_);
  const Unit u = unit_of(in.op, p_.dp_on_sfu);
  if (u == Unit::None) return execute_control(slot, in);
  const int ui = static_cast<int>(u);
  int cu = -1;
  Staged* st = nullptr;
  if (p_.issue_register) {  // into the ID_OC register; issue_cycle() checked it has a free slot
    Ring<Staged>& q = staged_[static_cast<std::size_t>(ui)];
    st = &q.buf[(q.head + q.size) & q.mask];
    ++q.size;
    ++staged_total_;
  } else {
    cu = std::countr_zero(cu_idle_ & cu_mask_[ui]);  // the unit's first free collector unit
    cu_idle_ &= ~(1ull << cu);
  }
  Collector& c = st ? st->c : cus_[static_cast<std::size_t>(cu)];
  c.warp = slot;
  c.in = &in;
  c.mask = w.mask();
  c.unit = static_cast<std::uint8_t>(ui);
  c.step = step;
  c.bid = w.bid;
  c.wib = w.wib;
  c.fresh = fresh;
  c.lines = nullptr;  // set below for an access with line requests
  if (in.mem_trace) [[unlikely]] {
    c.requests = w.mem->count;
    if (in.space != MemSpace::Shared) {
      c.lines = w.lines + w.mem->first;
      if (w.copy_lines) [[unlikely]] {
        std::copy_n(c.lines, std::min<std::uint32_t>(c.requests, 32), c.own);
        c.lines = c.own;
      }
    }
    ++w.mem;
    if (share_on_) c.key = w.keys ? *w.keys++ : TraceKey{};
  } else if (share_on_) {
    c.key = TraceKey{};
  }
  c.pending = 0;
  ++issued_unit_[ui];
  if (st) {
    st->nreads = plan_reads(c, w, slot, in, st->reads);
  } else {
    ++cus_busy_;
    cu_ready_at_[static_cast<std::size_t>(cu)] = now_ + 1;
    request_reads(cu, w, slot, in);
    if (c.pending == 0) cu_collected_ |= 1ull << cu;
  }
  const bool long_latency = in.op == OpClass::Load && in.space != MemSpace::Shared;
  for (int d = 0; d < in.ndst; ++d) {
    RegState& g = w.regs[in.dst[d]];
    w.npending += (g.flags & kPending) ? 0 : 1;
    g.flags |= kPending;
    if (long_latency) {
      w.nlong += (g.flags & kLongPending) ? 0 : 1;
      g.flags |= kLongPending;
    }
  }
  advance(w);
}

std::uint64_t Sm::next_interesting_cycle() const {
  std::uint64_t t = std::numeric_limits<std::uint64_t>::max();
  auto after = [&](std::uint64_t x) { t = std::min(t, std::max(x, now_ + 1)); };
  if (!events_.empty()) after(events_.top().time);
  after(regfile_.next_port_free());
  for (std::uint64_t m = cu_collected_; m; m &= m - 1) {
    const auto ci = static_cast<std::size_t>(std::countr_zero(m));
    const Collector& c = cus_[ci];
    if (cu_ready_at_[ci] > now_) {
      after(cu_ready_at_[ci]);
    } else {
      const int u = c.unit;
      for (int l = lane_first_[static_cast<std::size_t>(u)]; l < lane_first_[static_cast<std::size_t>(u) + 1]; ++l)
        after(lane_busy_[static_cast<std::size_t>(l)]);
    }
  }
  for (std::size_t s = 0; s < schedulers_.size(); ++s) {
    if (!((sched_dirty_ >> s) & 1)) {  // its warps' branch delays are unchanged since it last looked (issue_cycle)
      if (sched_wake_[s] != std::numeric_limits<std::uint64_t>::max()) after(sched_wake_[s]);
      continue;
    }
    const SchedMasks& m = masks_[s];
    for (std::uint64_t h = m.live & ~m.barrier & m.delay; h; h &= h - 1) {
      const Warp& w = warps_[static_cast<std::size_t>(std::countr_zero(h) * nsched_ + static_cast<int>(s))];
      if (w.next_issue > now_) after(w.next_issue);
    }
  }
  if (staged_total_ > 0)
    for (int u = 0; u < 3; ++u)
      if (!staged_[static_cast<std::size_t>(u)].empty() && cu_free(u) > 0) after(now_ + 1);
  if (next_block_ < blocks_total_)
    for (const auto& b : blocks_)
      if (!b.live) after(now_ + 1);
  return t;
}

void Sm::on_activate(int slot) {
  activated_in_pick_ = true;
  Warp& w = warps_[static_cast<std::size_t>(slot)];
  w.next_issue = std::max(w.next_issue, path_->on_warp_activate(slot, w.pc(), now_));
  sync_warp(slot);
}

void Sm::on_deactivate(int slot) { path_->on_warp_deactivate(slot, warps_[static_cast<std::size_t>(slot)].pc(), now_); }

void Sm::account_stalls(std::uint64_t cycles) {
  if (cycles == 0) return;
  for (Stall s : last_stall_)
    if (s != Stall::Count) stats_.stalls[static_cast<std::size_t>(s)] += cycles;
}

}  // namespace rfvar::arch
