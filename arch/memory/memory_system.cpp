#include "arch/memory/memory_system.h"

#include <algorithm>
#include <cmath>

namespace rfvar::arch {

Dram::Params dram_params(const ArchParams& p, double share) {
  Dram::Params d;
  d.channels = p.dram_channels;
  d.banks = p.dram_banks;
  d.row_bytes = p.dram_row_bytes;
  d.interleave_bytes = p.dram_interleave_bytes;
  d.request_bytes = p.l1_line_bytes;
  d.atom_bytes = p.dram_atom_bytes;
  d.core_per_dram_cycle = p.core_clock_mhz / p.dram_clock_mhz;
  d.t_ccd = p.dram_t_ccd, d.t_rrd = p.dram_t_rrd, d.t_rcd = p.dram_t_rcd, d.t_ras = p.dram_t_ras;
  d.t_rp = p.dram_t_rp, d.t_rc = p.dram_t_rc, d.t_cl = p.dram_t_cl;
  d.t_wl = p.dram_t_wl, d.t_cdlr = p.dram_t_cdlr, d.t_wr = p.dram_t_wr;
  d.queue = p.dram_queue;
  d.share = share;  // docs/models.md "DRAM": one SM's 1/sms of every bank and bus (1: the whole DRAM)
  // lat_dram is the unloaded latency to a precharged bank: the part after the data is the rest.
  const double k = d.core_per_dram_cycle;
  d.post_cycles = std::max(0.0, p.lat_dram_cycles - (d.t_rcd + d.t_cl) * k -
                                    std::max(1, d.request_bytes / d.atom_bytes) * d.t_ccd * k);
  return d;
}

MemorySystem::MemorySystem(const ArchParams& p)
    : p_(p),
      l1_(L1Cache::Params{p.l1_size_bytes, p.l1_line_bytes, p.l1_ways}),
      dram_(dram_params(p, static_cast<double>(p.sms))) {}

void MemorySystem::reset() {
  l2_free_ = dram_free_ = 0.0;
  inflight_ = {};
  if (l1_used_) l1_.reset();
  l1_used_ = false;
  if (p_.dram_banks_model) {
    dram_.reset();
    recs_.clear();
    free_recs_.clear();
    rec_ = kNoRecord;
    synced_[0] = synced_[1] = synced_[2] = 0;
  }
}

void MemorySystem::add_to_record(std::uint32_t dram_id) {
  if (rec_ == kNoRecord) {
    if (free_recs_.empty()) {
      rec_ = static_cast<std::uint32_t>(recs_.size());
      recs_.emplace_back();
    } else {
      rec_ = free_recs_.back();
      free_recs_.pop_back();
    }
    recs_[rec_].n = 0;
  }
  Record& r = recs_[rec_];
  if (r.n < 32) r.ids[r.n++] = dram_id;  // at most 32 requests per warp access
}

void MemorySystem::sync(SmStats& stats) {
  if (shared_) return;  // the shared DRAM's row counters are the GPU's (arch/gpu.h adds them)
  stats.dram_row_hits += dram_.row_hits - synced_[0];
  stats.dram_row_misses += dram_.row_misses - synced_[1];
  stats.dram_row_conflicts += dram_.row_conflicts - synced_[2];
  synced_[0] = dram_.row_hits, synced_[1] = dram_.row_misses, synced_[2] = dram_.row_conflicts;
}

std::uint64_t MemorySystem::resolve(std::uint32_t record, std::uint64_t now, SmStats& stats) {
  dram_advance(now);
  sync(stats);
  Record& r = recs_[record];
  std::uint64_t t = 0;
  for (std::uint32_t i = 0; i < r.n; ++i) {
    const std::uint64_t c = dram_completion(r.ids[i]);
    if (c == Dram::kUnknown) {  // decided at or after `now`: not back before now + a row hit's latency
      resolved_ = false;
      return shared_ ? std::max(now + 1, from_ref(shared_->earliest_completion(to_ref(now))))
                     : dram_.earliest_completion(now);
    }
    t = std::max(t, c);
  }
  free_recs_.push_back(record);
  resolved_ = true;
  return std::max(t, now);
}

void MemorySystem::finish(SmStats& stats) {
  if (!p_.dram_banks_model || shared_) return;  // the shared DRAM is finished by the GPU
  dram_.advance(Dram::kUnknown);
  sync(stats);
}

std::uint64_t MemorySystem::miss(std::uint64_t issue, bool l2_hit, SmStats& stats, std::uint64_t addr, bool load) {
  // MSHR limit: a miss waits until one of the oldest in-flight misses returns.
  while (!inflight_.empty() && inflight_.top() <= issue) inflight_.pop();
  if (static_cast<int>(inflight_.size()) >= p_.max_outstanding_misses) {
    issue = std::max(issue, inflight_.top());
    inflight_.pop();
  }
  if (shared_) return miss_shared(issue, l2_hit, stats, addr, load);
  // L2 port: one request per l2_cycles_per_request (this SM's bandwidth share).
  const double start = std::max(static_cast<double>(issue), l2_free_);
  l2_free_ = start + p_.l2_cycles_per_request;
  std::uint64_t done;
  if (l2_hit) {
    ++stats.l2_hits;
    done = static_cast<std::uint64_t>(std::ceil(start)) + static_cast<std::uint64_t>(p_.lat_l2_hit_cycles);
  } else if (p_.dram_banks_model) {
    // The banks DRAM: a request queued behind others is decided later; the MSHR below then frees at
    // the lower bound (a row hit served at once).
    ++stats.dram_accesses;
    if (!load && p_.l2_write_allocate) {  // a store's write, then its line's fetch (shared_l2.h, "write-allocate")
      ++stats.dram_writes;
      dram_.submit(start, addr, true);
    }
    last_dram_id_ = dram_.submit(start, addr);
    done = dram_.completion(last_dram_id_);
    if (done == Dram::kUnknown) {  // queued behind others: decided later, its load resolved then
      if (load) add_to_record(last_dram_id_);
      done = static_cast<std::uint64_t>(std::ceil(start + dram_.min_latency()));
    }
  } else {
    ++stats.dram_accesses;
    if (!load && p_.l2_write_allocate) {  // the store's write takes its DRAM slot first
      ++stats.dram_writes;
      dram_free_ = std::max(start, dram_free_) + p_.dram_cycles_per_request;
    }
    const double dstart = std::max(start, dram_free_);
    dram_free_ = dstart + p_.dram_cycles_per_request;
    done = static_cast<std::uint64_t>(std::ceil(dstart)) + static_cast<std::uint64_t>(p_.lat_dram_cycles);
  }
  inflight_.push(done);
  return done;
}

}  // namespace rfvar::arch

namespace rfvar::arch {

// The N-SM mode: the request crosses into the L2's clock domain at `issue` (arch/memory/shared_l2.h).
std::uint64_t MemorySystem::miss_shared(std::uint64_t issue, bool l2_hit, SmStats& stats, std::uint64_t addr,
                                        bool load) {
  const SharedL2::Reply r = shared_->request(static_cast<double>(issue) * ratio_, addr, l2_hit, !load);
  ++(r.l2_hit ? stats.l2_hits : stats.dram_accesses);
  stats.dram_writes += static_cast<std::uint64_t>(r.dram_writes);
  last_dram_id_ = r.dram_id;
  if (r.pending && load) add_to_record(r.dram_id);
  const std::uint64_t done = std::max(issue + 1, SharedL2::to_sm_cycle(r.done, ratio_));
  inflight_.push(done);
  return done;
}

}  // namespace rfvar::arch
