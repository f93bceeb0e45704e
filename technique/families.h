// Parts several technique files share: the RF-BRO based register files and PV-opt's SM policies.
//
// Contract: thin compositions of setups.h / providers.h; every technique that uses them states its
// own info, roles and remaining hooks in its file.
#pragma once

#include <memory>

#include "arch/run_policy.h"
#include "technique/providers.h"

namespace rfvar::technique {

// VL-SB + RF-BRO without hybrid banks or renaming table (Tan §3.2.2): vl-sb+rf-bro, fba-rm,
// two-level, fwas.
inline std::unique_ptr<arch::IRfProvider> rf_bro_rf(const varius::SmDelays* sm, const varius::RfGeometry& g,
                                                    const rfmodel::RfParams& p) {
  return rf_bro_provider(sm, g, p, "vl-sb+rf-bro", false, false);
}

// PV-opt's register file (Tan §3.3.4): VL-SB + RF-BRO with hybrid banks sized per kernel, and the
// organization table when block-level renaming reads it.
inline std::unique_ptr<arch::IRfProvider> pv_opt_rf(const varius::SmDelays* sm, const varius::RfGeometry& g,
                                                    const rfmodel::RfParams& p, bool with_table) {
  return rf_bro_provider(sm, g, p, "vl-sb+rf-bro+hybrid", true, with_table);
}

// PV-opt's SM policies (Tan §3.3): hybrid-bank placement mapping and FWAS, optionally block-level
// renaming (§4.2.1) or its by-weight counterfactual.
inline arch::SmPolicy pv_opt_policy(bool renaming = false, bool by_weight = false) {
  return {"hybrid", "fwas", renaming, by_weight};
}

}  // namespace rfvar::technique
