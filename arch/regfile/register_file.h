// The banked main register file of one SM (GPGPU-Sim opndcoll_rfu_t banks, docs/models.md#arch): which rows of
// which bank hold a vector, each bank's ports and busy state, its read and write request queues, and
// the per-cycle bank arbitration.
//
// Contract: reset() at each kernel launch empties the queues, frees every row and every port (free
// at `now`) for the launch's RfSetup. Requests name a virtual bank and the access's cycles (the SM
// decides them from its register state: hybrid lanes, slow rows). arbitrate(now) is one cycle, in
// GPGPU-Sim's order: banks in a rotating priority starting at now % banks; per bank,
//  - arch.rf_ports = "single": one access per bank and cycle, writes first, then the head of the read
//    FIFO; an access keeps its bank busy for its cycles;
//  - "read-write" (Tan 2016 §2.1: "Each RF bank is equipped with dual ports to support 1 read and 1
//    write per cycle"): the head write takes the write port and the head read the read port, each busy
//    for its own access's cycles;
// and in both, a read is served only if its collector unit (RfRead::cu < 64) has had no operand this
// cycle (the FIFO head blocks its bank's later reads). The collector side is the caller's:
// `on_read(read)` / `on_write(write)` are called for each served access, the reads in the order they
// were served. Every served access is counted in RfCounters, and every cycle a read waits (port or
// collector unit busy) as a conflict cycle. Deterministic, no allocation per access.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>
#include <vector>

#include "arch/core/for_each_bit.h"
#include "arch/core/params.h"
#include "arch/regfile/rf_counters.h"
#include "arch/regfile/ring.h"
#include "workload/kernel.h"
#include "rfmodel/rf_setup.h"

namespace rfvar::arch {

// A queued operand read: collector unit `cu` reads a register of warp slot `warp`.
struct RfRead {
  std::uint16_t cu;
  std::uint8_t lat, warp;  // lat: cycles the access keeps its port busy
  std::uint32_t lanes;     // stored lanes: which sub-banks the access touches
};
// A queued result write of register `reg` of warp slot `warp`.
struct RfWrite {
  std::uint8_t warp, lat;
  RegId reg;
  bool background;      // a hierarchy's write-back: occupies the bank, clears no scoreboard bit
  std::uint32_t lanes;  // stored lanes, as RfRead::lanes
};

class RegisterFile {
 public:
  struct Row {
    int bank, row;
  };

  // `wavefront_collectors` > 0 selects the wavefront read arbiter over that many collector units
  // (arch.bank_arbiter = "wavefront"); 0 keeps the rotating bank priority.
  void reset(const rfmodel::RfSetup& s, RfPorts ports, std::uint64_t now, int wavefront_collectors = 0);

  // The lowest free row of virtual bank `bank`, or, the bank full, of the next bank with a free row
  // (a spill, counted). Throws std::logic_error if every bank is full.
  Row allocate_row(int bank, RfCounters& counters);
  void free_row(int bank, int row) {
    row_used_[static_cast<std::size_t>(bank * row_words_ + row / 64)] &= ~(1ull << (row % 64));
  }

  void request_read(int bank, const RfRead& r) {
    rq_ |= 1ull << bank;
    reads_[static_cast<std::size_t>(bank)].push(r);
  }
  void request_write(int bank, const RfWrite& w) {
    wq_ |= 1ull << bank;
    writes_[static_cast<std::size_t>(bank)].push(w);
  }

  // One cycle of bank arbitration (see the contract); true if any access was served.
  template <typename OnRead, typename OnWrite>
  bool arbitrate(std::uint64_t now, RfCounters& counters, OnRead&& on_read, OnWrite&& on_write) {
    if ((rq_ | wq_) == 0) return false;
    bool act = false;
    std::uint64_t got = 0;  // bit c: collector unit c had an operand this cycle
    const std::uint64_t nb = read_busy_.size();  // rotating priority (a mask for 2^k banks)
    const int start = static_cast<int>(std::has_single_bit(nb) ? now & (nb - 1) : now % nb);
    if (ports_ == RfPorts::Single && wavefront_ > 0) {
      act = arbitrate_wavefront(now, counters, got, on_read, on_write);
    } else if (ports_ == RfPorts::Single) {
      // Banks a slow access still occupies; of the free ones, those with a write serve it (writes
      // claim banks first), the others their head read in the rotating order. Every read left
      // waiting behind a busy bank or a write is a conflict cycle. The writes' and reads' effects
      // commute (scoreboard, collector units, sums), so the writes go first. The reads are served
      // without a branch on their outcome (such branches mispredict; docs/performance.md).
      std::uint64_t busy = 0;
      for (std::uint64_t m = rq_ | wq_; m; m &= m - 1) {
        const int bi = std::countr_zero(m);
        busy |= static_cast<std::uint64_t>(read_busy_[static_cast<std::size_t>(bi)] > now) << bi;
      }
      const std::uint64_t writes = wq_ & ~busy, reads = rq_ & ~busy & ~wq_;
      counters.conflicts(std::popcount(rq_ & (busy | writes)));
      for (std::uint64_t m = writes; m; m &= m - 1) {
        const int bi = std::countr_zero(m);
        serve_write(bi, read_busy_[static_cast<std::size_t>(bi)], now, counters, on_write);
      }
      act = writes != 0;
      // The served reads are counted here, after the pass: a read left waiting costs no counting.
      RfRead served[64];
      int served_bank[64];
      int nserved = 0;
      for_each_bit_from(reads, start, [&](int bi) {
        served_bank[nserved] = bi;
        nserved += take_read(bi, now, counters, got, served[nserved]);
      });
      for (int i = 0; i < nserved; ++i) {
        counters.access(served_bank[i], served[i].lanes, served[i].lat, false);
        on_read(served[i]);
      }
      act |= nserved != 0;
    } else {
      for_each_bit_from(rq_ | wq_, start, [&](int bi) {
        const auto b = static_cast<std::size_t>(bi);
        if (!writes_[b].empty() && write_busy_[b] <= now) {  // the write port
          serve_write(bi, write_busy_[b], now, counters, on_write);
          act = true;
        }
        if (!reads_[b].empty()) act |= serve_read(bi, now, counters, got, on_read);  // the read port
      });
    }
    return act;
  }

  // The earliest cycle at which a port with an access waiting frees (it may be <= now); the maximum
  // std::uint64_t if nothing waits.
  std::uint64_t next_port_free() const {
    std::uint64_t t = std::numeric_limits<std::uint64_t>::max();
    if (ports_ == RfPorts::Single) {
      for (std::uint64_t m = rq_ | wq_; m; m &= m - 1)
        t = std::min(t, read_busy_[static_cast<std::size_t>(std::countr_zero(m))]);
    } else {  // each port with work waiting frees on its own
      for (std::uint64_t m = rq_ | wq_; m; m &= m - 1) {
        const auto b = static_cast<std::size_t>(std::countr_zero(m));
        if (!reads_[b].empty()) t = std::min(t, read_busy_[b]);
        if (!writes_[b].empty()) t = std::min(t, write_busy_[b]);
      }
    }
    return t;
  }

 private:
  // arch.bank_arbiter = "wavefront", single ports (GPGPU-Sim opndcoll_rfu_t::arbiter_t::allocate_reads,
  // the wavefront allocator from booksim): writes claim their free banks first; then the free banks'
  // head reads are matched to collector units along diagonals of the bank x unit request matrix,
  // starting at the unit of priority now % units, at most one operand per unit per cycle
  // (GPGPU-Sim 3.x's _outmatch check; docs/models.md "Bank arbiter").
  template <typename OnRead, typename OnWrite>
  bool arbitrate_wavefront(std::uint64_t now, RfCounters& counters, std::uint64_t& got, OnRead& on_read,
                           OnWrite& on_write) {
    bool act = false;
    std::uint64_t candidates = 0;  // free banks whose head read competes this cycle
    for (std::uint64_t m = rq_ | wq_; m; m &= m - 1) {
      const int bi = std::countr_zero(m);
      const auto b = static_cast<std::size_t>(bi);
      if (read_busy_[b] > now) {
        if (!reads_[b].empty()) counters.conflict();
      } else if (!writes_[b].empty()) {
        serve_write(bi, read_busy_[b], now, counters, on_write);
        if (!reads_[b].empty()) counters.conflict();
        act = true;
      } else if (!reads_[b].empty()) {
        candidates |= 1ull << bi;
      }
    }
    const int units = wavefront_, nb = banks_, square = std::max(units, nb);
    const int pri = static_cast<int>(now % static_cast<std::uint64_t>(units));
    for (int p = 0; p < square && candidates; ++p) {
      int out = (pri + p) % units;
      for (int in = 0; in < nb; ++in, out = out + 1 == units ? 0 : out + 1) {
        if (!((candidates >> in) & 1)) continue;
        const RfRead& rd = reads_[static_cast<std::size_t>(in)].front();
        if (rd.cu != out || ((got >> rd.cu) & 1) != 0) continue;
        candidates &= ~(1ull << in);
        act |= serve_read(in, now, counters, got, on_read);
      }
    }
    counters.conflicts(std::popcount(candidates));  // heads left waiting
    return act;
  }
  template <typename OnWrite>
  void serve_write(int bank, std::uint64_t& port_busy, std::uint64_t now, RfCounters& counters,
                   OnWrite& on_write) {
    auto& writes = writes_[static_cast<std::size_t>(bank)];
    const RfWrite wr = writes.front();
    writes.pop();
    if (writes.empty()) wq_ &= ~(1ull << bank);
    port_busy = now + wr.lat;
    counters.access(bank, wr.lanes, wr.lat, true);
    on_write(wr);
  }
  // The head read of `bank` if its (read) port and its collector unit are free; a read left waiting
  // counts a conflict cycle. True if it was served.
  template <typename OnRead>
  bool serve_read(int bank, std::uint64_t now, RfCounters& counters, std::uint64_t& got, OnRead& on_read) {
    const auto b = static_cast<std::size_t>(bank);
    auto& reads = reads_[b];
    const RfRead rd = reads.front();
    if (read_busy_[b] > now || ((got >> rd.cu) & 1) != 0) {  // one operand per collector unit per cycle
      counters.conflict();
      return false;
    }
    got |= 1ull << rd.cu;
    reads.pop();
    read_busy_[b] = now + rd.lat;
    on_read(rd);
    counters.access(bank, rd.lanes, rd.lat, false);
    if (!reads.empty()) {
      counters.conflict();
    } else {
      rq_ &= ~(1ull << bank);
    }
    return true;
  }
  // serve_read() for a bank whose port is free, without a branch on the outcome: the head read is
  // served (popped, copied to `out`; returns 1) if its collector unit is free, else it waits
  // (returns 0). Counting the access and on_read() are the caller's, after the cycle's reads (arbitrate()).
  int take_read(int bank, std::uint64_t now, RfCounters& counters, std::uint64_t& got, RfRead& out) {
    const auto b = static_cast<std::size_t>(bank);
    auto& reads = reads_[b];
    const RfRead rd = reads.front();
    const std::uint64_t ok = ((got >> rd.cu) & 1) ^ 1;
    got |= ok << rd.cu;
    reads.pop_n(static_cast<std::uint32_t>(ok));
    const std::uint64_t empty = reads.size == 0 ? 1 : 0;
    const std::uint64_t keep = ok - 1;  // all ones if it waits
    read_busy_[b] = (read_busy_[b] & keep) | ((now + rd.lat) & ~keep);
    out = rd;
    counters.conflicts(static_cast<int>(1 - (ok & empty)));  // it waits, or the next read behind it does
    rq_ &= ~((ok & empty) << bank);
    return static_cast<int>(ok);
  }

  RfPorts ports_ = RfPorts::Single;
  std::vector<Ring<RfRead>> reads_;        // per bank
  std::vector<Ring<RfWrite>> writes_;      // per bank
  std::vector<std::uint64_t> read_busy_;   // per bank: busy until (exclusive); the only port under "single"
  std::vector<std::uint64_t> write_busy_;  // per bank: the write port busy until ("read-write" only)
  std::uint64_t rq_ = 0, wq_ = 0;          // bit b: bank b has a read (rq_) / a write (wq_) waiting
  std::vector<std::uint64_t> row_used_;    // [bank * row_words_ + word]: row allocation bitmask
  int row_words_ = 1;
  int banks_ = 1;
  int wavefront_ = 0;  // collector units of the wavefront arbiter, 0 = rotating bank priority
};

}  // namespace rfvar::arch
