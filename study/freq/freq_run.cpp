#include "study/freq/freq_run.h"

#include <algorithm>
#include <span>

#include "common/config.h"
#include "common/job_distributor.h"
#include "study/freq/freq_study.h"
#include "technique/registry.h"

namespace rfvar::study {

void check_freq_run(const FreqRunSpec& spec) {
  for (const auto& n : spec.techniques) technique::make_technique(n, technique::Role::freq);
  if (spec.hybrid_banks < 0) throw InputError("--hybrid-banks must be >= 0");
}

FreqRunResult run_freq(const FreqRunSpec& spec, const ChipBatchReader& read, Progress* progress) {
  check_freq_run(spec);
  const int n_chips = spec.chips, n_sms = spec.sms, n_tech = static_cast<int>(spec.techniques.size());
  FreqRunResult out;
  out.techniques.resize(static_cast<std::size_t>(n_tech));
  for (auto& r : out.techniques) {
    r.sm_freq.assign(static_cast<std::size_t>(n_chips * n_sms), 0.0);
    r.sm_slow.assign(static_cast<std::size_t>(n_chips * n_sms), 0.0);
    r.chip_freq.assign(static_cast<std::size_t>(n_chips), 0.0);
  }
  std::vector<varius::ChipSample> chips;  // reused across batches
  for (int first = 0; first < n_chips; first += kFreqBatchChips) {
    const int count = std::min(kFreqBatchChips, n_chips - first);
    read(first, count, chips);
    // Exchanged between ranks: the SM's clock and slow fraction under every technique.
    const JobCodec codec{[&](int j, ByteWriter& w) {
                           const auto idx = static_cast<std::size_t>(first * n_sms + j);
                           for (const auto& r : out.techniques) w.put(r.sm_freq[idx]), w.put(r.sm_slow[idx]);
                         },
                         [&](int j, ByteReader& rd) {
                           const auto idx = static_cast<std::size_t>(first * n_sms + j);
                           for (auto& r : out.techniques) rd.get(r.sm_freq[idx]), rd.get(r.sm_slow[idx]);
                         }};
    try {
      distribute_jobs(spec.jobs, "freq_sms", count * n_sms, {}, nullptr, [&](int j) {
        const auto& chip = chips[static_cast<std::size_t>(j / n_sms)];
        const auto idx = static_cast<std::size_t>(first * n_sms + j);
        const auto f = sm_frequencies(chip.sms[static_cast<std::size_t>(j % n_sms)], chip.geometry,
                                      spec.params, spec.techniques, spec.hybrid_banks);
        for (int t = 0; t < n_tech; ++t) {
          out.techniques[static_cast<std::size_t>(t)].sm_freq[idx] =
              f[static_cast<std::size_t>(t)].clock_norm;
          out.techniques[static_cast<std::size_t>(t)].sm_slow[idx] =
              f[static_cast<std::size_t>(t)].slow_fraction;
        }
      }, codec);
    } catch (const std::exception& e) {
      throw InputError(spec.source + ": " + e.what());
    }
    if (progress) progress->tick(static_cast<std::uint64_t>(count));
  }
  for (auto& r : out.techniques) {
    for (int c = 0; c < n_chips; ++c)
      r.chip_freq[static_cast<std::size_t>(c)] =
          chip_norm_freq(std::span<const double>(r.sm_freq).subspan(static_cast<std::size_t>(c * n_sms),
                                                                    static_cast<std::size_t>(n_sms)),
                         spec.single_clock);
    r.dist = summarize(r.chip_freq, kFreqHistBins, kFreqHistLo, kFreqHistHi);
    r.slow_mean = summarize(r.sm_slow, 1, 0.0, 1.0).mean;
  }
  const auto base = std::find(spec.techniques.begin(), spec.techniques.end(), "baseline");
  if (base != spec.techniques.end())
    out.base_mean = out.techniques[static_cast<std::size_t>(base - spec.techniques.begin())].dist.mean;
  for (int i = 0; i <= kFreqHistBins; ++i)
    out.hist_edges.push_back(kFreqHistLo + (kFreqHistHi - kFreqHistLo) * i / kFreqHistBins);
  return out;
}

}  // namespace rfvar::study
