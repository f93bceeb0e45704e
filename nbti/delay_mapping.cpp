#include "nbti/delay_mapping.h"

#include <cmath>
#include <stdexcept>
#include <string>

namespace rfvar::nbti {

namespace {
void check_overdrive(double overdrive_V, double dvth_V) {
  if (!(overdrive_V - dvth_V > 0.0))
    throw InputError("Vth shift " + std::to_string(dvth_V) + " V leaves no gate overdrive (Vdd - Vth = " +
                     std::to_string(overdrive_V) + " V)");
}
}  // namespace

double delay_ratio_to_nominal(const NbtiParams& p, double dvth_V) {
  const double overdrive_V = p.vdd_V - p.delay_vth_V;
  check_overdrive(overdrive_V, dvth_V);
  // docs/models.md#nbti: d/d0 = ((Vdd - Vth0) / (Vdd - Vth0 - dV))^alpha (alpha-power law).
  return std::pow(overdrive_V / (overdrive_V - dvth_V), p.alpha);
}

double aging_delay_factor(const NbtiParams& p, double dvth0_V, double dvth_V) {
  return delay_ratio_to_nominal(p, dvth_V) / delay_ratio_to_nominal(p, dvth0_V);
}

double critical_cell_delay_factor(const NbtiParams& p, double fresh_delay, double increment_V) {
  if (!(fresh_delay > 0.0)) throw std::invalid_argument("critical_cell_delay_factor: fresh delay must be > 0");
  // Inverting the alpha-power law: a cell of delay d has overdrive (Vdd - Vth) d^(-1/alpha) left.
  const double overdrive_V = (p.vdd_V - p.delay_vth_V) * std::pow(fresh_delay, -1.0 / p.alpha);
  check_overdrive(overdrive_V, increment_V);
  // docs/models.md#nbti mapping applied to that cell: ((Vdd - Vth_cell) / (Vdd - Vth_cell - dV_NBTI))^alpha.
  return std::pow(overdrive_V / (overdrive_V - increment_V), p.alpha);
}

double subbank_delay_factor(const NbtiParams& p, double fresh_delay, double dvth0_V, double dvth_V) {
  if (p.delay_reference == DelayReference::systematic) return aging_delay_factor(p, dvth0_V, dvth_V);
  return critical_cell_delay_factor(p, fresh_delay, dvth_V - dvth0_V);
}

double sensor_reading(const NbtiParams& p, double delay) {
  if (p.sensor_step <= 0.0) return delay;
  // Round up to the bin's upper edge; the 1e-9 keeps an exact multiple in its own bin.
  return std::ceil(delay / p.sensor_step - 1e-9) * p.sensor_step;
}

}  // namespace rfvar::nbti
