// The cycle-model role of a technique (Tan 2016 §3.3, §6.1, Fig. 11).
//
// Contract: policy() gives the register mapping, warp scheduler and block-level renaming (Tan §3.3,
// §4.2.1); rf_provider() the register file at each kernel launch of one SM (`sm` == nullptr: the
// chip without PV, every delay nominal), with per-kernel hybrid sizing and the organization table
// renaming reads when the technique has them (Tan §3.3.4). ipc_every_chip(): the register file
// depends on the chip beyond its first SM's bank-speed pattern (VL-RF's per-register flags), so
// the IPC study averages the technique over every chip given (Tan §6.1.1).
#pragma once

#include <memory>

#include "arch/run_policy.h"
#include "arch/sm/rf_provider.h"
#include "rfmodel/params.h"
#include "technique/technique.h"
#include "varius/chip_sample.h"

namespace rfvar::technique {

class IIpcTechnique : public virtual ITechnique {
 public:
  virtual arch::SmPolicy policy() const = 0;
  virtual std::unique_ptr<arch::IRfProvider> rf_provider(const varius::SmDelays* sm, const varius::RfGeometry& g,
                                                         const rfmodel::RfParams& p) const = 0;
  virtual bool ipc_every_chip() const { return false; }
};

}  // namespace rfvar::technique
