// Whether a chip population was made with the chip configuration now in force.
//
// Contract: check_chip_config() compares every key under [varius] and [floorplan] (what the chips
// were sampled with, and what the aging and delay models read: Vdd, Vth0, alpha, sub-banks) of the
// file's stored configuration with the configuration in force, and throws InputError naming the
// file and each differing key with both values when they differ (nothing else is checked).
#pragma once

#include <string>

#include "common/config.h"

namespace rfvar::study {

void check_chip_config(const Config& file_config, const Config& in_force, const std::string& file_name);

}  // namespace rfvar::study
