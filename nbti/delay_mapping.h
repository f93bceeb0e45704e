// From a Vth shift to a read delay, and the NBTI sensor that reads a sub-bank's delay (docs/models.md#nbti).
//
// Contract: pure functions. Delays are normalized like varius/ (1.0 = a nominal cell). The
// alpha-power mapping d/d0 = ((Vdd - Vth) / (Vdd - Vth - dV))^alpha uses Vdd and alpha of [varius]
// and the read path's effective threshold nbti.delay_vth_V. A shift that leaves no gate overdrive
// throws InputError.
//
// A sub-bank's delay is its slowest cell's (varius/ takes the max over cells), and that cell is slow
// because its own Vth (systematic + random) is high: its remaining overdrive is smaller than a nominal
// cell's, so the same NBTI increment slows it more. critical_cell_delay_factor() applies the increment
// to that cell: the overdrive left in a cell of fresh delay d is (Vdd - Vth) d^(-1/alpha) (inverting
// the alpha-power law), so a slow sub-bank near the clock boundary is the most aging-sensitive one.
#pragma once

#include "nbti/params.h"

namespace rfvar::nbti {

// docs/models.md#nbti: delay of a device with total Vth offset dV relative to the nominal device.
double delay_ratio_to_nominal(const NbtiParams& p, double dvth_V);

// The factor by which aging multiplies a sub-bank's fresh delay when the sub-bank is taken as one
// device at its systematic offset dV0 (delay_reference = "systematic"):
// delay_ratio(dV) / delay_ratio(dV0) = ((Vdd - Vth - dV0) / (Vdd - Vth - dV))^alpha.
double aging_delay_factor(const NbtiParams& p, double dvth0_V, double dvth_V);

// The same for the sub-bank's critical (slowest) cell of fresh normalized delay `fresh_delay`
// (delay_reference = "critical_cell", default): ((od) / (od - increment))^alpha with
// od = (Vdd - Vth) fresh_delay^(-1/alpha) and increment = dV - dV0 (the NBTI part of the shift).
double critical_cell_delay_factor(const NbtiParams& p, double fresh_delay, double increment_V);

// By p.delay_reference.
double subbank_delay_factor(const NbtiParams& p, double fresh_delay, double dvth0_V, double dvth_V);

// An NBTI sensor's reading of a sub-bank whose current delay is `delay` (Tan §4.2.1): exact when
// sensor_step = 0, else rounded up to the next multiple of sensor_step (a sensor reports the bin
// its delay falls in; rounding up keeps a renaming decision conservative).
double sensor_reading(const NbtiParams& p, double delay);

}  // namespace rfvar::nbti
