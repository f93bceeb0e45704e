// Samples whole chips: systematic maps, then every SM's register-file delays (docs/models.md#varius).
//
// Contract: sample(seed, chip) is a pure function of (params, seed, chip) and thread-safe, so
// chip i is identical whatever the thread count or the subset of chips generated. The sampler
// owns the field embedding, floorplan, cell model and (fast mode) quantile table, built once.
#pragma once

#include <cstdint>
#include <memory>

#include "varius/cell_timing.h"
#include "varius/chip_sample.h"
#include "varius/floorplan.h"
#include "varius/params.h"
#include "varius/sm_sampler.h"
#include "varius/spherical_field.h"

namespace rfvar::varius {

class ChipSampler {
 public:
  ChipSampler(const VariusParams& p, const FloorplanParams& f);

  ChipSample sample(std::uint64_t seed, std::uint32_t chip) const;

  const VariusParams& params() const { return p_; }
  const Floorplan& floorplan() const { return floorplan_; }
  const CirculantField& field() const { return field_; }
  const ICellModel& cell_model() const { return *cell_; }

 private:
  VariusParams p_;
  Floorplan floorplan_;
  CirculantField field_;
  std::unique_ptr<ICellModel> cell_;
  std::unique_ptr<ISmSampler> sm_sampler_;
};

}  // namespace rfvar::varius
