#include "arch/memory.h"

#include <algorithm>
#include <cmath>

namespace rfvar::arch {

void MemorySystem::reset() {
  l2_free_ = dram_free_ = 0.0;
  inflight_ = {};
  if (l1_used_) l1_.reset();
  l1_used_ = false;
}

std::uint64_t MemorySystem::miss(std::uint64_t issue, bool l2_hit, SmStats& stats) {
  // MSHR limit: a miss waits until one of the oldest in-flight misses returns.
  while (!inflight_.empty() && inflight_.top() <= issue) inflight_.pop();
  if (static_cast<int>(inflight_.size()) >= p_.max_outstanding_misses) {
    issue = std::max(issue, inflight_.top());
    inflight_.pop();
  }
  // L2 port: one request per l2_cycles_per_request (this SM's bandwidth share).
  const double start = std::max(static_cast<double>(issue), l2_free_);
  l2_free_ = start + p_.l2_cycles_per_request;
  std::uint64_t done;
  if (l2_hit) {
    ++stats.l2_hits;
    done = static_cast<std::uint64_t>(std::ceil(start)) + static_cast<std::uint64_t>(p_.lat_l2_hit_cycles);
  } else {
    ++stats.dram_accesses;
    const double dstart = std::max(start, dram_free_);
    dram_free_ = dstart + p_.dram_cycles_per_request;
    done = static_cast<std::uint64_t>(std::ceil(dstart)) + static_cast<std::uint64_t>(p_.lat_dram_cycles);
  }
  inflight_.push(done);
  return done;
}

}  // namespace rfvar::arch
