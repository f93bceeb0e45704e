#include "varius/chip_sampler.h"

#include "varius/variation_map.h"

namespace rfvar::varius {

ChipSampler::ChipSampler(const VariusParams& p, const FloorplanParams& f)
    : p_(p), floorplan_(f, p.grid), field_(p.grid, p.phi), cell_(make_cell_model(p)),
      sm_sampler_(make_sm_sampler(*cell_, p)) {}

ChipSample ChipSampler::sample(std::uint64_t seed, std::uint32_t chip) const {
  const SystematicMaps maps = sample_systematic(p_, field_, seed, chip);
  ChipSample c;
  c.chip_id = chip;
  c.geometry = rf_geometry(floorplan_.params());
  c.grid = maps.grid;
  c.vth_d2d = maps.vth_d2d;
  c.leff_d2d = maps.leff_d2d;
  for (int s = 0; s < floorplan_.params().sms; ++s) {
    const SmContext ctx{maps, floorplan_, s, seed, chip};
    SmDelays d = sm_sampler_->sample(ctx);
    finish_sm(ctx, p_.vth0_V, d);
    c.sms.push_back(std::move(d));
  }
  c.vth_sys_map = maps.vth_rel;
  c.leff_sys_map = maps.leff_rel;
  return c;
}

}  // namespace rfvar::varius
