// What a technique does over an SM's lifetime in the aging study (Tan 2016 §4, Fig. 12-13).
//
// Contract: plain values. `plan` picks the fresh plan (fresh_sm.h) the SM runs from chip test;
// `sensing` says what the NBTI sensors steer at every epoch's kernel launches after the first
// (nothing, block-level renaming on the chip-test table, or kernel-level re-organization, which
// also hands the new table to renaming); `guardband` is the rule that turns the aged sub-bank
// delays into the fresh and aged clock periods (guardband_rule.h).
#pragma once

#include <memory>

#include "technique/fresh_sm.h"
#include "technique/guardband_rule.h"

namespace rfvar::technique {

enum class Sensing {
  none,        // one plan for the whole lifetime
  renaming,    // Tan §4.2.1 alone: chip-test table kept, banks ranked by the sensors' readings
  reorganize,  // Tan §4.2.2: re-sort, re-pair and rebuild hybrids from the readings
};

struct AgingHooks {
  FreshPlan plan = FreshPlan::ideal;
  Sensing sensing = Sensing::none;
  std::shared_ptr<const IGuardbandRule> guardband;
};

}  // namespace rfvar::technique
