#include "study/aging/population_study.h"

#include <omp.h>

#include <algorithm>
#include <exception>
#include <functional>
#include <span>
#include <string>

#include "common/job_distributor.h"
#include "common/parallel_jobs.h"
#include "nbti/stress_model.h"
#include "technique/registry.h"

namespace rfvar::study {

namespace {

// Runs `f` with every failure reported as an InputError: a kernel that deadlocks or exceeds
// arch.max_cycles is a fault of the configuration or the workload, and `rfvar guardband` / `perf`
// report it as one.
template <class F>
void as_input_error(F&& f) {
  try {
    f();
  } catch (const InputError&) {
    throw;
  } catch (const std::exception& e) {
    throw InputError(e.what());
  }
}

// parallel_jobs() with the failures of as_input_error().
template <class Job>
void study_jobs(int n, Progress* progress, Job&& job) {
  as_input_error([&] { parallel_jobs(n, progress, job); });
}

// distribute_jobs() (common/job_distributor.h) with the failures of as_input_error().
void study_distributed(JobDistributor* d, const std::string& phase, int n, std::span<const double> cost,
                       Progress* progress, const std::function<void(int)>& job, const JobCodec& codec) {
  as_input_error([&] { distribute_jobs(d, phase, n, cost, progress, job, codec); });
}

}  // namespace

PopulationStudy::PopulationStudy(StudyConfig cfg, std::vector<std::shared_ptr<const arch::IWorkload>> benchmarks,
                                 int chips, int sms, int subbanks, const RngStream& workload)
    : cfg_(std::move(cfg)), benchmarks_(std::move(benchmarks)), chips_(chips), sms_(sms), subbanks_(subbanks),
      workload_(workload), cache_(cfg_.cache) {
  banks_ = cfg_.rf.subbanks > 0 ? subbanks_ / cfg_.rf.subbanks : subbanks_;  // subbanks = banks x S
  nbti::check_years(cfg_.life.years);
  if (cfg_.life.epochs < 1) throw InputError("epochs must be >= 1, got " + std::to_string(cfg_.life.epochs));
  const int n = cfg_.arch.gpu_sms;
  if (n > 1) {  // the N-SM mode: rows for SMs 0..N-1
    if (n > sms_)
      throw InputError("arch.gpu_sms = " + std::to_string(n) + " is more than the chips' " +
                       std::to_string(sms_) + " SMs (accepted: 1.." + std::to_string(sms_) + ")");
    if (cfg_.arch.gpu_clocks != arch::GpuClocks::Equal)
      throw InputError(
          "arch.gpu_clocks = \"pv\": the guardband and perf studies run their N SMs at the reference clock "
          "(arch.gpu_clocks = \"equal\") and apply each SM's aged clock to its IPC");
    sms_ = n;
  }
  for (const auto& t : cfg_.techniques) techniques_.push_back(technique::make_aging_technique(t));
  const std::size_t cells = static_cast<std::size_t>(chips_) * static_cast<std::size_t>(sms_) * benchmarks_.size();
  rows_.resize(cfg_.techniques.size());
  for (auto& r : rows_) {
    r.ipc.assign(cells, 0.0);
    r.fresh_freq = r.aged_freq = r.guardband = r.ipc;
    r.utilization.assign(cells * static_cast<std::size_t>(subbanks_), 0.0f);
    r.aged_delay = r.utilization;
    r.vbank_utilization.assign(cells * static_cast<std::size_t>(banks_), 0.0f);
    r.vbank_aged_delay = r.vbank_utilization;
    r.critical_subbank.assign(cells, -1);
    r.slow_access_fraction.assign(cells, 0.0);
  }
  // The ideal chip: no PV, no NBTI, every access one cycle at clock 1.0.
  varius::RfGeometry g;
  g.subbanks = cfg_.rf.subbanks;
  const SmRfPlan ideal = technique::plan_ideal(g, cfg_.rf);
  const arch::SmPolicy policy = technique::make_aging_technique("baseline")->policy();
  ideal_ipc_.resize(benchmarks_.size());
  kernel_cost_.assign(benchmarks_.size(), 1.0);
  const std::vector<const SmRfPlan*> ideal_gpu(static_cast<std::size_t>(n), &ideal);
  for (std::size_t k = 0; k < benchmarks_.size(); ++k) {
    const RunInputs in{benchmarks_[k].get(), static_cast<int>(k), &cfg_.arch, &policy, &workload_};
    if (n == 1) {
      ideal_ipc_[k] = cache_.get(in, ideal)->ipc;
    } else {  // mean IPC per SM of the N-SM GPU without PV (its SMs' cycles are equal)
      double instructions = 0.0, cycles = 0.0;
      const auto run = cache_.get_gpu(in, ideal_gpu);
      for (const CanonicalRun& sm : *run)
        instructions += static_cast<double>(sm.warp_instructions), cycles += static_cast<double>(sm.cycles);
      ideal_ipc_[k] = cycles > 0.0 ? instructions / cycles : 0.0;
      kernel_cost_[k] = std::max(cycles, 1.0);
    }
  }
}

int PopulationStudy::ticks_per_chip() const {
  return gpu_sms() > 1 ? static_cast<int>(techniques_.size()) * kernels() : sms_;
}

void PopulationStudy::store(std::size_t technique, std::size_t i, const SmLifetime& life) {
  TechniqueRows& r = rows_[technique];
  r.ipc[i] = life.ipc;
  r.fresh_freq[i] = 1.0 / life.fresh_period;
  r.guardband[i] = life.guardband;
  r.aged_freq[i] = r.fresh_freq[i] * (1.0 - life.guardband);  // = 1 / aged_period
  for (int s = 0; s < subbanks_; ++s) {
    r.utilization[i * static_cast<std::size_t>(subbanks_) + static_cast<std::size_t>(s)] =
        static_cast<float>(life.utilization[static_cast<std::size_t>(s)]);
    r.aged_delay[i * static_cast<std::size_t>(subbanks_) + static_cast<std::size_t>(s)] =
        static_cast<float>(life.aged_delay[static_cast<std::size_t>(s)]);
  }
  const auto B = static_cast<std::size_t>(banks_);
  for (std::size_t v = 0; v < B && v < life.vbank_utilization.size(); ++v) {
    r.vbank_utilization[i * B + v] = static_cast<float>(life.vbank_utilization[v]);
    r.vbank_aged_delay[i * B + v] = static_cast<float>(life.vbank_aged_delay[v]);
  }
  r.critical_subbank[i] = life.critical_subbank;
  r.slow_access_fraction[i] = life.slow_access_fraction;
}

void PopulationStudy::encode_cell(std::size_t t, std::size_t i, ByteWriter& w) const {
  const TechniqueRows& r = rows_[t];
  const auto S = static_cast<std::size_t>(subbanks_), B = static_cast<std::size_t>(banks_);
  w.put(r.ipc[i]), w.put(r.fresh_freq[i]), w.put(r.guardband[i]), w.put(r.aged_freq[i]);
  w.put(r.critical_subbank[i]), w.put(r.slow_access_fraction[i]);
  for (std::size_t s = 0; s < S; ++s) w.put(r.utilization[i * S + s]), w.put(r.aged_delay[i * S + s]);
  for (std::size_t v = 0; v < B; ++v) w.put(r.vbank_utilization[i * B + v]), w.put(r.vbank_aged_delay[i * B + v]);
}

void PopulationStudy::decode_cell(std::size_t t, std::size_t i, ByteReader& rd) {
  TechniqueRows& r = rows_[t];
  const auto S = static_cast<std::size_t>(subbanks_), B = static_cast<std::size_t>(banks_);
  rd.get(r.ipc[i]), rd.get(r.fresh_freq[i]), rd.get(r.guardband[i]), rd.get(r.aged_freq[i]);
  rd.get(r.critical_subbank[i]), rd.get(r.slow_access_fraction[i]);
  for (std::size_t s = 0; s < S; ++s) rd.get(r.utilization[i * S + s]), rd.get(r.aged_delay[i * S + s]);
  for (std::size_t v = 0; v < B; ++v) rd.get(r.vbank_utilization[i * B + v]), rd.get(r.vbank_aged_delay[i * B + v]);
}

void PopulationStudy::run_chips(const std::vector<varius::ChipSample>& chips, int first, Progress* progress) {
  if (first < 0 || first + static_cast<int>(chips.size()) > chips_)
    throw std::invalid_argument("PopulationStudy::run_chips: chip rows out of range");
  if (gpu_sms() > 1)
    run_chips_gpu(chips, first, progress);
  else
    run_chips_one_sm(chips, first, progress);
}

void PopulationStudy::run_chips_gpu(const std::vector<varius::ChipSample>& chips, int first,
                                    Progress* progress) {
  bool with_vl_rf = false;  // each SM's own VL-RF plan (per-row latencies)
  for (const auto& t : techniques_) with_vl_rf = with_vl_rf || t->aging().plan == technique::FreshPlan::vl_rf;
  const int n_chips = static_cast<int>(chips.size());
  std::vector<SmFresh> fresh(static_cast<std::size_t>(n_chips * sms_));  // [chip][sm]
  study_jobs(n_chips * sms_, nullptr, [&](int j) {
    const auto& chip = chips[static_cast<std::size_t>(j / sms_)];
    fresh[static_cast<std::size_t>(j)] = technique::prepare_sm(
        chip.sms.at(static_cast<std::size_t>(j % sms_)), chip.geometry, cfg_.rf, with_vl_rf);
  });
  const int T = static_cast<int>(techniques_.size()), K = kernels();
  std::vector<double> cost;  // the plan's expected cost of job j: its benchmark's
  for (int j = 0; j < n_chips * T * K; ++j) cost.push_back(kernel_cost_[static_cast<std::size_t>(j % K)]);
  const JobCodec codec{[&](int j, ByteWriter& w) {
                         for (int sm = 0; sm < sms_; ++sm)
                           encode_cell(static_cast<std::size_t>(j / K % T), index(first + j / (T * K), sm, j % K), w);
                       },
                       [&](int j, ByteReader& r) {
                         for (int sm = 0; sm < sms_; ++sm)
                           decode_cell(static_cast<std::size_t>(j / K % T), index(first + j / (T * K), sm, j % K), r);
                       }};
  study_distributed(cfg_.jobs, "gpu_runs", n_chips * T * K, cost, progress, [&](int j) {
    const int cj = j / (T * K), ti = j / K % T, k = j % K;
    const auto& chip = chips[static_cast<std::size_t>(cj)];
    const technique::IAgingTechnique& t = *techniques_[static_cast<std::size_t>(ti)];
    const arch::SmPolicy policy = t.policy();
    const RunInputs in{benchmarks_[static_cast<std::size_t>(k)].get(), k, &cfg_.arch, &policy, &workload_};
    std::vector<SmLifetimeLoop> loops;
    loops.reserve(static_cast<std::size_t>(sms_));
    for (int sm = 0; sm < sms_; ++sm)
      loops.emplace_back(t, fresh[static_cast<std::size_t>(cj * sms_ + sm)], cfg_.nbti, cfg_.rf,
                         chip.geometry, cfg_.life);
    std::vector<const SmRfPlan*> plans(static_cast<std::size_t>(sms_));
    for (int r = 0; r < loops.front().runs(); ++r) {  // every SM's step r on one GPU
      for (std::size_t sm = 0; sm < loops.size(); ++sm) plans[sm] = &loops[sm].plan(r);
      const auto run = cache_.get_gpu(in, plans);
      for (std::size_t sm = 0; sm < loops.size(); ++sm) loops[sm].account((*run)[sm]);
    }
    for (int sm = 0; sm < sms_; ++sm)
      store(static_cast<std::size_t>(ti), index(first + cj, sm, k),
            loops[static_cast<std::size_t>(sm)].finish());
  }, codec);
}

void PopulationStudy::run_chips_one_sm(const std::vector<varius::ChipSample>& chips, int first,
                                       Progress* progress) {
  // Techniques on VL-RF's fresh plan (vl-rf): per-register latencies, unique per SM.
  std::vector<arch::SmPolicy> vl_rf_policies;
  for (const auto& t : techniques_)
    if (t->aging().plan == technique::FreshPlan::vl_rf) vl_rf_policies.push_back(t->policy());
  const bool with_vl_rf = !vl_rf_policies.empty();
  const int n_chips = static_cast<int>(chips.size());
  // This rank's chips: every chip in one process; distributed, the batch's chips planned over the
  // ranks (equal costs), so each chip's vl-rf runs are made on the rank that runs its SMs.
  std::vector<int> mine;
  if (cfg_.jobs) {
    mine = jobs_of(plan_jobs(n_chips, {}, cfg_.jobs->ranks()), cfg_.jobs->rank(), {});
  } else {
    for (int c = 0; c < n_chips; ++c) mine.push_back(c);
  }
  const int m = static_cast<int>(mine.size());
  // vl-rf's runs are unique per chip (its per-row latencies): build each chip's plan and run its
  // kernels first, in parallel over (chip, kernel), so the SM loop below only reads the cache.
  std::vector<SmRfPlan> vl_rf_plans(with_vl_rf ? chips.size() : 0);
  if (with_vl_rf) {
    study_jobs(m, nullptr, [&](int i) {
      const auto c = static_cast<std::size_t>(mine[static_cast<std::size_t>(i)]);
      vl_rf_plans[c] = technique::plan_vl_rf(chips[c].sms.at(0), chips[c].geometry, cfg_.rf);
    });
    const int K = kernels();
    for (const arch::SmPolicy& policy : vl_rf_policies) {
      // Job j: kernel j % K on the batch's chip j / K (its run lands in this rank's cache).
      const auto vl_rf_job = [&](int j) {
        const int k = j % K;
        const RunInputs in{benchmarks_[static_cast<std::size_t>(k)].get(), k, &cfg_.arch, &policy, &workload_};
        cache_.get(in, vl_rf_plans[static_cast<std::size_t>(j / K)]);
      };
      if (!cfg_.jobs) {
        study_jobs(m * K, nullptr, vl_rf_job);
        continue;
      }
      std::vector<int> ids;
      for (const int c : mine)
        for (int k = 0; k < K; ++k) ids.push_back(c * K + k);
      // Nothing to exchange (each rank uses its own chips' runs); the record is the point.
      const JobCodec none{[](int, ByteWriter&) {}, [](int, ByteReader&) {}};
      as_input_error([&] {
        exchange(*cfg_.jobs, run_jobs("vl_rf_runs", n_chips * K, std::move(ids), nullptr, vl_rf_job), none, nullptr);
      });
    }
  }
  // Job j: SM j % sms_ of the batch's chip j / sms_.
  const auto sm_job = [&](int j) {
    const auto& chip = chips[static_cast<std::size_t>(j / sms_)];
    const int c = first + j / sms_, sm = j % sms_;
    const varius::SmDelays& delays = chip.sms.at(static_cast<std::size_t>(sm));
    SmFresh fresh = technique::prepare_sm(delays, chip.geometry, cfg_.rf, with_vl_rf);
    // vl-rf's per-row latencies differ per SM, so no two SMs share a run: its cycle-model runs use
    // the chip's representative SM 0 (docs/models.md#arch allows it); aging and clocks stay per SM.
    if (with_vl_rf) fresh.vl_rf = vl_rf_plans[static_cast<std::size_t>(j / sms_)];
    for (std::size_t ti = 0; ti < cfg_.techniques.size(); ++ti) {
      const technique::IAgingTechnique& t = *techniques_[ti];
      for (int k = 0; k < kernels(); ++k) {
        const RunInputs in{benchmarks_[static_cast<std::size_t>(k)].get(), k, &cfg_.arch, nullptr,
                           &workload_};
        store(ti, index(c, sm, k),
              run_sm_lifetime(t, fresh, cfg_.nbti, cfg_.rf, chip.geometry, in, cache_, cfg_.life));
      }
    }
  };
  if (!cfg_.jobs) {
    study_jobs(n_chips * sms_, progress, sm_job);
    return;
  }
  std::vector<int> ids;
  for (const int c : mine)
    for (int sm = 0; sm < sms_; ++sm) ids.push_back(c * sms_ + sm);
  const JobCodec codec{[&](int j, ByteWriter& w) {
                         for (std::size_t t = 0; t < techniques_.size(); ++t)
                           for (int k = 0; k < kernels(); ++k) encode_cell(t, index(first + j / sms_, j % sms_, k), w);
                       },
                       [&](int j, ByteReader& r) {
                         for (std::size_t t = 0; t < techniques_.size(); ++t)
                           for (int k = 0; k < kernels(); ++k) decode_cell(t, index(first + j / sms_, j % sms_, k), r);
                       }};
  as_input_error([&] {
    exchange(*cfg_.jobs, run_jobs("aging_sms", n_chips * sms_, std::move(ids), progress, sm_job), codec, progress);
  });
}

}  // namespace rfvar::study
