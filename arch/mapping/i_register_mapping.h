// Maps a warp's architectural register to a virtual bank of the register file.
//
// Contract: on_kernel_launch() is called at every kernel launch with the RfSetup in force (and the
// bank organization table when the technique has one); on_block_launch() at every block launch with
// the block's warp slots (the hook of block-level renaming, Tan §4.2.1). bank() is then a pure
// function of its arguments until the next hook; the SM calls it once per (warp, register) at block
// launch and caches the result, never per access. `partial` says the vector is partially used
// (the warp is partially active, or the register is programmatic-value divergent) — the vectors
// hybrid banks hold (Tan §3.3.4). Rows inside a bank are allocated by the SM (lowest free row), so
// VL-RF's per-register slow flags, which rfmodel folds into a per-(bank, row) latency ("an operand
// is slow if any of its 32 registers is"), apply to whatever row a vector lands in.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "workload/kernel.h"
#include "rfmodel/bank_table.h"
#include "rfmodel/rf_setup.h"

namespace rfvar::arch {

struct MappingContext {
  const Kernel* kernel = nullptr;
  const rfmodel::RfSetup* setup = nullptr;
  const rfmodel::BankTable* table = nullptr;  // null when the technique has no organization table
  std::span<const float> bank_delay;          // current delay per virtual bank (sensors); may be empty
  int resident_warps = 0;                     // warp slots the kernel can occupy (occupancy x warps/block)
};

class IRegisterMapping {
 public:
  virtual ~IRegisterMapping() = default;
  virtual void on_kernel_launch(const MappingContext& ctx) = 0;
  virtual void on_block_launch(std::span<const int> /*warp_slots*/) {}
  virtual int bank(int warp_slot, int reg, bool partial) const = 0;
};

// Name -> factory table: "eq3" (Tan Eq. 3), "fba-rm" (§3.3.2), "hybrid" (§3.3.4 placement).
std::unique_ptr<IRegisterMapping> make_mapping(const std::string& name);
std::vector<std::string> mapping_names();
// Block-level bank renaming (Tan §4.2.1) applied after `base`: per resident block a 16-entry row
// from rfmodel::renaming_row_held() at each block launch, visiting the banks that hold R0, R1, ... of
// the block's last warp. With `by_weight` (a counterfactual for the decomposition in docs/models.md,
// not Tan's rule) the banks are visited by the block's static register weight in them, heaviest
// first. Identity when the context has no table.
std::unique_ptr<IRegisterMapping> with_renaming(std::unique_ptr<IRegisterMapping> base, bool by_weight = false);

std::unique_ptr<IRegisterMapping> make_eq3_mapping();
std::unique_ptr<IRegisterMapping> make_fba_rm_mapping();
std::unique_ptr<IRegisterMapping> make_hybrid_mapping();

}  // namespace rfvar::arch
