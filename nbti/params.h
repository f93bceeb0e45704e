// Parameters of the NBTI aging model (docs/models.md#nbti; Tan 2016 Eq. 1-2 after Facelift).
//
// Contract: built only by from_config(), which reads every value from the [nbti] section of the
// defaults file (and Vdd and alpha from [varius], so the delay mapping uses the same supply and
// alpha-power law as the chip generator) and validates it: an out-of-range key throws ConfigError naming the key, its
// value, where it came from and the accepted range. A built NbtiParams is always valid.
#pragma once

#include "common/config.h"

namespace rfvar::nbti {

// How recovery (Tan Eq. 2) is applied to the stressed shift.
enum class RecoveryForm {
  increment,  // dV = dV0 + (dV_s - dV0) R: recovery heals only the NBTI increment (default)
  literal,    // dV = dV_s R: Tan Eq. 2 as printed (also scales the PV offset dV0)
};

// What the Vth increment of aging is applied to when it becomes a delay (delay_mapping.h).
enum class DelayReference {
  critical_cell,  // the sub-bank's slowest cell, whose remaining overdrive follows from its fresh delay (default)
  systematic,     // a device at the sub-bank's mean systematic offset dV0 (ignores the random part)
};

// Which sub-banks the aged clock of a fixed-table technique (PV-opt) must keep fast (guardband.h).
enum class GuardbandFastSet {
  chip_test,  // the chip-test fast virtual banks 0..K-1, for the whole lifetime (docs/models.md#nbti; default)
  aged_rank,  // the K fastest virtual banks of the chip-test table ranked by aged delay (Tan §4.1,
              // Fig. 8 text: "the slowest bank in the fastest ... banks under the aggregated PV and NBTI effects")
};

// What a sub-bank's stress fraction U is measured from.
enum class UtilizationSource {
  activity,   // accesses per cycle x activity_scale, clamped to [0, 1] (default)
  allocated,  // fraction of cycles the sub-bank's entries hold a live block's registers
};

struct NbtiParams {
  double lifetime_years = 0;           // T, lifetime over which t_s and t_r accumulate
  int lifetime_epochs = 0;             // E, epochs of the NBTI-opt loop (re-organization between epochs)
  double dv_dc_7y_V = 0;               // shift after 7 years of DC stress at the reference temperature
  double n = 0;                        // time exponent of Tan Eq. 1 (1/6)
  double eta = 0;                      // recovery coefficient of Tan Eq. 2
  RecoveryForm recovery = RecoveryForm::increment;
  double temperature_K = 0;            // operating temperature
  double reference_temperature_K = 0;  // temperature at which dv_dc_7y_V holds
  double activation_energy_eV = 0;     // E_a of K_v(T) ~ exp(-E_a / (2 k T))
  UtilizationSource utilization = UtilizationSource::activity;
  double activity_scale = 0;           // U = activity_scale x accesses / cycles
  double sensor_step = 0;              // sensor quantum in normalized delay; 0 = exact
  double vdd_V = 0;                    // supply voltage (varius.vdd_V)
  double delay_vth_V = 0;              // effective alpha-power threshold of the read path (nbti.delay_vth_V)
  DelayReference delay_reference = DelayReference::critical_cell;
  double alpha = 0;                    // alpha-power exponent (varius.alpha)
  GuardbandFastSet guardband_fast_set = GuardbandFastSet::chip_test;

  static NbtiParams from_config(const Config& config);
};

}  // namespace rfvar::nbti
