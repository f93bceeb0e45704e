#include "arch/memory/dram.h"

#include <algorithm>
#include <cmath>

namespace rfvar::arch {

Dram::Dram(const Params& p) : p_(p) {
  const double k = p.core_per_dram_cycle;
  // A request is request_bytes / atom_bytes column commands tCCD apart (GPGPU-Sim dram.cc).
  burst_ = static_cast<double>(std::max(1, p.request_bytes / p.atom_bytes) * p.t_ccd) * k;
  rcd_ = p.t_rcd * k, rp_ = p.t_rp * k, ras_ = p.t_ras * k, rc_ = p.t_rc * k, rrd_ = p.t_rrd * k, cl_ = p.t_cl * k;
  wl_ = p.t_wl * k, wr_ = p.t_wr * k;
  rtw_gap_ = 2.0 * k;                                    // tRTW - (CL + BL/r - WL): write data after read data
  wtr_gap_ = static_cast<double>(p.t_cdlr + p.t_cl) * k;  // tWTR - (WL + BL/r) + CL: read data after write data
  min_latency_ = cl_ + burst_ + p.post_cycles;
  ch_.resize(static_cast<std::size_t>(p.channels));
  reset();
}

void Dram::reset() {
  for (auto& c : ch_) {
    c.queue.clear();
    c.backlog.clear();
    c.backlog_head = 0;
    c.banks.assign(static_cast<std::size_t>(p_.banks), Bank{});
    c.bus_free = 0.0;
    c.last_act = -1e18;
    c.last_dir = -1;
    c.next = kNever;
    c.dirty = false;
  }
  done_.clear();
  rr_ = 0;
  row_hits = row_misses = row_conflicts = 0;
}

std::uint32_t Dram::submit(double arrival, std::uint64_t addr, bool write) {
  const auto id = static_cast<std::uint32_t>(done_.size());
  done_.push_back(kUnknown);
  Req r{arrival, 0, -1, id, write};
  std::size_t ci;
  if (addr == kUnknown) {
    ci = rr_;
    rr_ = rr_ + 1 == static_cast<std::uint32_t>(p_.channels) ? 0 : rr_ + 1;
  } else {  // GPGPU-Sim addrdec: chip = (addr >> 8) % n_channel, the quotient stitched back below
    const auto il = static_cast<std::uint64_t>(p_.interleave_bytes);
    const std::uint64_t chunk = addr / il;
    ci = static_cast<std::size_t>(chunk % static_cast<std::uint64_t>(p_.channels));
    const std::uint64_t local = chunk / static_cast<std::uint64_t>(p_.channels) * il + addr % il;
    const std::uint64_t row_all = local / static_cast<std::uint64_t>(p_.row_bytes);
    r.bank = static_cast<std::int32_t>(row_all % static_cast<std::uint64_t>(p_.banks));
    r.row = row_all / static_cast<std::uint64_t>(p_.banks);
  }
  Channel& c = ch_[ci];
  if (c.queue.size() < static_cast<std::size_t>(p_.queue)) c.queue.push_back(r);
  else c.backlog.push_back(r);
  c.dirty = true;
  decide_through(c, arrival);  // every request arriving by now is known: those decisions are final
  return id;
}

void Dram::decide_through(Channel& c, double t) {
  for (double d = next_decision(c); d <= t; d = next_decision(c)) serve(c, d);
}

// When request r's bank is free and it has arrived.
double Dram::bank_ready(const Channel& c, const Req& r) const {
  return std::max(r.avail, r.bank < 0 ? 0.0 : c.banks[static_cast<std::size_t>(r.bank)].free);
}

// When r's column command may issue: its bank ready and, if the bus must turn around, tCDLR after the
// last write's data (a read) or in time for its data 2 DRAM cycles after the last read's (a write).
// Requests of the bus's current direction are therefore decided first while the other waits, as
// GPGPU-Sim's dram.cc issues the column commands the WTR / RTW counters do not block.
double Dram::ready(const Channel& c, const Req& r) const {
  const double b = bank_ready(c, r);
  const double turn = turnaround(c, r.write);
  return turn == 0.0 ? b : std::max(b, c.bus_free + turn - (r.write ? wl_ : cl_));
}

// The bus gap before data in direction `write` (0 if the bus need not turn), `share` times its own.
double Dram::turnaround(const Channel& c, bool write) const {
  if (c.last_dir < 0 || c.last_dir == (write ? 1 : 0)) return 0.0;
  return p_.share * (write ? rtw_gap_ : wtr_gap_);
}

// The earliest time any queued request of the channel can be decided (ready()).
double Dram::next_decision(Channel& c) const {
  if (!c.dirty) return c.next;
  double t = kNever;
  for (const Req& r : c.queue) t = std::min(t, ready(c, r));
  c.next = t;
  c.dirty = false;
  return t;
}

void Dram::advance(std::uint64_t until) {
  const auto u = static_cast<double>(until);
  for (Channel& c : ch_)
    for (double t = next_decision(c); t < u; t = next_decision(c)) serve(c, t);
}

// One FR-FCFS decision at time t (GPGPU-Sim dram_sched.cc): the bank that is ready first serves its
// oldest queued request to the open row, else its oldest queued request.
void Dram::serve(Channel& c, double t) {
  std::size_t pick = c.queue.size();
  std::int32_t bank = -2;
  for (std::size_t i = 0; i < c.queue.size(); ++i) {  // the oldest request whose decision time is t
    const Req& r = c.queue[i];
    if (ready(c, r) <= t) {
      pick = i;
      bank = r.bank;
      break;
    }
  }
  if (bank >= 0) {  // row hits first: the oldest arrived request of this bank to its open row
    const std::uint64_t open = c.banks[static_cast<std::size_t>(bank)].row;
    for (std::size_t i = pick; i < c.queue.size(); ++i)
      if (c.queue[i].bank == bank && c.queue[i].row == open && ready(c, c.queue[i]) <= t) {
        pick = i;
        break;
      }
  }
  const Req r = c.queue[pick];
  c.queue.erase(c.queue.begin() + static_cast<std::ptrdiff_t>(pick));
  if (c.backlog_head < c.backlog.size()) {  // the freed queue slot takes the oldest waiting request
    Req w = c.backlog[c.backlog_head++];
    w.avail = std::max(w.avail, t);
    c.queue.push_back(w);
    if (c.backlog_head == c.backlog.size()) c.backlog.clear(), c.backlog_head = 0;
  }
  c.dirty = true;

  const double s = p_.share;
  // A request that waited for the bus to turn opened its row meanwhile (GPGPU-Sim issues row commands
  // regardless of the turnaround counters): the bank's timing starts when the bank was ready.
  const double tb = std::min(t, bank_ready(c, r));
  double col = t;
  if (r.bank >= 0) {
    Bank& b = c.banks[static_cast<std::size_t>(r.bank)];
    double busy;  // the bank's own time for this request; `s` times it is occupied
    if (b.row == r.row) {
      ++row_hits;
      busy = burst_;
    } else {
      double pre = tb;
      if (b.row == kUnknown) {
        ++row_misses;
      } else {  // row conflict: precharge the open row (not before tRAS after its activate)
        ++row_conflicts;
        pre = std::max({tb, b.act + ras_, b.write_recovered}) + rp_;
      }
      const double act = std::max(pre, c.last_act + s * rrd_);  // tRRD between activates of a channel
      col = std::max(t, act + rcd_);
      busy = b.row == kUnknown ? rcd_ + burst_ : std::max(rp_ + rcd_ + burst_, rc_);  // tRC per bank
      b.act = act;
      b.row = r.row;
      c.last_act = act;
    }
    b.free = std::max(tb + s * busy, col + burst_);
  }
  // CL (WL for a write), then the channel's data bus, after a turnaround if the direction changes.
  const double data = std::max(col + (r.write ? wl_ : cl_), c.bus_free + turnaround(c, r.write));
  c.bus_free = data + s * burst_;
  c.last_dir = r.write ? 1 : 0;
  if (r.write && r.bank >= 0) {
    Bank& b = c.banks[static_cast<std::size_t>(r.bank)];
    b.write_recovered = std::max(b.write_recovered, data + burst_ + wr_);
  }
  done_[r.id] = static_cast<std::uint64_t>(std::ceil(data + burst_ + p_.post_cycles));
}

}  // namespace rfvar::arch
