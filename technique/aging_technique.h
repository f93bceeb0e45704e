// The aging-study role of a technique (Tan 2016 §4, Fig. 12-13).
//
// Contract: policy() gives the SM policies the technique runs with over its lifetime (the same
// SmPolicy as its cycle-model role when it has one); aging() the fresh plan, the sensor steering and
// the guardband rule (aging_hooks.h).
#pragma once

#include "arch/run_policy.h"
#include "technique/aging_hooks.h"
#include "technique/technique.h"

namespace rfvar::technique {

class IAgingTechnique : public virtual ITechnique {
 public:
  virtual arch::SmPolicy policy() const = 0;
  virtual const AgingHooks& aging() const = 0;
};

}  // namespace rfvar::technique
