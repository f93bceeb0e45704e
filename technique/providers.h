// Register-file providers the techniques hand the SM model (arch/rf_provider.h).
//
// Contract: fixed_provider() hands the same setup (no table) at every launch. per_kernel_provider() calls
// `build(h)` once per distinct h and caches it, where h = rfmodel::hybrid_banks_for_kernel() of the
// launch's partially used vectors when `hybrid` (Tan §3.3.4: hybrid banks sized per kernel), else 0.
// rf_bro_provider() is the VL-SB + RF-BRO register file of one SM (`sm` == nullptr: nominal delays),
// labelled `label`, with per-kernel hybrid banks when `hybrid` and the organization table block-level
// renaming reads when `with_table` (Tan §3.2.2, §3.3.4, §4.2.1).
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "arch/sm/rf_provider.h"
#include "rfmodel/params.h"
#include "varius/chip_sample.h"

namespace rfvar::technique {

std::unique_ptr<arch::IRfProvider> fixed_provider(rfmodel::RfSetup setup);
std::unique_ptr<arch::IRfProvider> per_kernel_provider(std::function<arch::KernelRf(int h)> build,
                                                       bool hybrid, int rows_per_bank);
std::unique_ptr<arch::IRfProvider> rf_bro_provider(const varius::SmDelays* sm, const varius::RfGeometry& g,
                                                   const rfmodel::RfParams& p, const std::string& label,
                                                   bool hybrid, bool with_table);

}  // namespace rfvar::technique
