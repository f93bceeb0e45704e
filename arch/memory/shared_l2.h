// The L2 and DRAM shared by the SMs of the N-SM mode (arch/gpu.h, issue 16; Tan 2016 §5: 15 SMs
// sharing a 768 KB L2 and the DRAM).
//
// L2: a tag array with GPGPU-Sim's GTX480 dl2 geometry (arch.l2_size_bytes / l2_line_bytes / l2_ways:
// 768 KB, 128 B lines, 8 ways, LRU; write-back, write-allocate, so a store miss also fetches its line)
// for requests with an address; a request without one (`.kernel` tx= accesses) keeps its drawn hit
// (`l2=`). With arch.l2_write_policy = "write-allocate" (GPGPU-Sim data_cache::wr_miss_wa_naive,
// wr_hit_wb; docs/models.md "L2 writes") a store miss sends its write to the DRAM before the fetch, a
// store to a present line marks it dirty (one to a line whose fill is in flight, GPGPU-Sim's
// HIT_RESERVED, is handled as a miss: its write goes to the DRAM, the fetch is the one in flight), and
// allocating over a dirty line writes it back. The DRAM serves writes like reads (dram.h). A line allocated by a miss carries the time its fill arrives: a later request to it merges
// (data at max(hit latency, fill)). One request port with the whole GPU's L2 bandwidth: a request
// every arch.l2_cycles_per_request / arch.sms cycles (the one-SM mode gives each SM 1/sms of it).
// DRAM: the bandwidth queue (arch.dram_cycles_per_request / arch.sms per request) or the banks model
// (arch/memory/dram.h) with the whole DRAM (share 1: requests of every SM occupy it for real).
//
// Clock domains: times here are reference cycles, the L2 clock = the SM clock without PV (GTX480
// -gpgpu_clock_domains 700:1400:700:1848: core and L2 at 700 MHz); arch.lat_l2_hit / lat_dram are
// in those cycles. An SM whose period is r times the reference (r = 1 / clock_norm with
// arch.gpu_clocks = "pv", r = 1 with "equal") sends a request at its cycle c as reference time c * r and
// sees the reply at its cycle ceil(t / r) (to_sm_cycle()).
//
// Arrival order: the GPU steps the SM that is earliest in global time, but an SM hands over all line
// requests of one access at once (one per cycle from now) and a request held by a full MSHR file at
// the cycle an MSHR frees, so requests reach request() a little out of time order. The L2 port and the
// DRAM queue are therefore rate limiters by time slot (Slots: a request takes the first reference cycle
// at or after its arrival with bandwidth left, so a request is never queued behind one that arrives
// later), and requests to the banks DRAM wait here in arrival order until the GPU's time passes them
// (advance()), since that model needs its arrivals in order. Request ids (completion()) are this
// object's. Tags persist across kernel launches (GPGPU-Sim does not flush the L2 between kernels); no
// statistics structs beyond the counters below, no output.
#pragma once

#include <cmath>
#include <cstdint>
#include <queue>
#include <vector>

#include "arch/core/params.h"
#include "arch/memory/dram.h"
#include "arch/memory/l1_cache.h"

namespace rfvar::arch {

class SharedL2 {
 public:
  explicit SharedL2(const ArchParams& p);
  struct Reply {
    double done = 0;  // reference time the data is back at the SM (a lower bound while `pending`)
    bool l2_hit = false;
    std::uint32_t dram_id = L1Cache::kNoPending;  // banks DRAM: the request whose completion decides `done`
    bool pending = false;                         // that request is not decided yet (dram().completion())
    int dram_writes = 0;                          // DRAM writes this request sent (its own, a write-back)
  };
  // A request reaching the L2 at reference time `t`: `addr` its byte address (Dram::kUnknown: none,
  // then `drawn_hit` decides the L2 hit); `store`: a write (its `done` is when the L2 has taken it).
  Reply request(double t, std::uint64_t addr, bool drawn_hit, bool store = false);
  // Banks DRAM: hands the waiting requests that arrive before reference cycle `until` to the DRAM in
  // arrival order and makes its decisions due before `until` (Dram::advance).
  void advance(std::uint64_t until);
  // Banks DRAM request `id` (Reply::dram_id): the reference cycle its data is back, or Dram::kUnknown.
  std::uint64_t completion(std::uint32_t id) const {
    const std::uint32_t d = dram_id_[id];
    return d == L1Cache::kNoPending ? Dram::kUnknown : dram_.completion(d);
  }
  std::uint64_t earliest_completion(std::uint64_t now) const { return dram_.earliest_completion(now); }
  const Dram& dram() const { return dram_; }
  // Decides every DRAM request left (end of a run): the row counters are then final.
  void finish() { advance(Dram::kUnknown); }
  // Reference time t seen by an SM whose period is `ratio` reference cycles: its first cycle >= t.
  static std::uint64_t to_sm_cycle(double t, double ratio) {
    return static_cast<std::uint64_t>(std::ceil(t / ratio - 1e-9));
  }
  std::uint64_t tag_hits = 0, tag_misses = 0;  // requests with an address: L2 tag hits (and merges), misses
  std::uint64_t dram_writes = 0;               // write requests sent to the DRAM (stores' writes, write-backs)

 private:
  // A bandwidth of one request per `service` reference cycles, kept per reference cycle:
  // take(t) gives a request arriving at t the first time >= t in a cycle with bandwidth left.
  class Slots {
   public:
    explicit Slots(double service) : service_(service), used_(kRing) {}
    double take(double t);

   private:
    static constexpr std::size_t kRing = 1 << 16;  // cycles kept ahead (requests are never further apart)
    struct Cycle {
      std::int64_t cycle = -1;
      double used = 0.0;
    };
    Cycle& at(std::int64_t c) {
      Cycle& x = used_[static_cast<std::size_t>(c) & (kRing - 1)];
      if (x.cycle != c) x = Cycle{c, 0.0};
      return x;
    }
    double service_;
    std::vector<Cycle> used_;
  };
  std::uint32_t enqueue(double start, std::uint64_t addr, bool write);  // a banks-DRAM request: its id
  void write_dram(double start, std::uint64_t addr, Reply& r);        // a write request (nobody waits for it)
  struct Waiting {  // a banks-DRAM request not yet handed to the DRAM
    double arrival;
    std::uint64_t addr;
    std::uint32_t id;
    bool write;
    bool operator>(const Waiting& o) const { return arrival != o.arrival ? arrival > o.arrival : id > o.id; }
  };
  ArchParams p_;  // a copy: a SharedL2 may outlive the parameters it was built from
  L1Cache tags_;  // the same set-associative LRU tag array as the L1 (l1_cache.h), with the L2 geometry
  Slots port_, dram_queue_;
  Dram dram_;
  std::priority_queue<Waiting, std::vector<Waiting>, std::greater<>> waiting_;
  std::vector<std::uint32_t> dram_id_;  // per request id: its Dram id (kNoPending while waiting)
};

}  // namespace rfvar::arch
