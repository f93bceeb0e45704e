// Register-to-bank mapping: Tan 2016 Eq. 3 (the one place it lives), the fast-bank-aware mapping
// FBA-RM (§3.3.2) and the block-level bank renaming row (§4.2.1, Fig. 10).
//
// Contract: pure functions. Bank ids returned by eq3_bank() and FbaRm::bank() are the "Eq. 3 bank
// ids" that a block's renaming row (identity without NBTI-opt) turns into virtual bank ids of the
// BankTable / RfSetup. Virtual banks are assumed ordered as organize_banks() builds them: pure fast
// first, then hybrid, then slow.
#pragma once

#include <span>
#include <vector>

#include "rfmodel/bank_table.h"

namespace rfvar::rfmodel {

// Tan 2016 Eq. 3: bank = (warp_id + reg_id) % banks. warp_id is the SM warp slot (recycled by new
// blocks), reg_id the architectural register number. Requires banks >= 1, ids >= 0.
inline int eq3_bank(int warp_id, int reg_id, int banks = 16) { return (warp_id + reg_id) % banks; }

// FBA-RM decided at kernel launch (Tan §3.3.2). With B_f fast virtual banks (ids 0..B_f-1) and
// B_s = banks - B_f slow ones (ids B_f..banks-1):
//   * if Eq. 3 over the fast banks only fits every register of the resident warps
//     (no fast bank receives more than rows_per_bank vectors), bank = (w + r) % B_f for all r;
//   * otherwise registers r < regs_in_fast go to fast banks, bank = (w + r) % B_f, and the others
//     to slow banks, bank = B_f + (w + r - regs_in_fast) % B_s, where regs_in_fast is the largest
//     count for which the fast banks still fit ("too few fast banks": small IDs fast, large slow).
// With B_f = 0 or B_f = banks it is plain Eq. 3.
struct FbaRm {
  int banks = 16;
  int fast_banks = 11;
  int regs_in_fast = 0;  // registers per thread mapped to fast banks
  bool all_fast = false; // every register lives in a fast bank
  int bank(int warp_id, int reg_id) const;
};
// `warps` = resident warp slots that will be mapped (ids 0..warps-1), `regs_per_thread` = the
// kernel's registers per thread. Throws std::invalid_argument on negative counts.
FbaRm plan_fba_rm(int fast_banks, int banks, int warps, int regs_per_thread, int rows_per_bank);

// Block-level renaming row (Tan §4.2.1): at block launch, take the block's last warp w; for
// k = 0, 1, ..., banks-1 the Eq. 3 bank b_k = (w + k) % banks (which holds R_k of that warp) is
// renamed to the fastest still-unused virtual bank of the category (Fast / Hybrid / Slow) of
// virtual bank b_k in `table`. "Fastest" = lowest `current_delay` of the virtual bank (sensor reading,
// max of its sub-banks' current delays; ties: lower id). Banks beyond the warp's registers are
// renamed by the same rule in the same order, so the row is always a permutation.
// Returns row[eq3_bank] = virtual bank. `current_delay` has one entry per virtual bank.
std::vector<int> renaming_row(const BankTable& table, std::span<const float> current_delay, int last_warp_id);
// Same with each virtual bank's delay taken from the table (the delays it was organized with).
std::vector<int> renaming_row(const BankTable& table, int last_warp_id);
// The same rule when the base mapping is not plain Eq. 3 (hybrid placement puts partial vectors on
// other banks than Eq. 3): held[k] = the bank that actually holds R_k of the last warp.
// Banks are visited in that order (repeats skipped), then every bank not listed in Eq. 3 order
// (w + k) % banks, k = 0, 1, ... With `held` empty or equal to the Eq. 3 banks this is renaming_row().
std::vector<int> renaming_row_held(const BankTable& table, std::span<const float> current_delay,
                                   std::span<const int> held, int last_warp_id);

}  // namespace rfvar::rfmodel
