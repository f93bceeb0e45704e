// Sampling one SM's register-file delays from its chip's systematic maps: the two modes.
//
// Contract: sample() is a pure function of (maps, sm, seed, chip) and thread-safe; it fills
// reg_delay and fastest_cell of an SmDelays, and finish_sm() derives the rest identically for
// both modes (vector/sub-bank maxima, slowest cell, sub-bank systematic Vth in volts). Modes, one
// file each, chosen by varius.sampling (CLI --exact-cells):
//   "exact" exact_sampler.cpp: every cell, every read-path transistor's Vth and Leff drawn
//           (Stream::VthRandom / LeffRandom, substream = SM), delays vectorized, then maxima.
//   "fast"  fast_sampler.cpp: each register's maximum over its 32 cells and the SM's minimum
//           cell drawn directly by inverting the conditional cell-delay CDF at U^(1/n)
//           (Stream::RegisterMax, substream SM for maxima, 2^16 + SM for minima).
#pragma once

#include <cstdint>
#include <memory>

#include "varius/cell_timing.h"
#include "varius/chip_sample.h"
#include "varius/floorplan.h"
#include "varius/params.h"
#include "varius/variation_map.h"

namespace rfvar::varius {

struct SmContext {
  const SystematicMaps& maps;
  const Floorplan& floorplan;
  int sm;
  std::uint64_t seed;
  std::uint32_t chip;
};

class ISmSampler {
 public:
  virtual ~ISmSampler() = default;
  virtual SmDelays sample(const SmContext& ctx) const = 0;
};

std::unique_ptr<ISmSampler> make_sm_sampler(const ICellModel& cell, const VariusParams& p);  // by p.sampling
std::unique_ptr<ISmSampler> make_exact_sampler(const ICellModel& cell, const VariusParams& p);
std::unique_ptr<ISmSampler> make_fast_sampler(const ICellModel& cell, const VariusParams& p);

RfGeometry rf_geometry(const FloorplanParams& f);
// Vector and sub-bank maxima, slowest cell, and each sub-bank's mean systematic Vth offset in
// volts (WID map + die-to-die, times vth0) from reg_delay.
void finish_sm(const SmContext& ctx, double vth0_V, SmDelays& d);

}  // namespace rfvar::varius
