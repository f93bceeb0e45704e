// The guardband and performance studies over a chip population (Tan 2016 Fig. 12-13; docs/models.md#studies).
//
// Contract: a PopulationStudy holds the results of chips x SMs x benchmarks x techniques in flat
// arrays indexed [chip][sm][benchmark] (and [..][sub-bank]). run_chips() fills the rows of a batch of
// chips (file positions first .. first + count - 1), in parallel over (chip, SM) with OpenMP; every
// row depends only on its chip, never on the thread count or batch split (cached runs are
// identical to uncached ones). Every SM of every chip is aged with its own delays and simulated for
// baseline, pv-opt and pv-opt+nbti-opt (the run cache makes that cheap: their runs depend on the SM
// only through its bank-speed pattern); vl-rf's runs, unique per SM, use the chip's SM 0 as the
// representative SM (docs/models.md#arch allows it) for every SM's IPC and utilization. All runs use one workload stream
// (Stream::Workload, chip 0), so techniques and chips see the same dynamic workload. The ideal
// chip (no PV, no NBTI) is the baseline technique's cycle-model run at clock 1.0. Progress ticks
// once per (chip, SM). The model never prints; apps/ writes and reports.
// Distributed (cfg.jobs, common/job_distributor.h): every rank ends run_chips() with every row. One-SM
// mode: the batch's chips are planned over the ranks (equal costs), each rank runs its chips' (chip,
// SM) jobs and their vl-rf runs on its threads; N-SM mode: the (chip, technique, benchmark) jobs are
// planned by cost (the benchmark's ideal-run cycles summed over the N SMs). Rows are exchanged bit
// for bit, so they do not depend on the rank count; each rank keeps its own run cache, so
// cache_hits()/cache_misses() are this rank's.
// The N-SM mode (cfg.arch.gpu_sms = N > 1; arch/gpu.h): rows exist for SMs 0..N-1 of each chip only
// (sms() = N; SMs N.. are neither aged nor simulated). Per (chip, technique, benchmark) one arch::Gpu
// of those N SMs runs each lifetime step, SM i under its own plan (its own fresh plan, vl-rf's its own
// per-row latencies, pv-opt+nbti-opt its own sensor-steered re-organization from its own stress):
// the SMs' SmLifetimeLoops (sm_lifetime.h) step in lockstep and each takes its utilization and IPC
// from its own statistics in that run. GPU runs with the same N plan keys are shared (run_cache.h).
// The ideal chip is the N-SM GPU without PV: ideal_ipc = its mean IPC per SM. Runs go in parallel over
// (chip, technique, benchmark), one progress tick each. The constructor throws InputError when N
// exceeds `sms` (the chips' SMs) or arch.gpu_clocks is not "equal" (the SMs run at the reference
// clock, as in the one-SM mode: the study multiplies IPC by each SM's aged clock itself).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "arch/core/params.h"
#include "workload/i_workload.h"
#include "common/job_distributor.h"
#include "common/progress.h"
#include "common/rng.h"
#include "nbti/params.h"
#include "rfmodel/params.h"
#include "study/aging/run_cache.h"
#include "study/aging/sm_lifetime.h"
#include "technique/aging_technique.h"
#include "varius/chip_sample.h"

namespace rfvar::study {

struct StudyConfig {
  nbti::NbtiParams nbti;
  rfmodel::RfParams rf;
  arch::ArchParams arch;
  Lifetime life;
  std::vector<std::string> techniques;  // aging-role names (technique/registry.h)
  bool cache = true;
  JobDistributor* jobs = nullptr;  // the ranks the work is spread over (null: this process)
};

struct TechniqueRows {
  std::vector<double> ipc;           // [chip][sm][kernel] mean over the lifetime
  std::vector<double> fresh_freq;    // [chip][sm][kernel] 1 / fresh period (normalized to no PV)
  std::vector<double> aged_freq;     // [chip][sm][kernel] fresh_freq x (1 - guardband)
  std::vector<double> guardband;     // [chip][sm][kernel]
  std::vector<float> utilization;    // [chip][sm][kernel][sub-bank] lifetime-mean U
  std::vector<float> aged_delay;     // [chip][sm][kernel][sub-bank]
  std::vector<float> vbank_utilization;  // [chip][sm][kernel][bank] SmLifetime::vbank_utilization
  std::vector<float> vbank_aged_delay;   // [chip][sm][kernel][bank] SmLifetime::vbank_aged_delay
  std::vector<std::int32_t> critical_subbank;  // [chip][sm][kernel] sets the aged period; -1 for vl-rf
  std::vector<double> slow_access_fraction;    // [chip][sm][kernel] SmLifetime::slow_access_fraction
};

class PopulationStudy {
 public:
  // Throws InputError for an unknown technique, years <= 0 or epochs < 1.
  // `benchmarks`: the workloads (any front end), made with the key arch::workload_key(workload).
  PopulationStudy(StudyConfig cfg, std::vector<std::shared_ptr<const arch::IWorkload>> benchmarks, int chips, int sms,
                  int subbanks, const RngStream& workload);
  int banks() const { return banks_; }
  void run_chips(const std::vector<varius::ChipSample>& chips, int first, Progress* progress);

  const StudyConfig& config() const { return cfg_; }
  const std::vector<std::shared_ptr<const arch::IWorkload>>& benchmarks() const { return benchmarks_; }
  int chips() const { return chips_; }
  int sms() const { return sms_; }  // SMs with rows: the chips' SMs, or arch.gpu_sms in the N-SM mode
  int gpu_sms() const { return cfg_.arch.gpu_sms; }
  // Progress ticks per chip of run_chips(): sms() one-SM, techniques x benchmarks N-SM.
  int ticks_per_chip() const;
  int kernels() const { return static_cast<int>(benchmarks_.size()); }
  int subbanks() const { return subbanks_; }
  const std::vector<double>& ideal_ipc() const { return ideal_ipc_; }  // [kernel]
  const TechniqueRows& rows(std::size_t technique) const { return rows_[technique]; }
  std::uint64_t cache_hits() const { return cache_.hits(); }
  std::uint64_t cache_misses() const { return cache_.misses(); }
  std::size_t index(int chip, int sm, int kernel) const {
    return (static_cast<std::size_t>(chip) * static_cast<std::size_t>(sms_) + static_cast<std::size_t>(sm)) *
               static_cast<std::size_t>(kernels()) + static_cast<std::size_t>(kernel);
  }

 private:
  StudyConfig cfg_;
  std::vector<std::shared_ptr<const arch::IWorkload>> benchmarks_;
  int chips_, sms_, subbanks_, banks_;
  RngStream workload_;
  RunCache cache_;
  std::vector<double> ideal_ipc_;
  std::vector<double> kernel_cost_;  // [kernel] the ideal run's cycles over its SMs (the N-SM plan's costs)
  std::vector<TechniqueRows> rows_;
  std::vector<std::unique_ptr<technique::IAgingTechnique>> techniques_;  // [technique], cfg_.techniques

  void run_chips_one_sm(const std::vector<varius::ChipSample>& chips, int first, Progress* progress);
  void run_chips_gpu(const std::vector<varius::ChipSample>& chips, int first, Progress* progress);
  void store(std::size_t technique, std::size_t index, const SmLifetime& life);
  // Row cell `index` of technique `t` as bytes (exchanged between ranks) and back.
  void encode_cell(std::size_t t, std::size_t index, ByteWriter& w) const;
  void decode_cell(std::size_t t, std::size_t index, ByteReader& r);
};

}  // namespace rfvar::study
