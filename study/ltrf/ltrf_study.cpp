#include "study/ltrf/ltrf_study.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "hierarchy/ltrf/rf_capacity.h"
#include "common/config.h"
#include "common/byte_codec.h"
#include "common/job_distributor.h"

namespace rfvar::study {

using namespace arch;        // workloads, the SM and its hierarchy designs
using namespace arch::ltrf;  // main-RF designs and the RFC capacity rule

using hierarchy::Design;
using hierarchy::MainRfShape;

double max_tolerable_latency(const std::vector<double>& lat, const std::vector<double>& ipc, double ref_ipc,
                             double max_loss, bool* capped) {
  const double floor_ipc = (1.0 - max_loss) * ref_ipc;  // LTRF §6.3: at most 5 % IPC loss
  if (capped) *capped = false;
  for (std::size_t i = 0; i < lat.size(); ++i) {
    if (ipc[i] >= floor_ipc) continue;
    if (i == 0) return lat[0];
    const double f = (ipc[i - 1] - floor_ipc) / (ipc[i - 1] - ipc[i]);  // linear between the two points
    return lat[i - 1] + f * (lat[i] - lat[i - 1]);
  }
  if (capped) *capped = true;
  return lat.empty() ? 0.0 : lat.back();
}

namespace {

struct Job {
  int kernel;
  int design;   // index into o.designs, -1 = normalizer, -2 = normalizer with every warp active
  int latency;  // index into the sweep, -1 = config_id point
};

void check_options(const LtrfStudyOptions& o, const std::vector<const IWorkload*>& b,
                   const hierarchy::HierarchyParams& h) {
  if (b.empty()) throw InputError("--kernels: no kernel named");
  check_ltrf_study_options(o, h);
}

}  // namespace

void check_ltrf_study_options(const LtrfStudyOptions& o, const hierarchy::HierarchyParams& h) {
  if (o.designs.empty()) throw InputError("--designs: no design named");
  for (const auto& d : o.designs) hierarchy::find_design(d);
  h.ltrf.main_rf(o.config_id);
  if (o.latencies.empty()) throw InputError("--latency-sweep: no latency given");
  for (double l : o.latencies) check_latency_rel(l, "--latency-sweep");
  if (!(o.max_loss > 0.0 && o.max_loss < 1.0)) {
    std::ostringstream os;
    os << "--max-loss " << o.max_loss << " outside the accepted range (0, 1)";
    throw InputError(os.str());
  }
  hierarchy::check_active_warps(h.active_warps);
}

std::size_t ltrf_study_runs(std::size_t workloads, const LtrfStudyOptions& o) {
  std::vector<double> l = o.latencies;
  l.push_back(1.0);
  std::sort(l.begin(), l.end());
  l.erase(std::unique(l.begin(), l.end()), l.end());
  std::size_t per_workload = 2;
  for (const auto& d : o.designs) per_workload += 1 + (d == "ideal" ? 0 : l.size());
  return workloads * per_workload;
}

LtrfStudyResult run_ltrf_study(const std::vector<const IWorkload*>& benches, const ArchParams& p,
                               const hierarchy::HierarchyParams& h, const LtrfStudyOptions& o, std::uint64_t key,
                               Progress* progress, JobDistributor* jobs_over) {
  check_options(o, benches, h);
  LtrfStudyResult res;
  res.latencies = o.latencies;
  res.latencies.push_back(1.0);
  std::sort(res.latencies.begin(), res.latencies.end());
  res.latencies.erase(std::unique(res.latencies.begin(), res.latencies.end()), res.latencies.end());
  res.config = h.ltrf.main_rf(o.config_id);
  const MainRfConfig c1 = h.ltrf.main_rf(1);
  res.normalizer_capacity = baseline_capacity_with_rfc(p, hierarchy::partitions_per_sm(h.active_warps, p), h.ltrf.regs_per_interval);
  const double extra = res.normalizer_capacity - 1.0;  // the RFC's storage, as a capacity multiple

  std::vector<Design> designs;
  for (const auto& d : o.designs) designs.push_back(hierarchy::find_design(d));
  std::vector<Job> jobs;
  const int nk = static_cast<int>(benches.size());
  const int nl = static_cast<int>(res.latencies.size());
  for (int k = 0; k < nk; ++k) {
    jobs.push_back({k, -1, -1});
    jobs.push_back({k, -2, -1});
    for (int d = 0; d < static_cast<int>(designs.size()); ++d) {
      jobs.push_back({k, d, -1});
      if (designs[static_cast<std::size_t>(d)] == Design::Ideal) continue;
      for (int l = 0; l < nl; ++l) jobs.push_back({k, d, l});
    }
  }
  auto shape = [&](const Job& j) {
    if (j.design < 0) return MainRfShape{res.normalizer_capacity, c1.bank_multiple, 1.0};
    const Design d = designs[static_cast<std::size_t>(j.design)];
    if (d == Design::Ideal) return MainRfShape{h.ltrf.ideal().capacity_multiple, h.ltrf.ideal().bank_multiple, 1.0};
    const MainRfConfig& rf = j.latency < 0 ? res.config : c1;
    MainRfShape s{rf.capacity_multiple, rf.bank_multiple, rf.latency_rel};
    if (j.latency >= 0) s.latency_rel = res.latencies[static_cast<std::size_t>(j.latency)];
    if (d == Design::Bl) s.capacity_multiple += extra;  // LTRF §5: BL gets the RFC's storage
    return s;
  };

  std::vector<hierarchy::DesignRun> out(jobs.size());
  // Exchanged between ranks: what the gather below reads (ipc() = warp instructions / cycles, the
  // RFC's and the LTRF path's counters, plain structs of counters).
  const JobCodec codec{[&](int j, ByteWriter& w) {
                         const hierarchy::DesignRun& r = out[static_cast<std::size_t>(j)];
                         w.put(r.stats.cycles), w.put(r.stats.warp_instructions), w.put(r.rfc), w.put(r.ltrf);
                       },
                       [&](int j, ByteReader& r) {
                         hierarchy::DesignRun& d = out[static_cast<std::size_t>(j)];
                         r.get(d.stats.cycles), r.get(d.stats.warp_instructions), r.get(d.rfc), r.get(d.ltrf);
                       }};
  distribute_jobs(jobs_over, "ltrf_runs", static_cast<int>(jobs.size()), {}, progress, [&](int j) {
    const Job& job = jobs[static_cast<std::size_t>(j)];
    const Design d = job.design < 0 ? Design::Bl : designs[static_cast<std::size_t>(job.design)];
    hierarchy::HierarchyParams hj = h;
    // Every resident warp active (at most 24 per scheduler unit on Fermi).
    if (job.design == -2) hj.active_warps = 64;
    out[static_cast<std::size_t>(j)] =
        hierarchy::run_design(*benches[static_cast<std::size_t>(job.kernel)], p, hj, d, shape(job), key);
  }, codec);

  // Gather in job order.
  res.runs = jobs.size();
  for (const IWorkload* w : benches) {
    const Benchmark& b = w->benchmark();
    res.kernels.push_back(b.name);
    res.register_sensitive.push_back(register_sensitive(b, p, c1.capacity_multiple, h.ltrf.ideal().capacity_multiple));
  }
  res.normalizer_ipc.assign(static_cast<std::size_t>(nk), 0.0);
  res.all_active_ipc.assign(static_cast<std::size_t>(nk), 0.0);
  res.designs.resize(designs.size());
  for (std::size_t d = 0; d < designs.size(); ++d) {
    res.designs[d].name = o.designs[d];
    res.designs[d].per_kernel.resize(static_cast<std::size_t>(nk));
  }
  for (std::size_t j = 0; j < jobs.size(); ++j) {
    const Job& job = jobs[j];
    const auto k = static_cast<std::size_t>(job.kernel);
    res.warp_instructions += static_cast<double>(out[j].stats.warp_instructions);
    if (job.design == -1) {
      res.normalizer_ipc[k] = out[j].stats.ipc();
      continue;
    }
    if (job.design == -2) {
      res.all_active_ipc[k] = out[j].stats.ipc();
      continue;
    }
    LtrfKernelResult& r = res.designs[static_cast<std::size_t>(job.design)].per_kernel[k];
    if (job.latency >= 0) {
      r.sweep_ipc.resize(static_cast<std::size_t>(nl));
      r.sweep_ipc[static_cast<std::size_t>(job.latency)] = out[j].stats.ipc();
      continue;
    }
    r.ipc = out[j].stats.ipc();
    r.dynamic_region_length = out[j].ltrf.dynamic_region_length();
    r.rfc_read_hit_rate = out[j].rfc.read_fraction_avoided();
  }
  for (int k = 0; k < nk; ++k) {
    const auto kk = static_cast<std::size_t>(k);
    res.mean_two_level_ratio += (res.all_active_ipc[kk] > 0 ? res.normalizer_ipc[kk] / res.all_active_ipc[kk] : 0.0) / nk;
  }
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (std::size_t d = 0; d < designs.size(); ++d) {
    LtrfDesignResult& dr = res.designs[d];
    double sum_ipc = 0.0, sum_lat = 0.0;
    for (int k = 0; k < nk; ++k) {
      LtrfKernelResult& r = dr.per_kernel[static_cast<std::size_t>(k)];
      const double base = res.normalizer_ipc[static_cast<std::size_t>(k)];
      r.norm_ipc = base > 0 ? r.ipc / base : 0.0;
      sum_ipc += r.norm_ipc;
      if (designs[d] == Design::Ideal) {
        r.max_tolerable_latency = nan;
        continue;
      }
      const auto one = static_cast<std::size_t>(std::find(res.latencies.begin(), res.latencies.end(), 1.0) - res.latencies.begin());
      r.max_tolerable_latency = max_tolerable_latency(res.latencies, r.sweep_ipc, r.sweep_ipc[one], o.max_loss, &r.capped);
      sum_lat += r.max_tolerable_latency;
    }
    dr.mean_norm_ipc = sum_ipc / nk;
    dr.max_tolerable_latency = designs[d] == Design::Ideal ? nan : sum_lat / nk;
  }
  return res;
}

}  // namespace rfvar::study
