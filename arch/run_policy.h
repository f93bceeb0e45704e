// The SM policies a run uses besides its register file: register mapping, warp scheduler and
// block-level bank renaming.
//
// Contract: a plain value; names are those of arch/mapping (make_mapping) and arch/scheduler
// (make_scheduler), validated when the run builds them (InputError naming the accepted ones).
#pragma once

#include <memory>
#include <string>

#include "arch/mapping/i_register_mapping.h"

namespace rfvar::arch {

struct SmPolicy {
  std::string mapping = "eq3";      // arch/mapping name
  std::string scheduler = "lrr";    // arch/scheduler name
  bool renaming = false;            // block-level bank renaming (Tan §4.2.1)
  bool renaming_by_weight = false;  // counterfactual renaming order (with_renaming()); not Tan's
};

// make_mapping(policy.mapping), wrapped by with_renaming() when policy.renaming.
std::unique_ptr<IRegisterMapping> make_policy_mapping(const SmPolicy& policy);

}  // namespace rfvar::arch
