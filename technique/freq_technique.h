// The frequency-study role of a technique (Tan 2016 §3.2, Fig. 3).
//
// Contract: freq_setup() is a pure function of one SM's fresh delays: the RfSetup (clock normalized
// to the SM without PV, per-row latencies, hybrid lanes, sub-bank map) the technique gives that SM;
// `hybrid_banks` = h for the techniques with hybrid banks (ignored by the others).
#pragma once

#include "rfmodel/params.h"
#include "rfmodel/rf_setup.h"
#include "technique/technique.h"
#include "varius/chip_sample.h"

namespace rfvar::technique {

class IFreqTechnique : public virtual ITechnique {
 public:
  virtual rfmodel::RfSetup freq_setup(const varius::SmDelays& sm, const varius::RfGeometry& g,
                                      const rfmodel::RfParams& p, int hybrid_banks) const = 0;
};

}  // namespace rfvar::technique
