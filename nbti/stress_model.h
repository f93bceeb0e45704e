// The NBTI threshold-voltage shift of one device group after a lifetime of stress and recovery:
// Tan 2016 Eq. 1 (stress, after Facelift) and Eq. 2 (recovery), closed form.
//
// Contract: pure functions of their arguments. Times are lifetime totals (t_s = U T,
// t_r = (1 - U) T, or sums over epochs of U_i dt_i), never iterated per epoch: the closed form is
// applied once to the totals. dV0 is the group's initial (process-variation) Vth offset in volts
// and may be negative. Returned shifts are total offsets from the nominal Vth0 in volts (they
// include dV0). Bad input (years <= 0, U outside [0, 1], negative times) throws InputError naming
// the value and the accepted range.
#pragma once

#include "nbti/params.h"

namespace rfvar::nbti {

inline constexpr double kSecondsPerYear = 365.25 * 24 * 3600;

// Accumulated stress and recovery time.
struct StressTime {
  double stress_s = 0;
  double recovery_s = 0;

  // Lifetime totals for a constant stress fraction U over `years`.
  static StressTime lifetime(double utilization, double years);
  // Adds an epoch of `seconds` at stress fraction U.
  void add(double utilization, double seconds);
  double total_s() const { return stress_s + recovery_s; }
};

// K_v at the operating temperature (V^(1/(2n)) s^-1/2): calibrated so that 7 years of DC stress
// from dV0 = 0 at the reference temperature gives dv_dc_7y_V, scaled by exp(-E_a / (2 k T)).
double kv(const NbtiParams& p);

// Tan Eq. 1: dV_s = (K_v sqrt(t_s) + dV0^(1/(2n)))^(2n), with a sign-preserving root (cbrt for
// n = 1/6) so that a negative dV0 is handled.
double stressed_dvth_V(const NbtiParams& p, double dvth0_V, double stress_s);

// Tan Eq. 2: R = 1 - sqrt(eta t_r / (t_s + t_r)); R = 1 when no time has passed.
double recovery_factor(const NbtiParams& p, const StressTime& t);

// The total Vth offset after stress and recovery, by the configured recovery form.
double aged_dvth_V(const NbtiParams& p, double dvth0_V, const StressTime& t);
// Convenience: constant utilization U over `years`.
double aged_dvth_V(const NbtiParams& p, double dvth0_V, double utilization, double years);

// Throw InputError unless 0 <= u <= 1 (`what` names the quantity in the message).
void check_utilization(double u, const char* what);
// Throw InputError unless years > 0.
void check_years(double years);

}  // namespace rfvar::nbti
