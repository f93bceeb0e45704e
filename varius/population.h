// A population of chips and its summary statistics (issue 2 §3, Tan 2016 §3.1).
//
// Contract: sample_population() returns chips first_chip .. first_chip + count - 1 in index order,
// computed in parallel over chips (common/job_distributor.h: over the ranks of `jobs`, each rank's
// OpenMP threads; null: this process) into a chip-indexed vector; each chip's content does not
// depend on the rank count, the thread count or the range. Progress is ticked once per chip. The summary is
// computed from the samples only (statistics apart from model state):
//   chip_norm_freq       mean over the chip's SMs of 1 / slowest cell (Tan: per-SM clocks)
//   mean_norm_freq       mean over chips; std_norm_freq its sample standard deviation (n - 1)
//   sm_to_sm_ratio_mean  mean over chips of fastest-SM / slowest-SM frequency
//   within_sm_ratio_mean mean over all SMs of slowest / fastest cell delay (Tan §3.1)
#pragma once

#include <cstdint>
#include <vector>

#include "common/job_distributor.h"
#include "common/progress.h"
#include "varius/chip_sample.h"
#include "varius/chip_sampler.h"

namespace rfvar::varius {

std::vector<ChipSample> sample_population(const ChipSampler& sampler, std::uint64_t seed,
                                          std::uint32_t first_chip, int count, Progress* progress,
                                          JobDistributor* jobs = nullptr);

double chip_norm_freq(const ChipSample& c);

struct PopulationSummary {
  int chips = 0;
  int sms_per_chip = 0;
  double mean_norm_freq = 0.0;
  double std_norm_freq = 0.0;
  double sm_to_sm_ratio_mean = 0.0;
  double within_sm_ratio_mean = 0.0;
};

PopulationSummary summarize(const std::vector<ChipSample>& chips);

// summarize() over chips that arrive in batches (rfvar chips of 10,000 chips): add() the chips in
// order; result() equals summarize() of all of them, bit for bit. Keeps 8 bytes per chip.
class PopulationSummarizer {
 public:
  void add(const std::vector<ChipSample>& chips);
  PopulationSummary result() const;

 private:
  int sms_per_chip_ = 0;
  double sum_ = 0.0, ratio_ = 0.0, within_ = 0.0;
  long sms_ = 0;
  std::vector<double> f_;  // chip_norm_freq per chip
};

}  // namespace rfvar::varius
