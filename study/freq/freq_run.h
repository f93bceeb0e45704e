// The frequency study of `rfvar freq` over a chip population (Tan 2016 §3.2, Fig. 3): every SM of
// every chip under each technique, the chip frequencies and their distributions.
//
// Contract: check_freq_run() validates the spec (technique names for the freq role, h >= 0) before
// any chip is read. run_freq() reads the chips in batches of kFreqBatchChips through `read`, runs the
// SMs of a batch in parallel (common/job_distributor.h: over spec.jobs' ranks, each rank's threads), each
// result stored by (chip, SM) index, so results depend neither on the rank count nor on the thread count. Chip frequency: chip_norm_freq() (freq_study.h). Per technique the
// distribution of chip frequencies over [0, 1.5) in 150 bins and the mean slow fraction over SMs;
// base_mean is the baseline's mean chip frequency (0 when "baseline" is not run). An SM that fails
// throws InputError "<spec.source>: <reason>". The model never prints.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "common/job_distributor.h"
#include "common/progress.h"
#include "rfmodel/params.h"
#include "study/freq/freq_stats.h"
#include "varius/chip_sample.h"

namespace rfvar::study {

inline constexpr int kFreqHistBins = 150;
inline constexpr double kFreqHistLo = 0.0, kFreqHistHi = 1.5;
inline constexpr int kFreqBatchChips = 16;  // about 2 MB per chip of 15 SMs

struct FreqRunSpec {
  rfmodel::RfParams params;
  std::vector<std::string> techniques;  // freq-role names (technique/registry.h)
  int hybrid_banks = 0;                 // h of vl-sb+rf-bro+hybrid
  bool single_clock = false;            // chip frequency = slowest SM instead of the mean
  int chips = 0, sms = 0;
  std::string source;  // names the chips in error messages
  JobDistributor* jobs = nullptr;  // the ranks the SMs are spread over (null: this process)
};

// Fills `out` with chips first .. first + count - 1 (per-register and per-vector delays).
using ChipBatchReader = std::function<void(int first, int count, std::vector<varius::ChipSample>& out)>;

struct FreqTechniqueResult {
  std::vector<double> sm_freq, sm_slow;  // [chips * sms]
  std::vector<double> chip_freq;         // [chips]
  Distribution dist;                     // of chip_freq
  double slow_mean = 0.0;                // mean of sm_slow
};

struct FreqRunResult {
  std::vector<FreqTechniqueResult> techniques;  // in spec order
  double base_mean = 0.0;
  std::vector<double> hist_edges;  // [kFreqHistBins + 1]
};

void check_freq_run(const FreqRunSpec& spec);
FreqRunResult run_freq(const FreqRunSpec& spec, const ChipBatchReader& read, Progress* progress);

}  // namespace rfvar::study
