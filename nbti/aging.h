// Ages the sub-banks of one SM: fresh delays + PV offsets + utilization -> aged delays (docs/models.md#nbti).
//
// Contract: pure. Inputs are indexed by physical sub-bank (varius/ numbering) and must have equal
// lengths (else std::invalid_argument). Each sub-bank's total Vth offset follows
// stress_model.h from its own dV0 and stress time; its aged delay is its fresh delay times
// subbank_delay_factor(fresh delay, dV0, dV) (delay_mapping.h: by default the increment is applied to
// the sub-bank's critical cell). Per-register aged delays apply the register's sub-bank factor
// (an approximation: every cell takes the increment of the sub-bank's mean systematic dV0 and the
// factor of its critical cell; a cell's own random offset would change both slightly). Utilizations
// outside [0, 1] and years <= 0 throw InputError naming the value and the accepted range.
#pragma once

#include <span>
#include <vector>

#include "nbti/params.h"
#include "nbti/stress_model.h"
#include "varius/chip_sample.h"

namespace rfvar::nbti {

struct AgedSubbanks {
  std::vector<double> fresh_delay;   // normalized delay before aging
  std::vector<double> dvth0_V;       // PV systematic Vth offset (NBTI dV0)
  std::vector<double> dvth_V;        // total Vth offset after aging (includes dV0)
  std::vector<double> delay_factor;  // aged delay / fresh delay
  std::vector<double> delay;         // normalized delay after aging
  std::size_t size() const { return delay.size(); }
};

// Each sub-bank with its own accumulated stress/recovery time.
AgedSubbanks age_subbanks(const NbtiParams& p, std::span<const float> fresh_delay,
                          std::span<const float> dvth0_V, std::span<const StressTime> stress);
// Constant utilization U[s] over `years`.
AgedSubbanks age_subbanks(const NbtiParams& p, std::span<const float> fresh_delay,
                          std::span<const float> dvth0_V, std::span<const double> utilization, double years);
// An SM from varius/ over p.lifetime_years.
AgedSubbanks age_sm(const NbtiParams& p, const varius::SmDelays& sm, std::span<const double> utilization);

// Per-register aged delays: reg_delay[r] x delay_factor[subbank of r] (geometry as in varius/).
std::vector<double> aged_register_delays(const varius::RfGeometry& g, std::span<const float> reg_delay,
                                         std::span<const double> subbank_delay_factor);

// What each sub-bank's NBTI sensor reads now (sensor_reading() of every aged delay), as float
// like the delays rfmodel/'s bank table and renaming functions take.
std::vector<float> sensor_readings(const NbtiParams& p, const AgedSubbanks& aged);

}  // namespace rfvar::nbti
