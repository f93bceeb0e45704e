// Loose round robin: the factory (the policy is inline in lrr.h).
#include "arch/scheduler/lrr.h"

namespace rfvar::arch {

std::unique_ptr<IWarpScheduler> make_lrr() { return std::make_unique<Lrr>(); }

}  // namespace rfvar::arch
