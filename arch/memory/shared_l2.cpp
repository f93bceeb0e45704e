#include "arch/memory/shared_l2.h"

#include <algorithm>

#include "arch/core/params.h"
#include "arch/memory/memory_system.h"

namespace rfvar::arch {

SharedL2::SharedL2(const ArchParams& p)
    : p_(p),
      tags_(L1Cache::Params{p.l2_size_bytes, p.l2_line_bytes, p.l2_ways}),
      port_(p.l2_cycles_per_request / p.sms),          // the GPU's L2 bandwidth: sms one-SM shares
      dram_queue_(p.dram_cycles_per_request / p.sms),  // the same for the DRAM queue
      dram_(dram_params(p, 1.0)) {}

double SharedL2::Slots::take(double t) {
  auto c = static_cast<std::int64_t>(std::floor(t));
  for (;; ++c) {
    Cycle& x = at(c);
    if (x.used < 1.0) {
      const double start = std::max(t, static_cast<double>(c) + x.used);
      x.used += service_;
      for (Cycle* y = &x; y->used > 1.0;) {  // the part past the cycle boundary fills the next cycles
        const double excess = y->used - 1.0;
        y->used = 1.0;
        y = &at(++c);
        y->used += excess;
      }
      return start;
    }
  }
}

void SharedL2::advance(std::uint64_t until) {
  while (!waiting_.empty() &&
         (until == Dram::kUnknown || waiting_.top().arrival < static_cast<double>(until))) {
    const Waiting w = waiting_.top();
    waiting_.pop();
    dram_id_[w.id] = dram_.submit(w.arrival, w.addr, w.write);
  }
  dram_.advance(until);
}

std::uint32_t SharedL2::enqueue(double start, std::uint64_t addr, bool write) {
  const auto id = static_cast<std::uint32_t>(dram_id_.size());  // decided once the GPU's time passes `start`
  dram_id_.push_back(L1Cache::kNoPending);
  waiting_.push({start, addr, id, write});
  return id;
}

void SharedL2::write_dram(double start, std::uint64_t addr, Reply& r) {
  ++r.dram_writes;
  ++dram_writes;
  if (p_.dram_banks_model) enqueue(start, addr, true);
  else dram_queue_.take(start);
}

SharedL2::Reply SharedL2::request(double t, std::uint64_t addr, bool drawn_hit, bool store) {
  Reply r;
  const double start = port_.take(t);
  const double hit_done = std::ceil(start) + p_.lat_l2_hit_cycles;
  const bool tagged = addr != Dram::kUnknown;
  const bool write_allocate = store && p_.l2_write_allocate;
  const std::uint64_t line = tagged ? addr / static_cast<std::uint64_t>(p_.l2_line_bytes) : 0;
  if (tagged) {
    std::uint64_t ready = 0;
    std::uint32_t pend = L1Cache::kNoPending;
    r.l2_hit = tags_.load(line, ready, &pend);
    ++(r.l2_hit ? tag_hits : tag_misses);
    if (r.l2_hit) {  // present, or its fill in flight (merged)
      bool undecided = false;
      if (pend != L1Cache::kNoPending) {
        const std::uint64_t c = completion(pend);
        undecided = c == Dram::kUnknown;
        if (!undecided) ready = c;
      }
      if (write_allocate) {  // wr_hit_wb; HIT_RESERVED (fill in flight): the write goes to the DRAM
        if (undecided || static_cast<double>(ready) > start) write_dram(start, addr, r);
        else tags_.mark_dirty(line);
        r.done = hit_done;
        return r;
      }
      if (undecided) {
        r.dram_id = pend, r.pending = true;
        r.done = std::max(hit_done, start + dram_.min_latency());
        return r;
      }
      r.done = std::max(hit_done, static_cast<double>(ready));
      return r;
    }
  } else {
    r.l2_hit = drawn_hit;
    if (r.l2_hit) {
      r.done = hit_done;
      return r;
    }
  }
  if (write_allocate) write_dram(start, addr, r);  // wr_miss_wa_naive: the write, then the line's fetch
  if (p_.dram_banks_model) {
    r.dram_id = enqueue(start, addr, false);
    r.pending = true;
    r.done = std::ceil(start + dram_.min_latency());
  } else {
    const double dstart = dram_queue_.take(start);
    r.done = std::ceil(dstart) + p_.lat_dram_cycles;
  }
  if (tagged) {
    const std::uint64_t victim =
        tags_.allocate(line, static_cast<std::uint64_t>(r.done), r.pending ? r.dram_id : L1Cache::kNoPending);
    if (victim != L1Cache::kNoLine) write_dram(start, victim * static_cast<std::uint64_t>(p_.l2_line_bytes), r);
  }
  return r;
}

}  // namespace rfvar::arch
