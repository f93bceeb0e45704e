// What the aging techniques need from one SM's fresh (chip-test) delays, computed once per SM and
// shared by every technique and benchmark (Tan 2016 §3.2, §4; docs/models.md#nbti).
//
// Contract: prepare_sm() is a pure function of the SM's delays. The fresh plans (rf_plan.h) are
// those the aging techniques pick by FreshPlan: the ideal register file (every access one cycle),
// VL-RF's per-row latencies (only with `with_vl_rf`: they are unique per SM), and the VL-SB +
// RF-BRO + hybrid table without / with the organization table renaming reads.
#pragma once

#include <cstdint>
#include <vector>

#include "rfmodel/params.h"
#include "technique/rf_plan.h"
#include "varius/chip_sample.h"

namespace rfvar::technique {

enum class FreshPlan { ideal, vl_rf, bank_table, bank_table_renaming };

struct SmFresh {
  std::vector<float> subbank_delay;   // [16 S]: max register delay per sub-bank for rfmodel.subbanks
  std::vector<float> dvth0_V;         // [16 S]: systematic PV Vth offset (NBTI dV0)
  std::vector<std::uint8_t> fast;     // [16 S]: VL-SB fast sub-banks
  int fast_count = 0;                 // F
  double bank_clock_norm = 1.0;       // VL-SB clock
  std::vector<float> vl_rf_fast_max;  // [16 S]: slowest fast VL-RF register per sub-bank, 0 if none
  double vl_rf_period = 1.0;          // VL-RF clock period (normalized delay)
  SmRfPlan ideal, vl_rf, bank_table, bank_table_renaming;  // fresh plans (vl_rf empty unless asked)
  const SmRfPlan& plan(FreshPlan p) const;
};

// Throws InputError if the chip's sub-bank count differs from rfmodel.subbanks (dV0 per sub-bank
// comes from varius/ for floorplan.subbanks).
SmFresh prepare_sm(const varius::SmDelays& sm, const varius::RfGeometry& g, const rfmodel::RfParams& rp,
                   bool with_vl_rf);

}  // namespace rfvar::technique
