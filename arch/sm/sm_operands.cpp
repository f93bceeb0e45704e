// The operand collector (GPGPU-Sim opndcoll_rfu_t semantics, docs/models.md#arch): operand reads and result
// writes queued at the register file's banks (arch/regfile/register_file.h), its bank arbitration
// with the collector units' side of it, collector-unit dispatch to the execution pipelines.
#include <algorithm>
#include <bit>

#include "arch/sm/sm.h"
#include "workload/coalescer.h"

namespace rfvar::arch {

void Sm::request_reads(int cu, const Warp& w, int slot, const Instr& in) {
  Collector& c = cus_[static_cast<std::size_t>(cu)];
  PlannedRead reads[kMaxSrc];
  const int n = plan_reads(c, w, slot, in, reads);
  for (int i = 0; i < n; ++i) {
    reads[i].r.cu = static_cast<std::uint16_t>(cu);
    regfile_.request_read(reads[i].bank, reads[i].r);
  }
  c.pending += n;
}

// A staged instruction's collector state into its unit: every field, and its own copy of the line
// requests only if it has one (the 256-byte array is most of the struct and is seldom used).
void Sm::copy_collector(const Collector& from, Collector& to) {
  static_cast<CollectorState&>(to) = from;
  if (from.lines == from.own) [[unlikely]] {
    std::copy_n(from.own, std::min<std::uint32_t>(from.requests, 32), to.own);
    to.lines = to.own;
  }
}

// The collector stage's allocation (GPGPU-Sim opndcoll_rfu_t::allocate_cu, after dispatch in the same
// step): per class, up to issue_width times, the oldest instruction of its ID_OC register takes a free
// collector unit and queues its reads (served from the next cycle's arbitration).
bool Sm::allocate_collectors() {
  if (staged_total_ == 0) return false;
  bool act = false;
  for (int u = 0; u < 3; ++u) {
    const auto uk = static_cast<std::size_t>(u);
    Ring<Staged>& q = staged_[uk];
    if (q.empty()) continue;
    // Up to issue_width instructions, while the register holds one and the class has a free unit.
    std::uint32_t k = std::min<std::uint32_t>(q.size, static_cast<std::uint32_t>(p_.issue_width[uk]));
    for (std::uint64_t idle = cu_idle_ & cu_mask_[u]; k > 0 && idle; --k, idle &= idle - 1) {
      Staged& st = q.front();
      const int cu = std::countr_zero(idle);  // the class's first free collector unit
      cu_idle_ &= ~(1ull << cu);
      Collector& c = cus_[static_cast<std::size_t>(cu)];
      copy_collector(st.c, c);
      cu_ready_at_[static_cast<std::size_t>(cu)] = now_ + 1;
      c.pending = st.nreads;
      for (int i = 0; i < st.nreads; ++i) {
        st.reads[i].r.cu = static_cast<std::uint16_t>(cu);
        regfile_.request_read(st.reads[i].bank, st.reads[i].r);
      }
      if (c.pending == 0) cu_collected_ |= 1ull << cu;
      ++cus_busy_;
      q.pop();
      --staged_total_;
      act = true;
    }
  }
  if (act)  // an ID_OC slot freed
    sched_dirty_ |= sched_cu_wait_;
  return act;
}

void Sm::request_write(const Warp& w, int slot, RegId reg, std::uint32_t lanes, bool background) {
  const RegState& g = w.regs[reg];
  const int lat = access_cycles(g, lanes);
  regfile_.request_write(g.bank, {static_cast<std::uint8_t>(slot), static_cast<std::uint8_t>(lat), reg, background,
                                  stored_lanes(g, lanes)});
}

bool Sm::writeback_events() {
  bool act = false;
  Event e{};
  while (events_.pop_due(now_, e)) {
    act = true;
    if (e.record != MemorySystem::kNoRecord) [[unlikely]] {  // banks DRAM: the final cycle, or ask again later
      record_due_.pop();
      const std::uint64_t t = std::max(e.time, mem_.resolve(e.record, now_, stats_));
      if (!mem_.resolved()) {
        events_.push({t, seq_++, e.warp, e.nregs, e.regs, e.lanes, e.record});
        record_due_.push(t);
        continue;
      }
      if (t > now_) {
        events_.push({t, seq_++, e.warp, e.nregs, e.regs, e.lanes, MemorySystem::kNoRecord});
        continue;
      }
    }
    Warp& w = warps_[e.warp];
    for (int d = 0; d < e.nregs; ++d) {
      const RegId reg = e.regs[d];
      if (share_on_) share_returned(e.warp, reg);
      if (path_ && path_->absorb_write(e.warp, reg, now_)) {
        registers_written(w, e.warp, reg);
        continue;
      }
      request_write(w, e.warp, reg, e.lanes, false);
    }
  }
  return act;
}

void Sm::write_back(int slot, int reg) {
  const Warp& w = warps_[static_cast<std::size_t>(slot)];
  request_write(w, slot, static_cast<RegId>(reg), w.init_mask, true);
}

bool Sm::arbitrate_banks() {
  return regfile_.arbitrate(
      now_, rf_counters_,
      [&](const RfRead& rd) {
        if (rd.cu >= merge_first_) [[unlikely]] return merge_read(rd);  // a w-merge slot (sm_merge.cpp)
        Collector& c = cus_[rd.cu];
        --c.pending;
        cu_collected_ |= static_cast<std::uint64_t>(c.pending == 0) << rd.cu;  // no branch: it mispredicts
        std::uint64_t& ready = cu_ready_at_[rd.cu];
        ready = std::max(ready, now_ + rd.lat);
      },
      [&](const RfWrite& wr) {
        if (!wr.background) registers_written(warps_[wr.warp], wr.warp, wr.reg);
      });
}

// An access whose requests the trace gives (Instr::mem_trace): shared memory with its conflict ways,
// or coalesced line requests through the L1 tags, one request per cycle. Out of line: the tx= / l1=
// path above stays as compact as before.
[[gnu::noinline]] std::uint64_t Sm::line_access(const Collector& c, std::uint64_t a, std::uint64_t b0, int lane) {
  const Instr& in = *c.in;
  const int n = static_cast<int>(c.requests);
  if (in.space == MemSpace::Shared) {
    lane_busy_[static_cast<std::size_t>(lane)] = now_ + static_cast<std::uint64_t>(std::max(n, 1));
    return now_ + static_cast<std::uint64_t>(p_.lat_smem_cycles + std::max(n, 1) - 1);
  }
  const std::uint64_t done =
      mem_.access_lines(in, c.lines, n, now_, [&](int k) { return draw(a, b0 ^ static_cast<std::uint64_t>(k)); }, stats_);
  lane_busy_[static_cast<std::size_t>(lane)] = now_ + static_cast<std::uint64_t>(std::max(n, 1));
  return done;
}

bool Sm::dispatch() {
  if (cus_busy_ == 0) return false;
  bool act = false;
  const int n = merge_first_;  // the collector units (the w-merge slots after them never dispatch)
  // The collected units whose operands are in, found without a branch per unit (it mispredicts);
  // dispatching one changes no other's time, so they are walked from this mask.
  std::uint64_t ready = 0;
  for (std::uint64_t m = cu_collected_; m; m &= m - 1) {
    const int ci = std::countr_zero(m);
    ready |= static_cast<std::uint64_t>(cu_ready_at_[static_cast<std::size_t>(ci)] <= now_) << ci;
  }
  for_each_bit_from(ready, dispatch_rr_, [&](int ci) {
    Collector& c = cus_[static_cast<std::size_t>(ci)];
    const Instr& in = *c.in;
    const int u = c.unit;
    int lane = -1;
    for (int l = lane_first_[static_cast<std::size_t>(u)]; l < lane_first_[static_cast<std::size_t>(u) + 1]; ++l)
      if (lane_busy_[static_cast<std::size_t>(l)] <= now_) {
        lane = l;
        break;
      }
    if (lane < 0) return;
    std::uint64_t done;
    std::uint32_t record = MemorySystem::kNoRecord;
    bool write_back = in.ndst != 0;
    const Shared shared = u == static_cast<int>(Unit::Mem) && share_on_ && in.space == MemSpace::Global
                              ? share_dispatch(c)
                              : Shared::No;
    if (shared != Shared::No) {
      // A sharing hit (Jeon 2019 §3): no memory access, no write-back; the LSU slot is taken one cycle.
      // A merge's write-back comes from its w-merge slot (sm_merge.cpp).
      done = now_;
      lane_busy_[static_cast<std::size_t>(lane)] = now_ + 1;
      write_back = false;
    } else if (u == static_cast<int>(Unit::Mem)) {
      const std::uint32_t dyn = c.step;
      const std::uint64_t a = (static_cast<std::uint64_t>(launch_index_) << 32) ^ static_cast<std::uint64_t>(c.bid);
      const std::uint64_t b0 = (static_cast<std::uint64_t>(c.wib) << 48) ^ (static_cast<std::uint64_t>(dyn) << 8);
      if (!in.mem_trace) [[likely]] {
        done = mem_.access(in, now_, [&](int k) { return draw(a, b0 ^ static_cast<std::uint64_t>(k)); }, stats_);
        lane_busy_[static_cast<std::size_t>(lane)] = now_ + in.transactions;  // one request per cycle
      } else {
        done = line_access(c, a, b0, lane);
      }
      record = mem_.take_record();
    } else {
      const auto op = static_cast<std::size_t>(in.op);
      done = now_ + static_cast<std::uint64_t>(p_.latency_cycles[op]);
      lane_busy_[static_cast<std::size_t>(lane)] = now_ + static_cast<std::uint64_t>(p_.initiation_cycles[op]);
    }
    if (write_back) {
      events_.push({done, seq_++, static_cast<std::uint8_t>(c.warp), in.ndst, in.dst, c.mask, record});
      if (record != MemorySystem::kNoRecord) record_due_.push(done);
    }
    cu_idle_ |= 1ull << ci;
    cu_collected_ &= ~(1ull << ci);
    --cus_busy_;
    sched_dirty_ |= sched_cu_wait_;
    act = true;
  });
  dispatch_rr_ = dispatch_rr_ + 1 == n ? 0 : dispatch_rr_ + 1;
  return act;
}

}  // namespace rfvar::arch
