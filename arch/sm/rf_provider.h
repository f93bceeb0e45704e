// Where the SM gets its register-file setup at each kernel launch.
//
// Contract: at_kernel_launch() is called at every kernel launch, before any block of it starts —
// the point where Tan's hybrid banks are built (§3.3.4) and NBTI-opt's kernel-level
// re-organization happens (§4.2.2). It returns the RfSetup in force for the launch and, when the
// technique has one, the bank organization table and the current per-virtual-bank delays used by
// block-level renaming. `partial_vectors` is the number of partially used register vectors of the
// kernel at full occupancy (the ideal hybrid-bank size). `so_far` is the statistics of the run up to
// this launch (an NBTI provider may turn utilization into sensor readings).
#pragma once

#include <optional>
#include <vector>

#include "arch/core/sm_stats.h"
#include "workload/kernel.h"
#include "rfmodel/bank_table.h"
#include "rfmodel/rf_setup.h"

namespace rfvar::arch {

struct KernelRf {
  rfmodel::RfSetup setup;
  std::optional<rfmodel::BankTable> table;
  std::vector<float> bank_delay;  // [banks] current delays for renaming; empty = the table's
};

class IRfProvider {
 public:
  virtual ~IRfProvider() = default;
  virtual KernelRf at_kernel_launch(const Kernel& k, int launch_index, int partial_vectors, const SmStats& so_far) = 0;
};

// The same setup at every launch (tests, the chip without PV).
class StaticRfProvider final : public IRfProvider {
 public:
  explicit StaticRfProvider(rfmodel::RfSetup s) : rf_{std::move(s), std::nullopt, {}} {}
  KernelRf at_kernel_launch(const Kernel&, int, int, const SmStats&) override { return rf_; }

 private:
  KernelRf rf_;
};

}  // namespace rfvar::arch
