// Parameters of the register-file techniques (rfmodel/), read from the [rfmodel] section of
// data/fermi-32nm.toml (and floorplan.subbanks for S).
//
// Contract: from_config() validates every field and throws ConfigError naming the key, the value
// and the accepted range. Delays everywhere in rfmodel/ are normalized to the no-PV cell (1.0).
#pragma once

#include "common/config.h"

namespace rfvar::rfmodel {

struct RfParams {
  double fast_fraction = 0.7;  // n of n % VL-RF / VL-RV / VL-SB: fraction classified fast, (0, 1]
  int subbanks = 2;            // S: column sub-banks per bank for VL-SB / RF-BRO (1, 2, 4, 8, 16, 32)
  int rv_array_vectors = 32;   // VL-RV: neighbouring register vectors per array
  int slow_access_cycles = 2;  // cycles of an access to a slow register / vector / bank

  static RfParams from_config(const Config& c);
  // Throws InputError if a field is out of range (used after CLI overrides).
  void validate() const;
};

}  // namespace rfvar::rfmodel
