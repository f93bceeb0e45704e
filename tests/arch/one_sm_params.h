// Shared by the arch tests: the default [arch] parameters with a single SM, so every block of a
// test kernel's grid runs on the simulated SM.
#pragma once

#include "arch/core/params.h"
#include "common/config.h"

namespace rfvar::arch {

inline ArchParams one_sm_params() {
  ArchParams p = ArchParams::from_config(Config::load_default());
  p.sms = 1;  // every block of the grid runs on the simulated SM
  return p;
}

}  // namespace rfvar::arch
