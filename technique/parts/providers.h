// Register-file providers the techniques hand the SM model (arch/rf_provider.h).
//
// Contract: per_kernel_provider() calls
// `build(h)` once per distinct h and caches it, where h = rfmodel::hybrid_banks_for_kernel() of the
// launch's partially used vectors with Hybrid::per_kernel (Tan §3.3.4: hybrid banks sized per
// kernel), else 0. rf_bro_provider() is the VL-SB + RF-BRO register file of one SM (`sm` == nullptr:
// nominal delays) as RfBroOptions say (Tan §3.2.2, §3.3.4, §4.2.1).
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "arch/sm/rf_provider.h"
#include "rfmodel/params.h"
#include "varius/chip_sample.h"

namespace rfvar::technique {

enum class Hybrid { none, per_kernel };            // hybrid banks: none, or sized per kernel (Tan §3.3.4)
enum class RenamingTable { none, handed };         // the organization table handed to renaming (§4.2.1)

struct RfBroOptions {
  std::string label;                               // RfSetup::technique
  Hybrid hybrid = Hybrid::none;
  RenamingTable table = RenamingTable::none;
};

std::unique_ptr<arch::IRfProvider> per_kernel_provider(std::function<arch::KernelRf(int h)> build,
                                                       Hybrid hybrid, int rows_per_bank);
std::unique_ptr<arch::IRfProvider> rf_bro_provider(const varius::SmDelays* sm, const varius::RfGeometry& g,
                                                   const rfmodel::RfParams& p, const RfBroOptions& o);

}  // namespace rfvar::technique
