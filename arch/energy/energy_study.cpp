#include "arch/energy/energy_study.h"

#include <algorithm>
#include <limits>
#include <memory>
#include <numeric>

#include "arch/energy/allocation_replay.h"
#include "arch/load_workload.h"
#include "arch/ltrf/workload_set.h"
#include "arch/run.h"
#include "arch/workload/kernel_workload.h"
#include "common/config.h"

namespace rfvar::arch::energy {

using hierarchy::Design;

bool is_hand_written(const std::string& spec) {
  auto ends = [&](const std::string& s) {
    return spec.size() >= s.size() && spec.compare(spec.size() - s.size(), s.size(), s) == 0;
  };
  if (spec.rfind("ptx:", 0) == 0 || ends(".toml") || ends(".rftrace") || ends("kernelslist.g")) return false;
  std::error_code ec;
  return !std::filesystem::is_directory(spec, ec);
}

AccessCounts design_counts(Design d, const hierarchy::DesignRun& r) {
  const auto sum = [](const std::vector<std::uint64_t>& v) {
    return std::accumulate(v.begin(), v.end(), std::uint64_t{0});
  };
  const std::uint64_t br = sum(r.stats.bank_reads), bw = sum(r.stats.bank_writes);
  const Datapath p = Datapath::Private;
  AccessCounts c;
  switch (d) {
    case Design::Rfc:  // Gebhart ISCA 2011 §5.4: RFC and MRF accesses, flushes included
      c.read(Level::Rfc, p, r.rfc.read_hits + r.rfc.eviction_writebacks + r.rfc.flush_writebacks);
      c.write(Level::Rfc, p, r.rfc.writes_cached);
      [[fallthrough]];
    case Design::Bl:
    case Design::Ideal:
      c.read(Level::Mrf, p, br);
      c.write(Level::Mrf, p, bw);
      break;
    case Design::Ltrf:
    case Design::LtrfPlus:
    case Design::Shrf: {
      const auto& ps = r.ltrf.partitions;
      c.read(Level::LtrfCache, p, br + ps.regs_written_back);
      c.write(Level::LtrfCache, p, bw + ps.regs_fetched);
      c.read(Level::Mrf, p, ps.regs_fetched);
      c.write(Level::Mrf, p, ps.regs_written_back + r.ltrf.late_writes);
      break;
    }
  }
  return c;
}

namespace {

void check(const EnergyStudyOptions& o, const hierarchy::HierarchyParams& h) {
  if (o.kernels.empty()) throw InputError("--kernels: no kernel named");
  for (const auto& d : o.designs) hierarchy::find_design(d);
  for (int c : o.configs) h.ltrf.main_rf(c);
  if (o.block_stride < 1)
    throw InputError("--block-stride " + std::to_string(o.block_stride) + " outside the accepted range >= 1");
}

LevelEnergies priced(const AccessCounts& c, const AccessEnergy& e) { return {c, e.energy(c)}; }

AllocationResult allocation_of(const std::string& spec, const EnergyStudyOptions& o, const ArchParams& p,
                               const EnergyParams& ep, int rfc_entries, std::uint64_t seed) {
  AllocationResult r;
  r.hand_written = is_hand_written(spec);
  std::unique_ptr<IWorkload> owned;
  Benchmark bench;  // must outlive a KernelWorkload
  if (r.hand_written) {
    bench = ltrf::load_ltrf_benchmark(spec);
    owned = std::make_unique<KernelWorkload>(bench, workload_key(RngStream(seed, 0, Stream::Workload)),
                                             p.l1_line_bytes);
  } else {
    owned = load_workload(spec, p, seed, o.trace_cache);
  }
  const IWorkload& w = *owned;
  r.kernel = r.hand_written ? w.benchmark().name : spec;  // ptx:hotspot and hotspot stay apart
  const AccessEnergy e(ep, rfc_entries);
  const auto ex = pc_executions(w, o.block_stride);
  AllocParams two, three;
  two.orf_entries = three.orf_entries = ep.orf_entries;
  two.lrf_entries = 0;
  three.lrf_entries = ep.lrf_entries;
  two.sfu_long_latency = three.sfu_long_latency = o.sfu_long_latency;
  AccessCounts flat, c2, c3;
  HierarchyAllocation& st = r.three_level_alloc_stats;
  for (std::size_t k = 0; k < w.benchmark().kernels.size(); ++k) {
    const Kernel& kern = w.benchmark().kernels[k];
    r.warp_instructions += std::accumulate(ex[k].begin(), ex[k].end(), std::uint64_t{0});
    flat += count_accesses(kern, ex[k], nullptr);
    const HierarchyAllocation a2 = allocate_hierarchy(kern, two, e);
    c2 += count_accesses(kern, ex[k], &a2);
    const HierarchyAllocation a3 = allocate_hierarchy(kern, three, e);
    c3 += count_accesses(kern, ex[k], &a3);
    st.strands += a3.strands, st.values += a3.values, st.lrf_values += a3.lrf_values;
    st.orf_values += a3.orf_values, st.partial_values += a3.partial_values;
  }
  r.flat = priced(flat, e);
  r.two_level = priced(c2, e);
  r.three_level = priced(c3, e);
  const double ef = r.flat.energy.total().total();
  r.two_level_rel = ef > 0 ? r.two_level.energy.total().total() / ef : 0.0;
  r.three_level_rel = ef > 0 ? r.three_level.energy.total().total() / ef : 0.0;
  return r;
}

struct Job {
  int kernel;  // index into the hand-written kernels
  int config;  // index into o.configs, -1 = BL at #1
  int design;  // index into o.designs
};

}  // namespace

EnergyStudyResult run_energy_study(const EnergyStudyOptions& o, const ArchParams& p,
                                   const hierarchy::HierarchyParams& h, const EnergyParams& ep,
                                   std::uint64_t seed, Progress* progress) {
  check(o, h);
  EnergyStudyResult res;
  res.configs = o.configs;
  res.designs = o.designs;
  const int nk = static_cast<int>(o.kernels.size());
  res.allocation.resize(static_cast<std::size_t>(nk));
  std::vector<Benchmark> hand;
  for (const auto& s : o.kernels)
    if (is_hand_written(s)) hand.push_back(ltrf::load_ltrf_benchmark(s));
  std::vector<Job> jobs;
  for (int k = 0; k < static_cast<int>(hand.size()); ++k) {
    jobs.push_back({k, -1, 0});
    for (int c = 0; c < static_cast<int>(o.configs.size()); ++c)
      for (int d = 0; d < static_cast<int>(o.designs.size()); ++d) jobs.push_back({k, c, d});
  }
  std::vector<hierarchy::DesignRun> runs(jobs.size());
  const int n_items = nk + static_cast<int>(jobs.size());
  std::string error;
  bool input_error = false;
  const RngStream workload(seed, 0, Stream::Workload);
#pragma omp parallel for schedule(dynamic, 1)
  for (int i = 0; i < n_items; ++i) {
    try {
      if (i < nk) {
        res.allocation[static_cast<std::size_t>(i)] =
            allocation_of(o.kernels[static_cast<std::size_t>(i)], o, p, ep, h.rfc.entries_per_thread, seed);
      } else {
        const Job& j = jobs[static_cast<std::size_t>(i - nk)];
        const Design d =
            j.config < 0 ? Design::Bl : hierarchy::find_design(o.designs[static_cast<std::size_t>(j.design)]);
        const ltrf::MainRfConfig rf =
            h.ltrf.main_rf(j.config < 0 ? 1 : o.configs[static_cast<std::size_t>(j.config)]);
        runs[static_cast<std::size_t>(i - nk)] =
            hierarchy::run_design(hand[static_cast<std::size_t>(j.kernel)], p, h, d,
                                  {rf.capacity_multiple, rf.bank_multiple, rf.latency_rel}, workload);
      }
    } catch (const InputError& e) {
#pragma omp critical
      error = e.what(), input_error = true;
    } catch (const std::exception& e) {
#pragma omp critical
      error = e.what();
    }
    if (progress) progress->tick();
  }
  if (!error.empty()) {
    if (input_error) throw InputError(error);
    throw std::runtime_error(error);
  }
  res.runs = jobs.size();

  // Allocation means (MICRO 2011 Fig. 12, 13).
  for (const auto& a : res.allocation) {
    res.mean_two_level_rel += a.two_level_rel / nk;
    res.mean_three_level_rel += a.three_level_rel / nk;
    const double fr = static_cast<double>(a.flat.counts.total_reads()),
                 fw = static_cast<double>(a.flat.counts.total_writes());
    for (int l = 0; l < kLevels; ++l) {
      if (fr > 0)
        res.mean_read_share[static_cast<std::size_t>(l)] +=
            static_cast<double>(a.three_level.counts.reads_of(static_cast<Level>(l))) / fr / nk;
      if (fw > 0)
        res.mean_write_share[static_cast<std::size_t>(l)] +=
            static_cast<double>(a.three_level.counts.writes_of(static_cast<Level>(l))) / fw / nk;
    }
  }

  // Design runs, gathered in job order.
  const std::size_t nc = o.configs.size(), nd = o.designs.size();
  res.mean_energy_rel.assign(nc, std::vector<double>(nd, 0.0));
  res.mean_power_rel = res.mean_energy_rel;
  res.design_runs.resize(hand.size());
  for (std::size_t k = 0; k < hand.size(); ++k) {
    res.design_runs[k].kernel = hand[k].name;
    res.design_runs[k].at.assign(nc, std::vector<DesignEnergy>(nd));
  }
  auto priced_run = [&](const hierarchy::DesignRun& r, Design d, int config_id) {
    DesignEnergy de;
    const AccessEnergy e(ep, h.rfc.entries_per_thread,
                         ep.config_power[static_cast<std::size_t>(config_id - 1)]);
    de.e = priced(design_counts(d, r), e);
    de.cycles = r.stats.cycles;
    de.warp_instructions = r.stats.warp_instructions;
    return de;
  };
  for (std::size_t j = 0; j < jobs.size(); ++j) {
    const Job& job = jobs[j];
    auto& kr = res.design_runs[static_cast<std::size_t>(job.kernel)];
    if (job.config < 0) {
      kr.bl1 = priced_run(runs[j], Design::Bl, 1);
      continue;
    }
    const Design d = hierarchy::find_design(o.designs[static_cast<std::size_t>(job.design)]);
    kr.at[static_cast<std::size_t>(job.config)][static_cast<std::size_t>(job.design)] =
        priced_run(runs[j], d, o.configs[static_cast<std::size_t>(job.config)]);
  }
  const double nh = static_cast<double>(hand.size());
  for (auto& kr : res.design_runs) {
    const double e1 = kr.bl1.e.energy.total().total();
    const double p1 = kr.bl1.cycles ? e1 / static_cast<double>(kr.bl1.cycles) : 0.0;
    for (std::size_t c = 0; c < nc; ++c)
      for (std::size_t d = 0; d < nd; ++d) {
        DesignEnergy& de = kr.at[c][d];
        const double e = de.e.energy.total().total();
        de.energy_rel = e1 > 0 ? e / e1 : 0.0;
        de.power_rel = (p1 > 0 && de.cycles) ? e / static_cast<double>(de.cycles) / p1 : 0.0;
        res.mean_energy_rel[c][d] += de.energy_rel / nh;
        res.mean_power_rel[c][d] += de.power_rel / nh;
      }
  }
  if (hand.empty())
    for (std::size_t c = 0; c < nc; ++c)
      for (std::size_t d = 0; d < nd; ++d)
        res.mean_energy_rel[c][d] = res.mean_power_rel[c][d] = std::numeric_limits<double>::quiet_NaN();
  // The RFC at design #1 next to the allocation of the same workloads (MICRO 2011 Fig. 13).
  const auto c1 = std::find(o.configs.begin(), o.configs.end(), 1);
  const auto drfc = std::find(o.designs.begin(), o.designs.end(), "rfc");
  std::size_t h_index = 0;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (auto& a : res.allocation) {
    a.rfc_rel = nan;
    if (!a.hand_written) continue;
    const auto& kr = res.design_runs[h_index++];
    if (c1 == o.configs.end() || drfc == o.designs.end()) continue;
    a.rfc_rel = kr.at[static_cast<std::size_t>(c1 - o.configs.begin())]
                     [static_cast<std::size_t>(drfc - o.designs.begin())]
                         .energy_rel;
    ++res.rfc_workloads;
    res.mean_rfc_rel += a.rfc_rel;
    res.mean_two_level_rel_hand += a.two_level_rel;
    res.mean_three_level_rel_hand += a.three_level_rel;
  }
  if (res.rfc_workloads > 0) {
    res.mean_rfc_rel /= res.rfc_workloads;
    res.mean_two_level_rel_hand /= res.rfc_workloads;
    res.mean_three_level_rel_hand /= res.rfc_workloads;
  } else {
    res.mean_rfc_rel = res.mean_two_level_rel_hand = res.mean_three_level_rel_hand = nan;
  }
  return res;
}

}  // namespace rfvar::arch::energy
