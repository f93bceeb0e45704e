#include "nbti/delay_mapping.h"

#include <cmath>
#include <string>

namespace rfvar::nbti {

double delay_ratio_to_nominal(const NbtiParams& p, double dvth_V) {
  const double overdrive_V = p.vdd_V - p.vth0_V;
  if (!(overdrive_V - dvth_V > 0.0))
    throw InputError("Vth shift " + std::to_string(dvth_V) + " V leaves no gate overdrive (Vdd - Vth0 = " +
                     std::to_string(overdrive_V) + " V)");
  // spec §3: d/d0 = ((Vdd - Vth0) / (Vdd - Vth0 - dV))^alpha (alpha-power law).
  return std::pow(overdrive_V / (overdrive_V - dvth_V), p.alpha);
}

double aging_delay_factor(const NbtiParams& p, double dvth0_V, double dvth_V) {
  return delay_ratio_to_nominal(p, dvth_V) / delay_ratio_to_nominal(p, dvth0_V);
}

double sensor_reading(const NbtiParams& p, double delay) {
  if (p.sensor_step <= 0.0) return delay;
  // Round up to the bin's upper edge; the 1e-9 keeps an exact multiple in its own bin.
  return std::ceil(delay / p.sensor_step - 1e-9) * p.sensor_step;
}

}  // namespace rfvar::nbti
