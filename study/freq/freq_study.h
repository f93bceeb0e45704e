// The frequency study of `rfvar freq` (Tan 2016 §3.2, Fig. 3): what each technique makes of one
// SM's clock, and the statistics over chips.
//
// Contract: sm_frequencies() is a pure function of one SM's delays; it builds each technique's
// RfSetup with its freq hook (technique/registry.h) and keeps only the clock and the slow fraction. A chip's frequency is
// the mean over its SMs (docs/models.md#studies: per-SM clocking), or the minimum with single_clock.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "rfmodel/params.h"
#include "varius/chip_sample.h"

namespace rfvar::study {

struct SmFreq {
  double clock_norm = 1.0;     // SM clock normalized to the same SM without PV
  double slow_fraction = 0.0;  // slow (bank, row) entries: slow banks / 16, or slow vectors / 1024
};

// One entry per technique name, in order. Throws InputError for an unknown name.
std::vector<SmFreq> sm_frequencies(const varius::SmDelays& sm, const varius::RfGeometry& g,
                                   const rfmodel::RfParams& p, std::span<const std::string> techniques,
                                   int hybrid_banks = 0);

// Chip frequency from its SMs' clocks: mean (per-SM clocking, default) or min (one clock).
double chip_norm_freq(std::span<const double> sm_clock_norm, bool single_clock = false);

}  // namespace rfvar::study
