// The register-file cache (Gebhart et al. ISCA 2011) in the SM: an operand path (arch/sm/operand_path.h)
// around rfc::RegisterFileCache.
//
// Contract: entries belong to active warps only. When `active_set_managed` (a two-level
// scheduler reports its active set) a warp holds entries between on_warp_activate and
// on_warp_deactivate, which flushes it (live values written back to the main RF through the SM's
// background writes); otherwise every resident warp is active. An active warp's reads hit the
// RFC or go to the main-RF banks (no allocation on a miss); its results are written into the RFC
// (long-latency results bypass it) and evicted live values are written back; dead values (static
// liveness, kernel_liveness.h) are dropped. An inactive warp reads and writes the main RF.
#pragma once

#include <memory>
#include <vector>

#include "hierarchy/design/kernel_liveness.h"
#include "hierarchy/rfc/rf_cache.h"
#include "arch/sm/operand_path.h"

namespace rfvar::arch::hierarchy {

class RfcPath final : public IOperandPath {
 public:
  RfcPath(const rfc::RfcParams& p, bool sfu_long_latency, bool active_set_managed);

  bool serve_read(int warp_slot, int reg, std::uint64_t now) override;
  bool absorb_write(int warp_slot, int reg, std::uint64_t now) override;
  void on_kernel_launch(const Kernel& k, int warp_slots, IMainRfWriter& main_rf) override;
  void on_issue(int warp_slot, int pc, std::uint64_t now) override;
  std::uint64_t on_warp_activate(int warp_slot, int pc, std::uint64_t now) override;
  void on_warp_deactivate(int warp_slot, int pc, std::uint64_t now) override;
  void on_warp_exit(int warp_slot) override;

  // Statistics summed over every kernel launch so far (call after the run).
  rfc::RfcStats stats() {
    fold_stats();
    return total_;
  }
  // Results that arrived for an inactive warp (a load completing after deactivation): main-RF writes.
  std::uint64_t inactive_writes() const { return inactive_writes_; }

 private:
  void fold_stats();

  rfc::RfcParams p_;
  bool sfu_long_latency_, managed_;
  const Kernel* k_ = nullptr;
  KernelLiveness live_;
  std::unique_ptr<rfc::RegisterFileCache> rfc_;
  IMainRfWriter* main_ = nullptr;
  std::vector<std::uint8_t> active_;
  std::vector<int> pc_;                       // [slot] pc of the instruction issuing now
  std::size_t ids_ = 0;                       // the kernel's reg_ids
  std::vector<std::int32_t> writer_pc_;       // [slot * ids_ + reg] pc of the pending writer
  rfc::RfcStats total_;
  std::uint64_t inactive_writes_ = 0;
};

}  // namespace rfvar::arch::hierarchy
