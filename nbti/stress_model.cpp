#include "nbti/stress_model.h"

#include <cmath>
#include <sstream>

namespace rfvar::nbti {

namespace {

constexpr double kBoltzmann_eV_per_K = 8.617333262e-5;
constexpr double kCalibrationYears = 7.0;  // nbti.dv_dc_7y_mV is defined at 7 years

// x^(1/(2n)) and its inverse, sign-preserving. For n = 1/6 these are x^3 and cbrt(x) exactly.
double root_power(const NbtiParams& p, double x) {
  if (std::abs(p.n - 1.0 / 6.0) < 1e-12) return x * x * x;
  return std::copysign(std::pow(std::abs(x), 1.0 / (2.0 * p.n)), x);
}
double inverse_root_power(const NbtiParams& p, double x) {
  if (std::abs(p.n - 1.0 / 6.0) < 1e-12) return std::cbrt(x);
  return std::copysign(std::pow(std::abs(x), 2.0 * p.n), x);
}

std::string fmt(double v) {
  std::ostringstream os;
  os << v;
  return os.str();
}

}  // namespace

void check_utilization(double u, const char* what) {
  if (!(u >= 0.0 && u <= 1.0))
    throw InputError(std::string(what) + " = " + fmt(u) + " is out of range; accepted: [0, 1]");
}

void check_years(double years) {
  if (!(years > 0.0) || !std::isfinite(years))
    throw InputError("lifetime years = " + fmt(years) + " is out of range; accepted: > 0");
}

StressTime StressTime::lifetime(double utilization, double years) {
  check_years(years);
  StressTime t;
  t.add(utilization, years * kSecondsPerYear);
  return t;
}

void StressTime::add(double utilization, double seconds) {
  check_utilization(utilization, "utilization");
  if (!(seconds >= 0.0) || !std::isfinite(seconds))
    throw InputError("epoch duration = " + fmt(seconds) + " s is out of range; accepted: >= 0");
  stress_s += utilization * seconds;  // docs/models.md#nbti: t_s = U T
  recovery_s += (1.0 - utilization) * seconds;  // t_r = (1 - U) T
}

double kv(const NbtiParams& p) {
  // docs/models.md#nbti: K_v = dV_dc^(1/(2n)) / sqrt(7 y), e.g. 0.050^3 / sqrt(7 y) = 8.41e-9 V^3 s^-1/2.
  const double kv_ref = root_power(p, p.dv_dc_7y_V) / std::sqrt(kCalibrationYears * kSecondsPerYear);
  // docs/models.md#nbti: K_v(T) ~ exp(-E_a / (2 k T)), relative to the reference temperature.
  const double arrhenius = std::exp(-p.activation_energy_eV / (2.0 * kBoltzmann_eV_per_K) *
                                    (1.0 / p.temperature_K - 1.0 / p.reference_temperature_K));
  return kv_ref * arrhenius;
}

double stressed_dvth_V(const NbtiParams& p, double dvth0_V, double stress_s) {
  if (!(stress_s >= 0.0))
    throw InputError("stress time = " + fmt(stress_s) + " s is out of range; accepted: >= 0");
  // Tan 2016 Eq. 1: dV_s = (K_v sqrt(t_s) + dV0^(1/(2n)))^(2n).
  return inverse_root_power(p, kv(p) * std::sqrt(stress_s) + root_power(p, dvth0_V));
}

double recovery_factor(const NbtiParams& p, const StressTime& t) {
  if (t.total_s() <= 0.0) return 1.0;
  // Tan 2016 Eq. 2: R = 1 - sqrt(eta t_r / (t_s + t_r)).
  return 1.0 - std::sqrt(p.eta * t.recovery_s / t.total_s());
}

double aged_dvth_V(const NbtiParams& p, double dvth0_V, const StressTime& t) {
  const double dv_s = stressed_dvth_V(p, dvth0_V, t.stress_s);
  const double r = recovery_factor(p, t);
  if (p.recovery == RecoveryForm::literal) return dv_s * r;  // Tan Eq. 2 as printed
  return dvth0_V + (dv_s - dvth0_V) * r;                     // docs/models.md#nbti: recovery of the increment
}

double aged_dvth_V(const NbtiParams& p, double dvth0_V, double utilization, double years) {
  return aged_dvth_V(p, dvth0_V, StressTime::lifetime(utilization, years));
}

}  // namespace rfvar::nbti
