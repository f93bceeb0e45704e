// Statistics of a register-file cache, kept apart from its state (ChampSim-style).
//
// Contract: plain counters; the derived quantities compare with a register file without a cache,
// where every operand read is a main-RF read and every result a main-RF write.
#pragma once

#include <cstdint>
#include <tuple>

#include "common/counters.h"

namespace rfvar::arch::rfc {

struct RfcStats {
  std::uint64_t reads = 0;                // source operands looked up
  std::uint64_t read_hits = 0;            // served by the RFC
  std::uint64_t writes_cached = 0;        // results allocated in the RFC (write-allocate)
  std::uint64_t writes_bypassed = 0;      // long-latency results sent to the main RF
  std::uint64_t overwrites = 0;           // a cached value replaced by a newer one of the same register
  std::uint64_t evictions = 0;            // values displaced by a fill
  std::uint64_t eviction_writebacks = 0;  // evicted live values written to the main RF
  std::uint64_t flushes = 0;              // warp deactivations
  std::uint64_t flush_writebacks = 0;     // live values written back by flushes
  std::uint64_t dead_dropped = 0;         // dead values evicted / flushed without a write-back

  template <class Self>
  static auto counters(Self& s) {  // common/counters.h
    return std::tie(s.reads, s.read_hits, s.writes_cached, s.writes_bypassed, s.overwrites, s.evictions,
                    s.eviction_writebacks, s.flushes, s.flush_writebacks, s.dead_dropped);
  }
  RfcStats& operator+=(const RfcStats& o) { return add_counters(*this, o); }

  std::uint64_t mrf_reads() const { return reads - read_hits; }
  std::uint64_t mrf_writes() const { return writes_bypassed + eviction_writebacks + flush_writebacks; }
  std::uint64_t mrf_reads_avoided() const { return read_hits; }
  std::uint64_t mrf_writes_avoided() const { return writes_cached + writes_bypassed - mrf_writes(); }
  double read_fraction_avoided() const { return reads ? double(read_hits) / double(reads) : 0.0; }
  double write_fraction_avoided() const {
    const std::uint64_t w = writes_cached + writes_bypassed;
    return w ? double(mrf_writes_avoided()) / double(w) : 0.0;
  }
};

}  // namespace rfvar::arch::rfc
