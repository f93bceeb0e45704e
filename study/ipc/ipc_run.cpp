#include "study/ipc/ipc_run.h"

#include <map>
#include <memory>

#include "common/config.h"
#include "common/job_distributor.h"
#include "technique/registry.h"
#include "technique/simulate.h"

namespace rfvar::study {

namespace {
constexpr const char* kNormalization = "baseline";  // the ipc baseline: the chip without PV

struct Job {
  int kernel;
  int technique;  // index into the made techniques; -1: the normalization
  int chip;       // -1: no PV
};
}  // namespace

void check_ipc_run(const IpcRunSpec& spec) {
  if (spec.techniques.empty()) throw InputError("--techniques: no technique named");
  for (const auto& t : spec.techniques) technique::make_technique(t, technique::Role::ipc);
}

std::size_t ipc_run_count(const IpcRunSpec& spec, std::size_t kernels, std::size_t chips) {
  std::size_t per_kernel = 1;  // the normalization
  for (const auto& t : spec.techniques)
    if (t != kNormalization)
      per_kernel += technique::make_ipc_technique(t)->ipc_every_chip() ? chips : 1;
  return kernels * per_kernel;
}

IpcRunResult run_ipc(const IpcRunSpec& spec, std::span<const arch::IWorkload* const> workloads,
                     const std::vector<std::vector<varius::SmDelays>>& chips, const varius::RfGeometry& g,
                     std::uint64_t key, Progress* progress) {
  check_ipc_run(spec);
  const auto base = technique::make_ipc_technique(kNormalization);
  std::vector<std::unique_ptr<technique::IIpcTechnique>> techs;
  for (const auto& t : spec.techniques) techs.push_back(technique::make_ipc_technique(t));
  std::vector<Job> jobs;
  const int nk = static_cast<int>(workloads.size());
  for (int k = 0; k < nk; ++k) {
    jobs.push_back({k, -1, -1});
    for (std::size_t t = 0; t < techs.size(); ++t) {
      if (spec.techniques[t] == kNormalization) continue;
      const int nchips = techs[t]->ipc_every_chip() ? static_cast<int>(chips.size()) : 1;
      for (int c = 0; c < nchips; ++c) jobs.push_back({k, static_cast<int>(t), c});
    }
  }
  std::vector<arch::SmStats> results(jobs.size());
  const auto n_sms = static_cast<std::size_t>(spec.arch.gpu_sms);
  try {
    // Exchanged between ranks: the two counts the gather below reads (ipc() is their ratio).
    const JobCodec codec{[&](int j, ByteWriter& w) {
                           const arch::SmStats& s = results[static_cast<std::size_t>(j)];
                           w.put(s.cycles), w.put(s.warp_instructions);
                         },
                         [&](int j, ByteReader& r) {
                           arch::SmStats& s = results[static_cast<std::size_t>(j)];
                           r.get(s.cycles), r.get(s.warp_instructions);
                         }};
    distribute_jobs(spec.jobs, "ipc_runs", static_cast<int>(jobs.size()), {}, progress, [&](int j) {
      const Job& job = jobs[static_cast<std::size_t>(j)];
      std::vector<const varius::SmDelays*> sms(n_sms, nullptr);
      if (job.chip >= 0)
        for (std::size_t i = 0; i < n_sms; ++i) sms[i] = &chips[static_cast<std::size_t>(job.chip)].at(i);
      const technique::IIpcTechnique& t =
          job.technique < 0 ? *base : *techs[static_cast<std::size_t>(job.technique)];
      results[static_cast<std::size_t>(j)] =
          technique::run_technique(t, *workloads[static_cast<std::size_t>(job.kernel)], spec.arch, spec.rf,
                                   sms, g, key)
              .stats;
    }, codec);
  } catch (const std::exception& e) {
    throw InputError(e.what());
  }

  // Gather (serially, in job order): normalized IPC per technique name and kernel.
  IpcRunResult out;
  out.runs = jobs.size();
  out.base_ipc.assign(static_cast<std::size_t>(nk), 0.0);
  for (std::size_t j = 0; j < jobs.size(); ++j) {
    out.warp_instructions += static_cast<double>(results[j].warp_instructions);
    if (jobs[j].technique < 0) out.base_ipc[static_cast<std::size_t>(jobs[j].kernel)] = results[j].ipc();
  }
  std::map<std::string, std::vector<double>> sum;
  std::map<std::string, std::vector<int>> cnt;
  for (const auto& t : spec.techniques)
    sum[t].assign(static_cast<std::size_t>(nk), 0.0), cnt[t].assign(static_cast<std::size_t>(nk), 0);
  for (std::size_t j = 0; j < jobs.size(); ++j) {
    const auto k = static_cast<std::size_t>(jobs[j].kernel);
    const std::string& name = jobs[j].technique < 0
                                  ? std::string(kNormalization)
                                  : spec.techniques[static_cast<std::size_t>(jobs[j].technique)];
    if (!sum.count(name)) continue;
    sum[name][k] += out.base_ipc[k] > 0 ? results[j].ipc() / out.base_ipc[k] : 0.0;
    cnt[name][k] += 1;
  }
  for (const auto& t : spec.techniques) {
    std::vector<double> row(static_cast<std::size_t>(nk));
    double m = 0.0;
    for (std::size_t k = 0; k < row.size(); ++k) {
      row[k] = cnt[t][k] ? sum[t][k] / cnt[t][k] : 1.0;
      m += row[k] / nk;
    }
    out.normalized.push_back(std::move(row));
    out.mean.push_back(m);
  }
  return out;
}

}  // namespace rfvar::study
