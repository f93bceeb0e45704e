// The operand collector and register-file banks (GPGPU-Sim opndcoll_rfu_t semantics, spec §4):
// result writes, bank arbitration, collector-unit dispatch to the execution pipelines.
#include <algorithm>
#include <bit>

#include "arch/memory/coalescer.h"
#include "arch/sm.h"

namespace rfvar::arch {

namespace {
// Cycles of one access to a register of warp w (RfSetup contract: a hybrid bank serves an access
// whose active lanes all lie in its fast lanes in one cycle).
template <typename Reg>
inline int access_cycles(const Reg& g, std::uint32_t lanes) {
  if (g.lat <= 1) return 1;
  if (g.hyb != 0 && (lanes & ~g.hyb) == 0) return 1;
  return g.lat;
}
}  // namespace

void Sm::request_reads(int cu, const Warp& w, int slot, const Instr& in) {
  Collector& c = cus_[static_cast<std::size_t>(cu)];
  for (int i = 0; i < in.nsrc; ++i) {
    const RegId r = in.src[i];
    bool seen = false;  // a register named twice is read once
    for (int j = 0; j < i; ++j) seen |= in.src[j] == r;
    if (seen) continue;
    if (path_ && path_->serve_read(slot, r, now_)) continue;
    const RegState& g = w.regs[r];
    const int lat = access_cycles(g, c.mask);
    ++queued_accesses_;
    bank_queued_ |= 1ull << g.bank;
    reads_[g.bank].push({static_cast<std::uint16_t>(cu), static_cast<std::uint8_t>(lat),
                            static_cast<std::uint8_t>(slot), stored_lanes(g, c.mask)});
    ++c.pending;
  }
}

void Sm::count_access(int bank, std::uint32_t lanes, int lat, bool write) {
  const auto b = static_cast<std::size_t>(bank);
  (write ? stats_.bank_writes : stats_.bank_reads)[b] += 1;
  stats_.bank_busy_cycles[b] += static_cast<std::uint64_t>(lat);
  if (lat > 1) ++stats_.slow_accesses;
  // Bit L*s+L-1 of `touched`: lane group s (sub-bank s of the bank) has an active lane.
  const std::uint32_t touched = (((lanes & ~sub_hi_) + ~sub_hi_) | lanes) & sub_hi_;
  if (touched == sub_hi_) {  // every sub-bank (the usual case): counted per bank, folded in at launch end
    sub_full_[3 * b + (write ? 1 : 0)] += 1;
    sub_full_[3 * b + 2] += static_cast<std::uint64_t>(lat);
    return;
  }
  const int S = rf_.setup.subbanks;
  const int L = 32 / S;
  for (std::uint32_t t = touched; t; t &= t - 1) {
    const int s = std::countr_zero(t) / L;
    const auto sb = static_cast<std::size_t>(rf_.setup.subbank_of[static_cast<std::size_t>(bank * S + s)]);
    (write ? stats_.subbank_writes : stats_.subbank_reads)[sb] += 1;
    stats_.subbank_busy_cycles[sb] += static_cast<std::uint64_t>(lat);
  }
}

void Sm::fold_subbank_counts() {
  const int S = rf_.setup.subbanks;
  for (std::size_t b = 0; b < sub_full_.size() / 3; ++b)
    for (int s = 0; s < S; ++s) {
      const auto sb = static_cast<std::size_t>(rf_.setup.subbank_of[b * static_cast<std::size_t>(S) + static_cast<std::size_t>(s)]);
      stats_.subbank_reads[sb] += sub_full_[3 * b];
      stats_.subbank_writes[sb] += sub_full_[3 * b + 1];
      stats_.subbank_busy_cycles[sb] += sub_full_[3 * b + 2];
    }
  std::fill(sub_full_.begin(), sub_full_.end(), 0);
}

bool Sm::writeback_events() {
  bool act = false;
  Event e{};
  while (events_.pop_due(now_, e)) {
    act = true;
    if (e.record != MemorySystem::kNoRecord) [[unlikely]] {  // banks DRAM: the final cycle, or ask again later
      const std::uint64_t t = std::max(e.time, mem_.resolve(e.record, now_, stats_));
      if (!mem_.resolved()) {
        events_.push({t, seq_++, e.warp, e.nregs, e.regs, e.lanes, e.record});
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
      if (path_ && path_->absorb_write(e.warp, reg, now_)) {
        registers_written(w, e.warp, reg);
        continue;
      }
      const RegState& g = w.regs[reg];
      const int lat = access_cycles(g, e.lanes);
      ++queued_accesses_;
      bank_queued_ |= 1ull << g.bank;
      writes_[g.bank].push({e.warp, static_cast<std::uint8_t>(lat), reg, false, stored_lanes(g, e.lanes)});
    }
  }
  return act;
}

void Sm::write_back(int slot, int reg) {
  const Warp& w = warps_[static_cast<std::size_t>(slot)];
  const RegState& g = w.regs[reg];
  const int lat = access_cycles(g, w.init_mask);
  ++queued_accesses_;
  bank_queued_ |= 1ull << g.bank;
  writes_[g.bank].push({static_cast<std::uint8_t>(slot), static_cast<std::uint8_t>(lat), static_cast<RegId>(reg), true,
                        stored_lanes(g, w.init_mask)});
}

bool Sm::arbitrate_banks() {
  if (bank_queued_ == 0) return false;
  if (p_.rf_ports == RfPorts::ReadWrite) return arbitrate_banks_read_write();
  bool act = false;
  const int nb = static_cast<int>(bank_busy_.size());
  const std::uint64_t unb = static_cast<std::uint64_t>(nb);  // rotating priority (a mask for 2^k banks)
  const int start = static_cast<int>(std::has_single_bit(unb) ? now_ & (unb - 1) : now_ % unb);
  for_each_bit_from(bank_queued_, start, [&](int bi) {
    const auto b = static_cast<std::size_t>(bi);
    auto& reads = reads_[b];
    auto& writes = writes_[b];
    if (bank_busy_[b] > now_) {  // a slow access still occupies the bank
      if (!reads.empty()) ++stats_.bank_conflict_cycles;
      return;
    }
    if (!writes.empty()) {  // writes claim banks first
      const Write wr = writes.front();
      writes.pop();
      --queued_accesses_;
      bank_busy_[b] = now_ + wr.lat;
      count_access(bi, wr.lanes, wr.lat, true);
      if (!wr.background) registers_written(warps_[wr.warp], wr.warp, wr.reg);
      if (!reads.empty()) ++stats_.bank_conflict_cycles;
      else if (writes.empty()) bank_queued_ &= ~(1ull << bi);
      act = true;
      return;
    }
    const Read rd = reads.front();
    Collector& c = cus_[rd.cu];
    if (c.got_operand_at == now_) {  // one operand per collector unit per cycle; the FIFO head blocks
      ++stats_.bank_conflict_cycles;
      return;
    }
    reads.pop();
    --queued_accesses_;
    bank_busy_[b] = now_ + rd.lat;
    c.got_operand_at = now_;
    if (--c.pending == 0) cu_collected_ |= 1ull << rd.cu;
    c.ready_at = std::max(c.ready_at, now_ + rd.lat);
    count_access(bi, rd.lanes, rd.lat, false);
    if (!reads.empty()) ++stats_.bank_conflict_cycles;
    else if (writes.empty()) bank_queued_ &= ~(1ull << bi);
    act = true;
  });
  return act;
}

// Dual-ported banks (arch.rf_ports = "read-write", Tan 2016 §2.1: "Each RF bank is equipped with dual
// ports to support 1 read and 1 write per cycle"): per bank and cycle the head write takes the write
// port and the head read the read port, each busy for its own access's latency, so a slow (2-cycle)
// read does not hold back a write to the bank, nor a slow write a read. Reads keep the FIFO head and
// one-operand-per-collector-unit rules of the single port.
bool Sm::arbitrate_banks_read_write() {
  bool act = false;
  const int nb = static_cast<int>(bank_busy_.size());
  const std::uint64_t unb = static_cast<std::uint64_t>(nb);
  const int start = static_cast<int>(std::has_single_bit(unb) ? now_ & (unb - 1) : now_ % unb);
  for_each_bit_from(bank_queued_, start, [&](int bi) {
    const auto b = static_cast<std::size_t>(bi);
    auto& reads = reads_[b];
    auto& writes = writes_[b];
    if (!writes.empty() && write_busy_[b] <= now_) {  // the write port
      const Write wr = writes.front();
      writes.pop();
      --queued_accesses_;
      write_busy_[b] = now_ + wr.lat;
      count_access(bi, wr.lanes, wr.lat, true);
      if (!wr.background) registers_written(warps_[wr.warp], wr.warp, wr.reg);
      act = true;
    }
    if (!reads.empty()) {  // the read port
      Collector& c = cus_[reads.front().cu];
      if (bank_busy_[b] > now_ || c.got_operand_at == now_) {
        ++stats_.bank_conflict_cycles;
      } else {
        const Read rd = reads.front();
        reads.pop();
        --queued_accesses_;
        bank_busy_[b] = now_ + rd.lat;
        c.got_operand_at = now_;
        if (--c.pending == 0) cu_collected_ |= 1ull << rd.cu;
        c.ready_at = std::max(c.ready_at, now_ + rd.lat);
        count_access(bi, rd.lanes, rd.lat, false);
        if (!reads.empty()) ++stats_.bank_conflict_cycles;
        act = true;
      }
    }
    if (reads.empty() && writes.empty()) bank_queued_ &= ~(1ull << bi);
  });
  return act;
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
  const int n = static_cast<int>(cus_.size());
  for_each_bit_from(cu_collected_, dispatch_rr_, [&](int ci) {
    Collector& c = cus_[static_cast<std::size_t>(ci)];
    if (c.ready_at > now_) return;
    const Instr& in = *c.in;
    const int u = static_cast<int>(unit_of(in.op));
    int lane = -1;
    for (int l = lane_first_[static_cast<std::size_t>(u)]; l < lane_first_[static_cast<std::size_t>(u) + 1]; ++l)
      if (lane_busy_[static_cast<std::size_t>(l)] <= now_) {
        lane = l;
        break;
      }
    if (lane < 0) return;
    std::uint64_t done;
    std::uint32_t record = MemorySystem::kNoRecord;
    if (u == static_cast<int>(Unit::Mem)) {
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
    if (in.ndst)
      events_.push({done, seq_++, static_cast<std::uint8_t>(c.warp), in.ndst, in.dst, c.mask, record});
    c.busy = false;
    cu_collected_ &= ~(1ull << ci);
    --cus_busy_;
    ++cu_free_[static_cast<std::size_t>(u)];
    for (std::size_t s = 0; s < sched_cu_wait_.size(); ++s) sched_dirty_[s] |= sched_cu_wait_[s];
    act = true;
  });
  dispatch_rr_ = dispatch_rr_ + 1 == n ? 0 : dispatch_rr_ + 1;
  return act;
}

}  // namespace rfvar::arch
