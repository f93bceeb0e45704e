#include "varius/variation_map.h"

#include <cmath>

namespace rfvar::varius {

SystematicMaps sample_systematic(const VariusParams& p, const CirculantField& field, std::uint64_t seed,
                                 std::uint32_t chip) {
  std::vector<double> ua, ub;
  field.sample(RngStream(seed, chip, Stream::VthSystematic), ua, ub);
  SystematicMaps m;
  m.grid = field.grid();
  const double sv = p.vth_sigma_sys(), sl = p.leff_sigma_sys();
  const double cross = std::sqrt(1.0 - p.rho_vl * p.rho_vl);
  m.vth_rel.resize(ua.size());
  m.leff_rel.resize(ua.size());
  for (std::size_t k = 0; k < ua.size(); ++k) {
    m.vth_rel[k] = static_cast<float>(sv * ua[k]);
    m.leff_rel[k] = static_cast<float>(sl * (p.rho_vl * ua[k] + cross * ub[k]));  // corr = rho_VL
  }
  RngStream d2d(seed, chip, Stream::DieToDie);
  m.vth_d2d = p.d2d_vth_sigma_over_mu * d2d.normal();
  m.leff_d2d = p.d2d_leff_sigma_over_mu * d2d.normal();
  return m;
}

}  // namespace rfvar::varius
