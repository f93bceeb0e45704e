// GDDR5 DRAM with banks, open rows and an FR-FCFS scheduler per channel, as this SM sees it
// (GPGPU-Sim v3.1.0 Fermi config, the one Tan 2016 used: 6 channels, `-gpgpu_dram_scheduler 1`
// FR-FCFS, `-gpgpu_dram_sched_queue_size 16`, `-gpgpu_mem_addr_mapping dramid@8;...RRBBBCCC.CCCSSSSS`,
// `-gpgpu_dram_timing_opt 16:2:5:12:28:12:35:10:7:6:12:4:3:2` in 1848 MHz DRAM cycles).
//
// Address map (GPGPU-Sim addrdec.cc with a non-power-of-two channel count): channel = (addr / 256)
// % channels; the channel-local address ((addr / 256) / channels) * 256 + addr % 256 splits into
// column (low row_bytes), bank (next bits, `banks` of them) and row (the rest).
//
// One-SM abstraction (docs/models.md "DRAM"): the other 14 SMs run the same kernel on neighbouring
// blocks and are assumed to load the DRAM like this one (same hit/miss mix, same rows). Each of this
// SM's requests therefore stands for `share` requests: it occupies its bank and its channel's data bus
// `share` times its own service time (so a row-hit stream gets exactly the SM's 1/share of the bus),
// while its own latency is the unscaled GDDR5 timing. Requests without an address (`tx=` loads)
// occupy only a data bus (channels in turn) and are served like row hits.
//
// Writes (a store's write, an L2 write-back; shared_l2.h) share the queue, banks and rows with reads
// (GPGPU-Sim has no separate write queue: -dram_seperate_write_queue_enable 0) and pay its bus
// turnarounds (gpu-sim.h tRTW = CL + BL/r + 2 - WL, tWTR = WL + BL/r + tCDLR; dram.cc): a write's
// data starts WL after its column command and 2 DRAM cycles after the last read's data; a read's
// data starts tCDLR + CL after the last write's data; a bank precharges no earlier than tWR after a
// write's data (tWTP). A request that would turn the bus is decided only once the turnaround allows its
// column command, so requests of the current direction go first (its bank opens the row meanwhile).
// The turnaround gaps occupy the bus `share` times, like the data (one-SM mode).
//
// FR-FCFS (GPGPU-Sim dram_sched.cc): a channel holds at most `queue` requests (the rest wait in
// arrival order); when a bank is free it serves the oldest queued request to its open row, else the
// oldest queued request to it (precharge + activate). Decisions are lazy: a decision at time t is made
// once every request arriving by t is known (submit() makes those due by its own arrival, since
// arrivals come in order; advance(t) those due before cycle t), so a younger row hit that arrives
// while an older row miss still waits is served first. completion() is known once the request's
// decision is made; a request that finds its bank free and no older competitor is decided at once.
//
// Contract: submit() arrival times are increasing and >= the last advance() bound. Times are in
// SM (core) cycles. Pure model state: no statistics structs, no output (counters below are read by
// MemorySystem).
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

namespace rfvar::arch {

class Dram {
 public:
  struct Params {
    int channels = 6;
    int banks = 8;             // banks the address map selects per channel
    int row_bytes = 2048;      // column bits of the map: one open row of one bank
    int interleave_bytes = 256;  // dramid@8: consecutive 256 B chunks go to consecutive channels
    int request_bytes = 128;   // one request = one L1/L2 line
    int atom_bytes = 32;       // bytes per column command (burst 4 x 4 B x 2 chips)
    double core_per_dram_cycle = 700.0 / 1848.0;
    int t_ccd = 2, t_rrd = 5, t_rcd = 12, t_ras = 28, t_rp = 12, t_rc = 35, t_cl = 10;  // DRAM cycles
    int t_wl = 7, t_cdlr = 6, t_wr = 12;  // write latency, write-to-read (after the data), write recovery
    int queue = 16;            // FR-FCFS queue entries per channel
    double share = 15.0;       // SMs sharing the DRAM (occupancy scale)
    double post_cycles = 260;  // core cycles from the last data beat to the SM (interconnect, ROP)
  };
  static constexpr std::uint64_t kUnknown = std::numeric_limits<std::uint64_t>::max();

  explicit Dram(const Params& p);
  void reset();
  // A request arriving at the controller at `arrival` (core cycles); `addr` is a byte address, or
  // kUnknown for a request without one; `write`: a write (its completion is when its data is in).
  // Returns its id (0, 1, 2, ... since reset()).
  std::uint32_t submit(double arrival, std::uint64_t addr, bool write = false);
  // Makes every scheduling decision due before cycle `until`.
  void advance(std::uint64_t until);
  // The cycle request `id`'s data is back at the SM, or kUnknown while its decision is pending.
  std::uint64_t completion(std::uint32_t id) const { return done_[id]; }
  // A lower bound on the completion of a request not decided before `now` (a row hit served at once).
  std::uint64_t earliest_completion(std::uint64_t now) const {
    return now + static_cast<std::uint64_t>(min_latency_);
  }
  // Unloaded latency from arrival to data at the SM of a row hit (the lowest possible).
  double min_latency() const { return min_latency_; }

  std::uint64_t row_hits = 0, row_misses = 0, row_conflicts = 0;  // decided requests by row state

 private:
  struct Req {
    double avail;  // arrival, or the time a queue slot freed for it
    std::uint64_t row;
    std::int32_t bank;  // -1: no address (data bus only)
    std::uint32_t id;
    bool write;
  };
  struct Bank {
    double free = 0.0, act = -1e18;
    double write_recovered = -1e18;  // tWR after its last write's data: the earliest precharge
    std::uint64_t row = kUnknown;  // open row, kUnknown = precharged
  };
  struct Channel {
    std::vector<Req> queue, backlog;
    std::size_t backlog_head = 0;
    std::vector<Bank> banks;
    double bus_free = 0.0, last_act = -1e18;
    int last_dir = -1;  // direction of the last data on the bus: -1 none yet, 0 read, 1 write
    double next = kNever;  // cached time of the next decision (kNever: none queued)
    bool dirty = false;
  };
  static constexpr double kNever = 1e300;
  double bank_ready(const Channel& c, const Req& r) const;
  double ready(const Channel& c, const Req& r) const;
  double turnaround(const Channel& c, bool write) const;
  double next_decision(Channel& c) const;
  void serve(Channel& c, double t);
  void decide_through(Channel& c, double t);  // every decision of `c` due at or before t

  Params p_;
  double burst_, rcd_, rp_, ras_, rc_, rrd_, cl_, wl_, wr_, rtw_gap_, wtr_gap_, min_latency_;
  std::vector<Channel> ch_;
  std::vector<std::uint64_t> done_;
  std::uint32_t rr_ = 0;  // channel of the next address-less request
};

}  // namespace rfvar::arch
