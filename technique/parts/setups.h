// RfSetups and bank tables several techniques share, built on one SM's delays (Tan 2016 §3.2).
//
// Contract: pure functions of (SM delays, geometry, params). Sub-bank delays are derived from the
// per-register delays for p.subbanks (rfmodel/classify.h), so any S works with any chip file.
//   vl_rf_setup    n % VL-RF: a register vector is slow if any of its registers is (§3.2.1)
//   vl_sb_fast     n % VL-SB on the sub-bank delays: the classification and its fast mask
//   rf_bro_table   VL-SB + RF-BRO organization table with h hybrid banks (§3.2.2, §3.3.4)
//   rf_bro_setup   its RfSetup at the VL-SB clock, labelled `label`
//   nominal_sm     the SM without PV: every delay 1.0 (every technique sees only fast banks)
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "rfmodel/bank_table.h"
#include "rfmodel/classify.h"
#include "rfmodel/params.h"
#include "rfmodel/rf_setup.h"
#include "varius/chip_sample.h"

namespace rfvar::technique {

rfmodel::RfSetup vl_rf_setup(const varius::SmDelays& sm, const varius::RfGeometry& g,
                             const rfmodel::RfParams& p);

struct VlSbFast {
  std::vector<float> subbank_delay;  // [banks * S]
  rfmodel::VlSb classes;
  std::vector<std::uint8_t> fast;  // [banks * S], 1 = fast
};
VlSbFast vl_sb_fast(const varius::SmDelays& sm, const varius::RfGeometry& g, const rfmodel::RfParams& p);

rfmodel::BankTable rf_bro_table(const VlSbFast& c, const varius::RfGeometry& g, const rfmodel::RfParams& p,
                                int hybrid_banks);
rfmodel::RfSetup rf_bro_setup(const varius::SmDelays& sm, const varius::RfGeometry& g,
                              const rfmodel::RfParams& p, int hybrid_banks, const std::string& label);

varius::SmDelays nominal_sm(const varius::RfGeometry& g);

}  // namespace rfvar::technique
