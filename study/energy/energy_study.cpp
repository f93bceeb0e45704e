#include "study/energy/energy_study.h"

#include <algorithm>
#include <initializer_list>
#include <limits>
#include <memory>
#include <numeric>

#include "hierarchy/energy/allocation_replay.h"
#include "frontend/load_workload.h"
#include "hierarchy/ltrf/workload_set.h"
#include "arch/run.h"
#include "workload/kernel_workload.h"
#include "common/byte_codec.h"
#include "common/config.h"
#include "common/job_distributor.h"
#include "common/parallel_jobs.h"

namespace rfvar::study {

using namespace arch;          // workloads, the SM and its hierarchy designs
using namespace arch::energy;  // access energies, allocation and its replay

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

void check_energy_study_options(const EnergyStudyOptions& o, const hierarchy::HierarchyParams& h) {
  if (o.kernels.empty()) throw InputError("--kernels: no kernel named");
  for (const auto& d : o.designs) hierarchy::find_design(d);
  for (int c : o.configs) h.ltrf.main_rf(c);
  if (o.block_stride < 1)
    throw InputError("--block-stride " + std::to_string(o.block_stride) + " outside the accepted range >= 1");
}

namespace {

LevelEnergies priced(const AccessCounts& c, const AccessEnergy& e) { return {c, e.energy(c)}; }

LrfOrganization other_lrf(LrfOrganization o) {
  return o == LrfOrganization::Split ? LrfOrganization::Unified : LrfOrganization::Split;
}

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
  EnergyParams other_ep = ep;
  other_ep.lrf = other_lrf(ep.lrf);
  const AccessEnergy e(ep, rfc_entries), e_other(other_ep, rfc_entries);
  const auto ex = pc_executions(w, o.block_stride);
  AllocParams two, three;
  two.orf_entries = three.orf_entries = ep.orf_entries;
  two.lrf_entries = 0;
  three.lrf_entries = ep.lrf_entries;
  two.sfu_long_latency = three.sfu_long_latency = o.sfu_long_latency;
  three.lrf = ep.lrf;
  AllocParams three_other = three;
  three_other.lrf = other_ep.lrf;
  AccessCounts flat, c2, c3, c3o;
  HierarchyAllocation& st = r.three_level_alloc_stats;
  for (std::size_t k = 0; k < w.benchmark().kernels.size(); ++k) {
    const Kernel& kern = w.benchmark().kernels[k];
    r.warp_instructions += std::accumulate(ex[k].begin(), ex[k].end(), std::uint64_t{0});
    flat += count_accesses(kern, ex[k], nullptr);
    const HierarchyAllocation a2 = allocate_hierarchy(kern, two, e);
    c2 += count_accesses(kern, ex[k], &a2);
    const HierarchyAllocation a3 = allocate_hierarchy(kern, three, e);
    c3 += count_accesses(kern, ex[k], &a3);
    const HierarchyAllocation a3o = allocate_hierarchy(kern, three_other, e_other);
    c3o += count_accesses(kern, ex[k], &a3o);
    st.strands += a3.strands, st.values += a3.values, st.lrf_values += a3.lrf_values;
    st.orf_values += a3.orf_values, st.partial_values += a3.partial_values;
    st.multi_write_values += a3.multi_write_values;
  }
  r.flat = priced(flat, e);
  r.two_level = priced(c2, e);
  r.three_level = priced(c3, e);
  r.three_level_other = priced(c3o, e_other);
  const double ef = r.flat.energy.total().total();
  r.two_level_rel = ef > 0 ? r.two_level.energy.total().total() / ef : 0.0;
  r.three_level_rel = ef > 0 ? r.three_level.energy.total().total() / ef : 0.0;
  r.three_level_other_rel = ef > 0 ? r.three_level_other.energy.total().total() / ef : 0.0;
  return r;
}

struct Job {
  int kernel;  // index into the workloads with design runs
  int config;  // index into o.configs, -1 = BL at #1
  int design;  // index into o.designs
};

// A workload with design runs: a `.kernel` benchmark (run as today: KernelWorkload of its key) or a
// compiled workload loaded for the hierarchy (allocated register ids).
struct DesignWorkload {
  std::string spec;
  bool hand = true;
  Benchmark bench;                    // hand
  std::unique_ptr<IWorkload> loaded;  // compiled
};

// Means over the design runs of one kind (hand or compiled); NaN without any.
void design_means(const std::vector<DesignKernelResult>& runs, bool hand, std::size_t nc, std::size_t nd,
                  std::vector<std::vector<double>>& energy, std::vector<std::vector<double>>& power) {
  energy.assign(nc, std::vector<double>(nd, 0.0));
  power = energy;
  double n = 0;
  for (const auto& kr : runs) n += kr.hand_written == hand ? 1 : 0;
  for (const auto& kr : runs) {
    if (kr.hand_written != hand) continue;
    for (std::size_t c = 0; c < nc; ++c)
      for (std::size_t d = 0; d < nd; ++d) {
        energy[c][d] += kr.at[c][d].energy_rel / n;
        power[c][d] += kr.at[c][d].power_rel / n;
      }
  }
  if (n == 0)
    for (std::size_t c = 0; c < nc; ++c)
      for (std::size_t d = 0; d < nd; ++d)
        energy[c][d] = power[c][d] = std::numeric_limits<double>::quiet_NaN();
}

}  // namespace

std::size_t energy_study_items(const EnergyStudyOptions& o) {
  std::size_t hand = 0;
  for (const auto& k : o.kernels) hand += is_hand_written(k) ? 1 : 0;
  const std::size_t compiled = o.compiled_designs ? o.kernels.size() - hand : 0;  // loaded, then run
  return o.kernels.size() + compiled + (hand + compiled) * (1 + o.configs.size() * o.designs.size());
}

EnergyStudyResult run_energy_study(const EnergyStudyOptions& o, const ArchParams& p,
                                   const hierarchy::HierarchyParams& h, const EnergyParams& ep,
                                   std::uint64_t seed, Progress* progress, JobDistributor* jobs_over) {
  check_energy_study_options(o, h);
  EnergyStudyResult res;
  res.configs = o.configs;
  res.designs = o.designs;
  res.lrf = ep.lrf;
  res.other_lrf = other_lrf(ep.lrf);
  const int nk = static_cast<int>(o.kernels.size());
  res.allocation.resize(static_cast<std::size_t>(nk));
  std::vector<DesignWorkload> dw;
  std::vector<int> design_index(static_cast<std::size_t>(nk), -1);  // kernel -> index into dw
  for (int i = 0; i < nk; ++i) {
    const std::string& s = o.kernels[static_cast<std::size_t>(i)];
    const bool hand = is_hand_written(s);
    if (!hand && !o.compiled_designs) continue;
    design_index[static_cast<std::size_t>(i)] = static_cast<int>(dw.size());
    DesignWorkload w;
    w.spec = s;
    w.hand = hand;
    if (hand) w.bench = ltrf::load_ltrf_benchmark(s);
    dw.push_back(std::move(w));
  }
  const RngStream workload(seed, 0, Stream::Workload);
  const std::uint64_t key = workload_key(workload);  // load_workload()'s
  // The compiled workloads for the hierarchy (traces shared through trace_cache with the ltrf study).
  std::vector<int> to_load;
  for (int k = 0; k < static_cast<int>(dw.size()); ++k)
    if (!dw[static_cast<std::size_t>(k)].hand) to_load.push_back(k);
  parallel_jobs(static_cast<int>(to_load.size()), progress, [&](int i) {
    DesignWorkload& w = dw[static_cast<std::size_t>(to_load[static_cast<std::size_t>(i)])];
    w.loaded = ltrf::load_ltrf_workload(w.spec, p, seed, o.trace_cache);
  });
  std::vector<Job> jobs;
  for (int k = 0; k < static_cast<int>(dw.size()); ++k) {
    jobs.push_back({k, -1, 0});
    for (int c = 0; c < static_cast<int>(o.configs.size()); ++c)
      for (int d = 0; d < static_cast<int>(o.designs.size()); ++d) jobs.push_back({k, c, d});
  }
  // The allocations (static, cheap) on every rank; the design runs (SM simulations) spread over the
  // ranks (docs/cluster.md), each rank then holding what the pricing below reads of every run.
  parallel_jobs(nk, progress, [&](int i) {
    res.allocation[static_cast<std::size_t>(i)] =
        allocation_of(o.kernels[static_cast<std::size_t>(i)], o, p, ep, h.rfc.entries_per_thread, seed);
  });
  std::vector<hierarchy::DesignRun> runs(jobs.size());
  const JobCodec codec{[&](int j, ByteWriter& w) {
                         const hierarchy::DesignRun& r = runs[static_cast<std::size_t>(j)];
                         w.put(r.stats.cycles), w.put(r.stats.warp_instructions), w.put(r.stats.bank_reads);
                         w.put(r.stats.bank_writes), w.put(r.rfc), w.put(r.ltrf);
                       },
                       [&](int j, ByteReader& r) {
                         hierarchy::DesignRun& d = runs[static_cast<std::size_t>(j)];
                         r.get(d.stats.cycles), r.get(d.stats.warp_instructions), r.get(d.stats.bank_reads);
                         r.get(d.stats.bank_writes), r.get(d.rfc), r.get(d.ltrf);
                       }};
  distribute_jobs(jobs_over, "energy_runs", static_cast<int>(jobs.size()), {}, progress, [&](int i) {
    const Job& j = jobs[static_cast<std::size_t>(i)];
    const Design d =
        j.config < 0 ? Design::Bl : hierarchy::find_design(o.designs[static_cast<std::size_t>(j.design)]);
    const ltrf::MainRfConfig rf =
        h.ltrf.main_rf(j.config < 0 ? 1 : o.configs[static_cast<std::size_t>(j.config)]);
    const hierarchy::MainRfShape shape{rf.capacity_multiple, rf.bank_multiple, rf.latency_rel};
    const DesignWorkload& w = dw[static_cast<std::size_t>(j.kernel)];
    runs[static_cast<std::size_t>(i)] = w.hand ? hierarchy::run_design(w.bench, p, h, d, shape, workload)
                                               : hierarchy::run_design(*w.loaded, p, h, d, shape, key);
  }, codec);
  res.runs = jobs.size();

  // Allocation means (MICRO 2011 Fig. 12, 13).
  for (const auto& a : res.allocation) {
    res.mean_two_level_rel += a.two_level_rel / nk;
    res.mean_three_level_rel += a.three_level_rel / nk;
    res.mean_three_level_other_rel += a.three_level_other_rel / nk;
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
  res.design_runs.resize(dw.size());
  for (std::size_t k = 0; k < dw.size(); ++k) {
    // The allocation's naming: a .kernel benchmark's name, a compiled workload's spec.
    res.design_runs[k].kernel = dw[k].hand ? dw[k].bench.name : dw[k].spec;
    res.design_runs[k].hand_written = dw[k].hand;
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
  for (auto& kr : res.design_runs) {
    const double e1 = kr.bl1.e.energy.total().total();
    const double p1 = kr.bl1.cycles ? e1 / static_cast<double>(kr.bl1.cycles) : 0.0;
    for (std::size_t c = 0; c < nc; ++c)
      for (std::size_t d = 0; d < nd; ++d) {
        DesignEnergy& de = kr.at[c][d];
        const double e = de.e.energy.total().total();
        de.energy_rel = e1 > 0 ? e / e1 : 0.0;
        de.power_rel = (p1 > 0 && de.cycles) ? e / static_cast<double>(de.cycles) / p1 : 0.0;
      }
  }
  design_means(res.design_runs, true, nc, nd, res.mean_energy_rel, res.mean_power_rel);
  design_means(res.design_runs, false, nc, nd, res.mean_energy_rel_compiled, res.mean_power_rel_compiled);
  // The RFC at design #1 next to the allocation of the same workloads (MICRO 2011 Fig. 13), for the
  // `.kernel` and the compiled workloads apart.
  const auto c1 = std::find(o.configs.begin(), o.configs.end(), 1);
  const auto drfc = std::find(o.designs.begin(), o.designs.end(), "rfc");
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (std::size_t i = 0; i < res.allocation.size(); ++i) {
    auto& a = res.allocation[i];
    a.rfc_rel = nan;
    if (design_index[i] < 0 || c1 == o.configs.end() || drfc == o.designs.end()) continue;
    const auto& kr = res.design_runs[static_cast<std::size_t>(design_index[i])];
    a.rfc_rel = kr.at[static_cast<std::size_t>(c1 - o.configs.begin())]
                     [static_cast<std::size_t>(drfc - o.designs.begin())]
                         .energy_rel;
    if (a.hand_written) {
      ++res.rfc_workloads;
      res.mean_rfc_rel += a.rfc_rel;
      res.mean_two_level_rel_hand += a.two_level_rel;
      res.mean_three_level_rel_hand += a.three_level_rel;
    } else {
      ++res.rfc_workloads_compiled;
      res.mean_rfc_rel_compiled += a.rfc_rel;
      res.mean_two_level_rel_compiled += a.two_level_rel;
      res.mean_three_level_rel_compiled += a.three_level_rel;
    }
  }
  const auto sums_to_means = [nan](auto n, std::initializer_list<double*> sums) {  // NaN without workloads
    for (double* s : sums) *s = n > 0 ? *s / n : nan;
  };
  sums_to_means(res.rfc_workloads, {&res.mean_rfc_rel, &res.mean_two_level_rel_hand, &res.mean_three_level_rel_hand});
  sums_to_means(res.rfc_workloads_compiled, {&res.mean_rfc_rel_compiled, &res.mean_two_level_rel_compiled,
                                             &res.mean_three_level_rel_compiled});
  return res;
}

}  // namespace rfvar::study
