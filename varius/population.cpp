#include "varius/population.h"

#include <algorithm>
#include <cmath>

#include "common/job_distributor.h"

namespace rfvar::varius {

namespace {

// A chip as bytes (exchanged between ranks), every field bit for bit.
void encode(ByteWriter& w, const ChipSample& c) {
  w.put(c.chip_id), w.put(c.geometry), w.put(c.grid);
  w.put(c.vth_sys_map), w.put(c.leff_sys_map), w.put(c.vth_d2d), w.put(c.leff_d2d);
  w.put(static_cast<std::uint64_t>(c.sms.size()));
  for (const SmDelays& d : c.sms) {
    w.put(d.reg_delay), w.put(d.vector_delay), w.put(d.subbank_delay), w.put(d.subbank_dvth_sys_V);
    w.put(d.slowest_cell), w.put(d.fastest_cell);
  }
}

void decode(ByteReader& r, ChipSample& c) {
  r.get(c.chip_id), r.get(c.geometry), r.get(c.grid);
  r.get(c.vth_sys_map), r.get(c.leff_sys_map), r.get(c.vth_d2d), r.get(c.leff_d2d);
  c.sms.resize(static_cast<std::size_t>(r.get<std::uint64_t>()));
  for (SmDelays& d : c.sms) {
    r.get(d.reg_delay), r.get(d.vector_delay), r.get(d.subbank_delay), r.get(d.subbank_dvth_sys_V);
    r.get(d.slowest_cell), r.get(d.fastest_cell);
  }
}

}  // namespace

std::vector<ChipSample> sample_population(const ChipSampler& sampler, std::uint64_t seed,
                                          std::uint32_t first_chip, int count, Progress* progress,
                                          JobDistributor* jobs) {
  std::vector<ChipSample> chips(static_cast<std::size_t>(std::max(count, 0)));
  const JobCodec codec{[&](int i, ByteWriter& w) { encode(w, chips[static_cast<std::size_t>(i)]); },
                       [&](int i, ByteReader& r) { decode(r, chips[static_cast<std::size_t>(i)]); }};
  distribute_jobs(jobs, "chips", std::max(count, 0), {}, progress, [&](int i) {
    chips[static_cast<std::size_t>(i)] = sampler.sample(seed, first_chip + static_cast<std::uint32_t>(i));
  }, codec);
  return chips;
}

double chip_norm_freq(const ChipSample& c) {
  double s = 0.0;
  for (const SmDelays& d : c.sms) s += d.baseline_norm_freq();
  return c.sms.empty() ? 0.0 : s / static_cast<double>(c.sms.size());
}

void PopulationSummarizer::add(const std::vector<ChipSample>& chips) {
  if (f_.empty() && !chips.empty()) sms_per_chip_ = static_cast<int>(chips.front().sms.size());
  for (const ChipSample& c : chips) {
    f_.push_back(chip_norm_freq(c));
    sum_ += f_.back();
    double fmin = 1e300, fmax = 0.0;
    for (const SmDelays& d : c.sms) {
      fmin = std::min(fmin, d.baseline_norm_freq());
      fmax = std::max(fmax, d.baseline_norm_freq());
      within_ += static_cast<double>(d.slowest_cell) / d.fastest_cell;
      ++sms_;
    }
    ratio_ += fmax / fmin;
  }
}

PopulationSummary PopulationSummarizer::result() const {
  PopulationSummary s;
  s.chips = static_cast<int>(f_.size());
  if (f_.empty()) return s;
  s.sms_per_chip = sms_per_chip_;
  const double n = static_cast<double>(f_.size());
  s.mean_norm_freq = sum_ / n;
  double var = 0.0;
  for (double x : f_) var += (x - s.mean_norm_freq) * (x - s.mean_norm_freq);
  s.std_norm_freq = f_.size() > 1 ? std::sqrt(var / (n - 1.0)) : 0.0;
  s.sm_to_sm_ratio_mean = ratio_ / n;
  s.within_sm_ratio_mean = within_ / static_cast<double>(sms_);
  return s;
}

PopulationSummary summarize(const std::vector<ChipSample>& chips) {
  PopulationSummarizer s;
  s.add(chips);
  return s.result();
}

}  // namespace rfvar::varius
