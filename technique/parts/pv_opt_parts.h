// Parts several technique files share: the RF-BRO based register files and PV-opt's SM policies.
//
// Contract: thin compositions of setups.h / providers.h; every technique that uses them states its
// own info, roles and remaining hooks in its file.
#pragma once

#include <memory>

#include "arch/run_policy.h"
#include "technique/parts/providers.h"

namespace rfvar::technique {

// Block-level bank renaming (Tan §4.2.1) in PV-opt's policies.
enum class Renaming {
  off,        // PV-opt alone (Tan §3.3)
  tan,        // Tan §4.2.1: the last warp's registers visit the banks in the table's order
  by_weight,  // counterfactual (not Tan's): banks visited by the block's static register weight
};

// VL-SB + RF-BRO without hybrid banks or renaming table (Tan §3.2.2): vl-sb+rf-bro, fba-rm,
// two-level, fwas.
inline std::unique_ptr<arch::IRfProvider> rf_bro_rf(const varius::SmDelays* sm, const varius::RfGeometry& g,
                                                    const rfmodel::RfParams& p) {
  return rf_bro_provider(sm, g, p, {.label = "vl-sb+rf-bro", .hybrid = Hybrid::none, .table = RenamingTable::none});
}

// PV-opt's register file (Tan §3.3.4): VL-SB + RF-BRO with hybrid banks sized per kernel, and the
// organization table when block-level renaming reads it.
inline std::unique_ptr<arch::IRfProvider> pv_opt_rf(const varius::SmDelays* sm, const varius::RfGeometry& g,
                                                    const rfmodel::RfParams& p, RenamingTable table) {
  return rf_bro_provider(sm, g, p, {.label = "vl-sb+rf-bro+hybrid", .hybrid = Hybrid::per_kernel, .table = table});
}

// PV-opt's SM policies (Tan §3.3): hybrid-bank placement mapping and FWAS, with block-level
// renaming as `renaming` says.
inline arch::SmPolicy pv_opt_policy(Renaming renaming) {
  return {.mapping = "hybrid",
          .scheduler = "fwas",
          .renaming = renaming != Renaming::off,
          .renaming_by_weight = renaming == Renaming::by_weight};
}

}  // namespace rfvar::technique
