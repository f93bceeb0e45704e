#include "nbti/params.h"

namespace rfvar::nbti {

namespace {
constexpr double kZeroCelsius_K = 273.15;
}

NbtiParams NbtiParams::from_config(const Config& c) {
  NbtiParams p;
  p.lifetime_years = c.get_double("nbti.lifetime_years", Range::positive());
  p.lifetime_epochs = static_cast<int>(c.get_int("nbti.lifetime_epochs", Range::closed(1.0, 1000.0)));
  p.dv_dc_7y_V = 1e-3 * c.get_double("nbti.dv_dc_7y_mV", Range::open_closed(0.0, 500.0));
  p.n = c.get_double("nbti.n", Range::open_closed(0.0, 0.5));
  p.eta = c.get_double("nbti.eta", Range::closed(0.0, 1.0));
  p.recovery = c.get_string("nbti.recovery", {"increment", "literal"}) == "literal"
                   ? RecoveryForm::literal
                   : RecoveryForm::increment;
  p.temperature_K = kZeroCelsius_K + c.get_double("nbti.temperature_C", Range::closed(-55.0, 200.0));
  p.reference_temperature_K =
      kZeroCelsius_K + c.get_double("nbti.reference_temperature_C", Range::closed(-55.0, 200.0));
  p.activation_energy_eV = c.get_double("nbti.activation_energy_eV", Range::closed(0.0, 5.0));
  p.utilization = c.get_string("nbti.utilization", {"activity", "allocated"}) == "allocated"
                      ? UtilizationSource::allocated
                      : UtilizationSource::activity;
  p.activity_scale = c.get_double("nbti.activity_scale", Range::positive());
  p.sensor_step = c.get_double("nbti.sensor_step", Range::non_negative());
  p.vdd_V = c.get_double("varius.vdd_V", Range::positive());
  p.delay_vth_V = c.get_double("nbti.delay_vth_V", Range{0.0, p.vdd_V, true, true});
  p.delay_reference = c.get_string("nbti.delay_reference", {"critical_cell", "systematic"}) == "systematic"
                          ? DelayReference::systematic
                          : DelayReference::critical_cell;
  p.alpha = c.get_double("varius.alpha", Range::closed(1.0, 2.0));
  p.guardband_fast_set = c.get_string("nbti.guardband_fast_set", {"chip_test", "aged_rank"}) == "aged_rank"
                             ? GuardbandFastSet::aged_rank
                             : GuardbandFastSet::chip_test;
  return p;
}

}  // namespace rfvar::nbti
