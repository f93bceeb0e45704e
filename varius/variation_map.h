// One chip's systematic Vth and Leff variation: the WID maps and the die-to-die offsets.
//
// Contract: sample_systematic() is a pure function of (params, seed, chip): the unit fields come
// from Stream::VthSystematic and the offsets from Stream::DieToDie. Maps hold relative deviations
// d_sys (docs/models.md#varius: P = mu (1 + d_sys + d_rand)) on the G x G die grid, row-major [y][x]:
//   vth  = sigma_sys_vth  * u_a
//   leff = sigma_sys_leff * (rho_VL u_a + sqrt(1 - rho_VL^2) u_b)
// with u_a, u_b independent unit fields, so corr(vth, leff) = rho_VL. The die-to-die offsets are
// sigma_d2d * N(0, 1), shared by every device of the chip.
#pragma once

#include <cstdint>
#include <vector>

#include "varius/params.h"
#include "varius/spherical_field.h"

namespace rfvar::varius {

struct SystematicMaps {
  int grid = 0;
  std::vector<float> vth_rel;   // [G*G]
  std::vector<float> leff_rel;  // [G*G]
  double vth_d2d = 0.0, leff_d2d = 0.0;
  // Total systematic relative deviation of a device in grid cell g (WID + D2D).
  double vth_at(int g) const { return vth_rel[static_cast<std::size_t>(g)] + vth_d2d; }
  double leff_at(int g) const { return leff_rel[static_cast<std::size_t>(g)] + leff_d2d; }
};

SystematicMaps sample_systematic(const VariusParams& p, const CirculantField& field, std::uint64_t seed,
                                 std::uint32_t chip);

}  // namespace rfvar::varius
