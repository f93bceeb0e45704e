// The techniques of Tan 2016 Fig. 11 as compositions: RF setup x register mapping x scheduler.
//
// Contract: technique_table() is the explicit list, in Fig. 11 order; find_technique() throws
// InputError naming the accepted names. make_rf_provider() builds the per-kernel-launch RfSetup of a
// technique for one SM: `sm == nullptr` means the chip without PV (every delay nominal, so every
// technique sees only fast banks). "baseline" is the normalization: no PV, every access one cycle.
// "all-slow" is the reference bound: every access slow, clock 1; like "baseline" it ignores the chip.
// Hybrid techniques size their hybrid banks per kernel (rfmodel::hybrid_banks_for_kernel on the
// kernel's partially used vectors at full occupancy) and rebuild the setup at each kernel launch.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "arch/sm/rf_provider.h"
#include "rfmodel/params.h"
#include "varius/chip_sample.h"

namespace rfvar::arch {

struct TechniqueSpec {
  std::string name;
  std::string rf;         // rfmodel technique name, "ideal" (no PV, all accesses one cycle) or
                          // "all-slow" (RfSetup::all_slow: every access slow_access_cycles, clock 1)
  std::string mapping;    // arch/mapping name
  std::string scheduler;  // arch/scheduler name
  bool renaming = false;  // block-level bank renaming (NBTI-opt, Tan §4.2.1)
  std::string summary;
  bool renaming_by_weight = false;  // counterfactual renaming order (with_renaming()); not Tan's
};

const std::vector<TechniqueSpec>& technique_table();
const TechniqueSpec& find_technique(const std::string& name);
std::vector<std::string> arch_technique_names();

std::unique_ptr<IRfProvider> make_rf_provider(const TechniqueSpec& t, const varius::SmDelays* sm,
                                              const varius::RfGeometry& g, const rfmodel::RfParams& p);

}  // namespace rfvar::arch
