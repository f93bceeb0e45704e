#include "study/aging/run_cache.h"

#include <exception>
#include <stdexcept>

#include "arch/mapping/i_register_mapping.h"
#include "arch/run.h"
#include "rfmodel/bank_table.h"

namespace rfvar::study {

namespace {

// Hands the SM plan entries by the launch's hybrid-bank count and, for canonical runs, records the
// per-sub-bank counters each launch added (difference of the statistics between launches).
class PlanProvider final : public arch::IRfProvider {
 public:
  PlanProvider(const SmRfPlan& plan, bool canonical, int rows_per_bank)
      : plan_(plan), canonical_(canonical), rows_(rows_per_bank), totals_(plan.real.size()) {}

  arch::KernelRf at_kernel_launch(const arch::Kernel&, int, int partial_vectors, const arch::SmStats& so_far) override {
    close_launch(so_far);
    entry_ = plan_.entry_for(rfmodel::hybrid_banks_for_kernel(partial_vectors, rows_));
    snapshot(so_far);
    return canonical_ ? plan_.canonical[static_cast<std::size_t>(entry_)] : plan_.real[static_cast<std::size_t>(entry_)];
  }
  // Adds what the SM counted since the last launch to the entry in force.
  void close_launch(const arch::SmStats& s) {
    if (entry_ < 0) return;
    SubbankTotals& t = totals_[static_cast<std::size_t>(entry_)];
    const std::size_t n = s.subbank_reads.size();
    if (t.reads.empty()) {
      t.reads.assign(n, 0);
      t.writes.assign(n, 0);
      t.allocated_row_cycles.assign(n, 0.0);
    }
    for (std::size_t i = 0; i < n; ++i) {
      t.reads[i] += s.subbank_reads[i] - last_.reads[i];
      t.writes[i] += s.subbank_writes[i] - last_.writes[i];
      // Integer-valued doubles (rows x cycles): the difference is exact.
      t.allocated_row_cycles[i] += s.subbank_allocated_row_cycles[i] - last_.allocated_row_cycles[i];
    }
  }
  std::vector<SubbankTotals> totals() { return std::move(totals_); }

 private:
  void snapshot(const arch::SmStats& s) {
    const std::size_t n = static_cast<std::size_t>(plan_.real.front().setup.banks * plan_.real.front().setup.subbanks);
    last_.reads = s.subbank_reads.empty() ? std::vector<std::uint64_t>(n, 0) : s.subbank_reads;
    last_.writes = s.subbank_writes.empty() ? std::vector<std::uint64_t>(n, 0) : s.subbank_writes;
    last_.allocated_row_cycles =
        s.subbank_allocated_row_cycles.empty() ? std::vector<double>(n, 0.0) : s.subbank_allocated_row_cycles;
  }

  const SmRfPlan& plan_;
  bool canonical_;
  int rows_;
  int entry_ = -1;
  SubbankTotals last_;
  std::vector<SubbankTotals> totals_;
};

arch::RunResult run_with(const RunInputs& in, arch::IRfProvider& provider) {
  if (!in.benchmark || !in.arch || !in.policy || !in.workload) throw std::invalid_argument("RunInputs incomplete");
  return arch::run_workload(*in.benchmark, *in.arch, in.policy->scheduler, arch::make_policy_mapping(*in.policy), provider,
                            arch::workload_key(*in.workload));
}

// The canonical run of one SM from its statistics and the provider that recorded its launches.
CanonicalRun canonical_of(const arch::SmStats& s, PlanProvider& provider) {
  provider.close_launch(s);
  CanonicalRun c;
  c.cycles = s.cycles;
  c.warp_instructions = s.warp_instructions;
  c.ipc = s.ipc();
  c.slow_accesses = s.slow_accesses;
  for (const auto n : s.bank_reads) c.rf_accesses += n;
  for (const auto n : s.bank_writes) c.rf_accesses += n;
  c.by_entry = provider.totals();
  return c;
}

}  // namespace

void SubbankTotals::add(const SubbankTotals& o, std::span<const int> position_to_id) {
  if (o.reads.empty()) return;
  if (reads.empty()) {
    reads.assign(o.reads.size(), 0);
    writes.assign(o.reads.size(), 0);
    allocated_row_cycles.assign(o.reads.size(), 0.0);
  }
  for (std::size_t i = 0; i < o.reads.size(); ++i) {
    const auto id = static_cast<std::size_t>(position_to_id[i]);
    reads[id] += o.reads[i];
    writes[id] += o.writes[i];
    allocated_row_cycles[id] += o.allocated_row_cycles[i];
  }
}

CanonicalRun run_canonical(const RunInputs& in, const SmRfPlan& plan) {
  PlanProvider provider(plan, true, plan.real.front().setup.rows_per_bank);
  return canonical_of(run_with(in, provider).stats, provider);
}

std::vector<CanonicalRun> run_canonical_gpu(const RunInputs& in, std::span<const SmRfPlan* const> plans) {
  if (!in.benchmark || !in.arch || !in.policy || !in.workload)
    throw std::invalid_argument("RunInputs incomplete");
  if (plans.size() != static_cast<std::size_t>(in.arch->gpu_sms))
    throw std::invalid_argument("run_canonical_gpu: " + std::to_string(plans.size()) +
                                " plans for arch.gpu_sms = " + std::to_string(in.arch->gpu_sms));
  if (in.arch->gpu_clocks != arch::GpuClocks::Equal)
    throw std::invalid_argument(
        "run_canonical_gpu: canonical setups run at clock 1 (arch.gpu_clocks = \"equal\")");
  std::vector<std::unique_ptr<PlanProvider>> providers;
  std::vector<arch::IRfProvider*> rf;
  for (const SmRfPlan* plan : plans) {
    providers.push_back(std::make_unique<PlanProvider>(*plan, true, plan->real.front().setup.rows_per_bank));
    rf.push_back(providers.back().get());
  }
  const arch::GpuRunResult r =
      arch::run_sms(*in.benchmark, *in.arch, *in.policy, rf, arch::workload_key(*in.workload));
  std::vector<CanonicalRun> out;
  for (std::size_t i = 0; i < providers.size(); ++i)
    out.push_back(canonical_of(r.per_sm.at(i), *providers[i]));
  return out;
}

SubbankTotals to_physical(const CanonicalRun& run, const SmRfPlan& plan) {
  SubbankTotals t;
  for (std::size_t e = 0; e < run.by_entry.size(); ++e) t.add(run.by_entry[e], plan.real[e].setup.subbank_of);
  if (t.reads.empty()) {  // a run without accesses
    const auto n = plan.real.front().setup.subbank_of.size();
    t.reads.assign(n, 0);
    t.writes.assign(n, 0);
    t.allocated_row_cycles.assign(n, 0.0);
  }
  return t;
}

arch::SmStats run_direct(const RunInputs& in, const SmRfPlan& plan) {
  PlanProvider provider(plan, false, plan.real.front().setup.rows_per_bank);
  return run_with(in, provider).stats;
}

template <class T, class Run>
std::shared_ptr<const T> RunCache::memo(Entries<T>& entries, std::string key, Run&& run) {
  std::promise<std::shared_ptr<const T>> promise;
  std::shared_future<std::shared_ptr<const T>> pending;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = entries.find(key);
    if (it != entries.end()) {
      ++hits_;
      pending = it->second;
    } else {
      ++misses_;
      entries.emplace(std::move(key), promise.get_future().share());
    }
  }
  if (pending.valid()) return pending.get();  // computed, or being computed by another thread
  try {
    auto result = std::make_shared<const T>(run());
    promise.set_value(result);
    return result;
  } catch (...) {
    promise.set_exception(std::current_exception());
    throw;
  }
}

namespace {
std::string policy_key(const RunInputs& in) {
  return std::to_string(in.benchmark_id) + '|' + in.policy->mapping + '|' + in.policy->scheduler + '|' +
         (in.policy->renaming ? (in.policy->renaming_by_weight ? "W|" : "R|") : "-|");
}
}  // namespace

std::shared_ptr<const CanonicalRun> RunCache::get(const RunInputs& in, const SmRfPlan& plan) {
  if (!enabled_) return std::make_shared<const CanonicalRun>(run_canonical(in, plan));
  return memo(runs_, policy_key(in) + plan.key, [&] { return run_canonical(in, plan); });
}

std::shared_ptr<const std::vector<CanonicalRun>> RunCache::get_gpu(const RunInputs& in,
                                                                   std::span<const SmRfPlan* const> plans) {
  if (!enabled_) return std::make_shared<const std::vector<CanonicalRun>>(run_canonical_gpu(in, plans));
  std::string key = policy_key(in) + std::to_string(plans.size());
  for (const SmRfPlan* plan : plans) key += '#' + plan->key;
  return memo(gpu_runs_, std::move(key), [&] { return run_canonical_gpu(in, plans); });
}

}  // namespace rfvar::study
