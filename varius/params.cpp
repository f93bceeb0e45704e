#include "varius/params.h"

#include <cmath>
#include <sstream>

namespace rfvar::varius {

namespace {
// sigma_sys = sigma_tot / sqrt(1 + r^2), sigma_rand = r * sigma_sys (variances add).
double sys_part(double total, double ratio) { return total / std::sqrt(1.0 + ratio * ratio); }
}  // namespace

double VariusParams::vth_sigma_sys() const { return sys_part(vth_sigma_over_mu, rand_to_sys_ratio); }
double VariusParams::vth_sigma_rand() const { return rand_to_sys_ratio * vth_sigma_sys(); }
double VariusParams::leff_sigma_sys() const { return sys_part(leff_sigma_over_mu, rand_to_sys_ratio); }
double VariusParams::leff_sigma_rand() const { return rand_to_sys_ratio * leff_sigma_sys(); }

VariusParams VariusParams::from_config(const Config& c) {
  VariusParams p;
  p.vdd_V = c.get_double("varius.vdd_V", Range::open_closed(0.0, 5.0));
  p.alpha = c.get_double("varius.alpha", Range::closed(1.0, 2.0));
  p.vth0_V = c.get_double("varius.vth0_V", Range::open_closed(0.0, 1.0));
  p.vth_sigma_over_mu = c.get_double("varius.vth_sigma_over_mu", Range::open_closed(0.0, 0.3));
  p.leff_sigma_over_mu = c.get_double("varius.leff_sigma_over_mu", Range::closed(0.0, 0.3));
  p.rand_to_sys_ratio = c.get_double("varius.rand_to_sys_ratio", Range::closed(0.01, 100.0));
  p.phi = c.get_double("varius.phi", Range::open_closed(0.0, 4.0));
  p.rho_vl = c.get_double("varius.rho_vl", Range::closed(0.0, 1.0));
  p.d2d_vth_sigma_over_mu = c.get_double("varius.d2d_vth_sigma_over_mu", Range::closed(0.0, 0.3));
  p.d2d_leff_sigma_over_mu = c.get_double("varius.d2d_leff_sigma_over_mu", Range::closed(0.0, 0.3));
  p.grid = static_cast<int>(c.get_int("varius.grid", Range::closed(8, 1024)));
  p.sampling = c.get_string("varius.sampling", {"fast", "exact"});
  p.cell_model = c.get_string("varius.cell_model", {"6t", "alpha_power"});
  p.beta_pd_over_ax = c.get_double("varius.beta_pd_over_ax", Range::open_closed(0.0, 20.0));
  p.p_v = c.get_double("varius.p_v", Range::open_closed(0.0, 10.0));
  if (p.vth0_V >= p.vdd_V) {
    std::ostringstream m;
    m << "config key 'varius.vth0_V' = " << p.vth0_V << " (from " << c.origin("varius.vth0_V")
      << ") must be below varius.vdd_V = " << p.vdd_V;
    throw ConfigError(m.str());
  }
  return p;
}

double FloorplanParams::bank_height() const {
  // Physical cell-array aspect: (bank_cols * bit-columns * cell_aspect) wide per rows_per_bank high.
  const double cols = static_cast<double>(bank_cols) * bit_columns_per_bank() * cell_aspect;
  return rf_width() * rows_per_bank / cols;
}

double FloorplanParams::rf_height() const {
  return rf_height_frac > 0.0 ? rf_height_frac * tile_height() : bank_rows * bank_height();
}

FloorplanParams FloorplanParams::from_config(const Config& c) {
  FloorplanParams f;
  f.sm_cols = static_cast<int>(c.get_int("floorplan.sm_cols", Range::closed(1, 64)));
  f.sm_rows = static_cast<int>(c.get_int("floorplan.sm_rows", Range::closed(1, 64)));
  f.sms = static_cast<int>(c.get_int("floorplan.sms", Range::closed(1, 4096)));
  f.bank_cols = static_cast<int>(c.get_int("floorplan.bank_cols", Range::closed(1, 64)));
  f.bank_rows = static_cast<int>(c.get_int("floorplan.bank_rows", Range::closed(1, 64)));
  f.rows_per_bank = static_cast<int>(c.get_int("floorplan.rows_per_bank", Range::closed(1, 4096)));
  f.subbanks = static_cast<int>(c.get_int("floorplan.subbanks", Range::closed(1, 32)));
  f.cell_aspect = c.get_double("floorplan.cell_aspect", Range::closed(0.05, 20.0));
  f.rf_width_frac = c.get_double("floorplan.rf_width_frac", Range::open_closed(0.0, 1.0));
  f.rf_x_frac = c.get_double("floorplan.rf_x_frac", Range::closed_open(0.0, 1.0));
  f.rf_y_frac = c.get_double("floorplan.rf_y_frac", Range::closed_open(0.0, 1.0));
  f.rf_height_frac = c.get_double("floorplan.rf_height_frac", Range::closed(0.0, 1.0));
  auto fail = [&](const std::string& key, const std::string& why) {
    std::ostringstream m;
    m << "config key '" << key << "' (from " << c.origin(key) << "): " << why;
    throw ConfigError(m.str());
  };
  if (f.sms > f.sm_cols * f.sm_rows)
    fail("floorplan.sms", "= " + std::to_string(f.sms) + " exceeds the tile grid sm_cols x sm_rows = " +
                              std::to_string(f.sm_cols * f.sm_rows));
  if (f.subbanks & (f.subbanks - 1) || kLanes % f.subbanks != 0)
    fail("floorplan.subbanks", "= " + std::to_string(f.subbanks) +
                                   " must be a power of two dividing 32 (accepted: 1, 2, 4, 8, 16, 32)");
  if (f.rf_x_frac + f.rf_width_frac > 1.0 + 1e-12)
    fail("floorplan.rf_width_frac", "RF must fit in its tile: rf_x_frac + rf_width_frac <= 1");
  if (f.rf_height_frac > 0.0 && f.rf_height() < f.bank_rows * f.bank_height() * (1.0 - 1e-12))
    fail("floorplan.rf_height_frac", "= " + std::to_string(f.rf_height_frac) +
                                         " is below the abutting banks' height " +
                                         std::to_string(f.bank_rows * f.bank_height() / f.tile_height()) +
                                         " (fraction of the tile; 0 = abut)");
  if (f.rf_y_frac * f.tile_height() + f.rf_height() > f.tile_height() * (1.0 + 1e-12))
    fail("floorplan.rf_y_frac", "RF must fit in its tile: rf_y_frac * tile height + RF height <= tile height");
  return f;
}

PopulationParams PopulationParams::from_config(const Config& c) {
  PopulationParams p;
  p.chips = static_cast<int>(c.get_int("population.chips", Range::closed(1, 1000000)));
  p.seed = static_cast<std::uint64_t>(c.get_int("population.seed", Range::non_negative()));
  p.deflate_level = static_cast<int>(c.get_int("population.deflate_level", Range::closed(0, 9)));
  return p;
}

}  // namespace rfvar::varius
