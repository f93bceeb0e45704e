#include "arch/memory/shared_l2.h"

#include <algorithm>

#include "arch/memory.h"
#include "arch/params.h"

namespace rfvar::arch {

SharedL2::SharedL2(const ArchParams& p)
    : p_(p),
      tags_(L1Cache::Params{p.l2_size_bytes, p.l2_line_bytes, p.l2_ways}),
      l2_service_(p.l2_cycles_per_request / p.sms),     // the GPU's L2 bandwidth: sms one-SM shares
      dram_service_(p.dram_cycles_per_request / p.sms),  // the same for the DRAM queue
      dram_(dram_params(p, 1.0)) {}

SharedL2::Reply SharedL2::request(double t, std::uint64_t addr, bool drawn_hit) {
  Reply r;
  const double start = std::max(t, port_free_);
  port_free_ = start + l2_service_;
  const double hit_done = std::ceil(start) + p_.lat_l2_hit_cycles;
  const bool tagged = addr != Dram::kUnknown;
  const std::uint64_t line = tagged ? addr / static_cast<std::uint64_t>(p_.l2_line_bytes) : 0;
  if (tagged) {
    std::uint64_t ready = 0;
    std::uint32_t pend = L1Cache::kNoPending;
    r.l2_hit = tags_.load(line, ready, &pend);
    ++(r.l2_hit ? tag_hits : tag_misses);
    if (r.l2_hit) {  // present, or its fill in flight (merged)
      if (pend != L1Cache::kNoPending) {
        const std::uint64_t c = dram_.completion(pend);
        if (c == Dram::kUnknown) {
          r.dram_id = pend, r.pending = true;
          r.done = std::max(hit_done, start + dram_.min_latency());
          return r;
        }
        ready = c;
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
  if (p_.dram_banks_model) {
    r.dram_id = dram_.submit(start, addr);
    const std::uint64_t c = dram_.completion(r.dram_id);
    r.pending = c == Dram::kUnknown;
    r.done = r.pending ? std::ceil(start + dram_.min_latency()) : static_cast<double>(c);
  } else {
    const double dstart = std::max(start, dram_free_);
    dram_free_ = dstart + dram_service_;
    r.done = std::ceil(dstart) + p_.lat_dram_cycles;
  }
  if (tagged) tags_.allocate(line, static_cast<std::uint64_t>(r.done), r.pending ? r.dram_id : L1Cache::kNoPending);
  return r;
}

}  // namespace rfvar::arch
