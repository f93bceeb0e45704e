#include "arch/gpu.h"

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace rfvar::arch {

Gpu::Gpu(const ArchParams& p, const std::string& scheduler,
         std::vector<std::unique_ptr<IRegisterMapping>> mappings, std::vector<IRfProvider*> providers,
         std::uint64_t workload_key) {
  if (providers.empty() || providers.size() != mappings.size())
    throw std::invalid_argument("Gpu: one register mapping and one RF provider per SM");
  if (providers.size() > 1) l2_ = std::make_unique<SharedL2>(p);
  for (std::size_t i = 0; i < providers.size(); ++i) {
    sms_.push_back(std::make_unique<Sm>(p, scheduler, std::move(mappings[i]), *providers[i], workload_key));
    if (l2_) sms_.back()->attach(l2_.get(), &queue_);
  }
}

void Gpu::run_launch(const IWorkload& wl, int launch_index) {
  queue_.next = 0;
  queue_.grid = wl.benchmark().launches.at(static_cast<std::size_t>(launch_index)).grid;
  const std::size_t n = sms_.size();
  std::vector<double> ratio(n), t(n);
  std::vector<std::uint8_t> running(n);
  for (std::size_t i = 0; i < n; ++i) {
    sms_[i]->begin_launch(wl, launch_index, i == 0 ? nullptr : sms_.front().get());  // one per-pc table
    ratio[i] = sms_[i]->period_ratio();
    running[i] = 1;
    t[i] = static_cast<double>(sms_[i]->now()) * ratio[i];
  }
  for (;;) {  // the SM earliest in global time simulates its next cycle
    std::size_t best = n, second = n;  // the earliest and the next earliest by (time, index)
    for (std::size_t i = 0; i < n; ++i) {
      if (!running[i]) continue;
      if (best == n || t[i] < t[best]) {
        second = best;
        best = i;
      } else if (second == n || t[i] < t[second]) {
        second = i;
      }
    }
    if (best == n) break;
    // It runs ahead while its next cycle shares nothing with the other SMs (Sm::may_touch_shared()):
    // such cycles commute with theirs, so the shared L2, DRAM and block queue see the same calls in
    // the same order as when every cycle is stepped in global time order (arch/gpu.h). And it goes
    // on while it is still the earliest: the other SMs have not moved.
    Sm& sm = *sms_[best];
    bool more;
    double tb;
    do {
      more = sm.step();
      while (more && run_ahead_ && n > 1 && !sm.may_touch_shared()) more = sm.step();
      tb = static_cast<double>(sm.now()) * ratio[best];
    } while (more && run_ahead_ && (second == n || tb < t[second] || (tb == t[second] && best < second)));
    running[best] = more ? 1 : 0;
    t[best] = tb;
  }
  double end = 0.0;  // the launch ends when its last SM does
  for (std::size_t i = 0; i < n; ++i) end = std::max(end, t[i]);
  for (std::size_t i = 0; i < n; ++i) sms_[i]->end_launch(n > 1 ? SharedL2::to_sm_cycle(end, ratio[i]) : 0);
}

void Gpu::finish() {
  if (l2_) l2_->finish();
}

SmStats Gpu::total() const {
  SmStats s = sms_.front()->stats();
  for (std::size_t i = 1; i < sms_.size(); ++i) add_stats(s, sms_[i]->stats());
  if (l2_) {
    const Dram& d = l2_->dram();
    s.dram_row_hits += d.row_hits, s.dram_row_misses += d.row_misses, s.dram_row_conflicts += d.row_conflicts;
  }
  return s;
}

void add_stats(SmStats& into, const SmStats& s) {
  const auto add = [](auto& a, const auto& b) {
    if (a.size() < b.size()) a.resize(b.size());
    for (std::size_t i = 0; i < b.size(); ++i) a[i] += b[i];
  };
  into.cycles += s.cycles;
  into.warp_instructions += s.warp_instructions;
  into.thread_instructions += s.thread_instructions;
  into.fast_instructions += s.fast_instructions;
  for (std::size_t i = 0; i < into.stalls.size(); ++i) into.stalls[i] += s.stalls[i];
  into.bank_conflict_cycles += s.bank_conflict_cycles;
  into.slow_accesses += s.slow_accesses;
  into.row_spills += s.row_spills;
  into.l1_hits += s.l1_hits, into.l2_hits += s.l2_hits, into.dram_accesses += s.dram_accesses;
  into.dram_writes += s.dram_writes;
  into.dram_row_hits += s.dram_row_hits, into.dram_row_misses += s.dram_row_misses;
  into.dram_row_conflicts += s.dram_row_conflicts;
  into.l1_merges += s.l1_merges;
  into.l1_load_requests += s.l1_load_requests;
  into.l1_const_requests += s.l1_const_requests, into.l1_const_hits += s.l1_const_hits;
  into.stream_load_requests += s.stream_load_requests, into.stream_load_hits += s.stream_load_hits;
  into.blocks += s.blocks;
  into.kernel_launches = std::max(into.kernel_launches, s.kernel_launches);
  add(into.bank_reads, s.bank_reads), add(into.bank_writes, s.bank_writes);
  add(into.bank_busy_cycles, s.bank_busy_cycles);
  add(into.subbank_reads, s.subbank_reads), add(into.subbank_writes, s.subbank_writes);
  add(into.subbank_busy_cycles, s.subbank_busy_cycles);
  add(into.subbank_allocated_row_cycles, s.subbank_allocated_row_cycles);
  into.warp_finish_cycles.insert(into.warp_finish_cycles.end(), s.warp_finish_cycles.begin(),
                                 s.warp_finish_cycles.end());
}

}  // namespace rfvar::arch
