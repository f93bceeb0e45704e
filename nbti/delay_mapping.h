// From a Vth shift to a read delay, and the NBTI sensor that reads a sub-bank's delay (spec §3).
//
// Contract: pure functions. Delays are normalized like varius/ (1.0 = a nominal cell). The
// alpha-power mapping d/d0 = ((Vdd - Vth0) / (Vdd - Vth0 - dV))^alpha uses Vdd, Vth0 and alpha of
// [varius]. A shift that leaves no gate overdrive (dV >= Vdd - Vth0) throws InputError.
#pragma once

#include "nbti/params.h"

namespace rfvar::nbti {

// spec §3: delay of a device with total Vth offset dV relative to the nominal device.
double delay_ratio_to_nominal(const NbtiParams& p, double dvth_V);

// The factor by which aging multiplies a sub-bank's fresh delay: its fresh delay already holds
// the PV offset dV0, so the factor is delay_ratio(dV) / delay_ratio(dV0)
// = ((Vdd - Vth0 - dV0) / (Vdd - Vth0 - dV))^alpha. Equals the spec formula when dV0 = 0.
double aging_delay_factor(const NbtiParams& p, double dvth0_V, double dvth_V);

// An NBTI sensor's reading of a sub-bank whose current delay is `delay` (Tan §4.2.1): exact when
// sensor_step = 0, else rounded up to the next multiple of sensor_step (a sensor reports the bin
// its delay falls in; rounding up keeps a renaming decision conservative).
double sensor_reading(const NbtiParams& p, double delay);

}  // namespace rfvar::nbti
