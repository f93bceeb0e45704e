#include "rfmodel/register_mapping.h"

#include <algorithm>
#include <stdexcept>

namespace rfvar::rfmodel {

namespace {
// Largest vector count Eq. 3 puts in one of `banks` banks for warps 0..warps-1 and registers 0..regs-1.
int max_vectors_per_bank(int warps, int regs, int banks) {
  std::vector<int> per_bank(static_cast<std::size_t>(banks), 0);
  for (int w = 0; w < warps; ++w)
    for (int r = 0; r < regs; ++r) ++per_bank[static_cast<std::size_t>(eq3_bank(w, r, banks))];
  return per_bank.empty() ? 0 : *std::max_element(per_bank.begin(), per_bank.end());
}
}  // namespace

int FbaRm::bank(int warp_id, int reg_id) const {
  const int slow_banks = banks - fast_banks;
  if (fast_banks == 0 || slow_banks == 0) return eq3_bank(warp_id, reg_id, banks);
  if (all_fast || reg_id < regs_in_fast) return eq3_bank(warp_id, reg_id, fast_banks);  // Tan Eq. 3 over fast banks
  return fast_banks + eq3_bank(warp_id, reg_id - regs_in_fast, slow_banks);  // Eq. 3 over slow banks
}

FbaRm plan_fba_rm(int fast_banks, int banks, int warps, int regs_per_thread, int rows_per_bank) {
  if (banks < 1 || fast_banks < 0 || fast_banks > banks || warps < 0 || regs_per_thread < 0 || rows_per_bank < 1)
    throw std::invalid_argument("plan_fba_rm: invalid bank, warp or register count");
  FbaRm m;
  m.banks = banks;
  m.fast_banks = fast_banks;
  if (fast_banks == 0) return m;  // nothing is fast: plain Eq. 3
  if (fast_banks == banks || max_vectors_per_bank(warps, regs_per_thread, fast_banks) <= rows_per_bank) {
    m.all_fast = true;  // Tan §3.3.2 step 1: the fast banks hold every register
    m.regs_in_fast = regs_per_thread;
    return m;
  }
  // Step 2: as many small-ID registers as fit go to fast banks, the large IDs to slow banks.
  int r = regs_per_thread - 1;
  while (r > 0 && max_vectors_per_bank(warps, r, fast_banks) > rows_per_bank) --r;
  m.regs_in_fast = r;
  return m;
}

std::vector<int> renaming_row_held(const BankTable& table, std::span<const float> current_delay,
                                   std::span<const int> held, int last_warp_id) {
  const int banks = static_cast<int>(table.banks.size());
  if (static_cast<int>(current_delay.size()) != banks || last_warp_id < 0)
    throw std::invalid_argument("renaming_row: need one current delay per virtual bank and a warp id >= 0");
  std::vector<int> order;  // Tan §4.2.1: the banks holding R0, R1, ... of the last warp, then the rest
  for (int b : held) {
    if (b < 0 || b >= banks) throw std::invalid_argument("renaming_row: held bank out of range");
    order.push_back(b);
  }
  for (int k = 0; k < banks; ++k) order.push_back(eq3_bank(last_warp_id, k, banks));
  std::vector<int> row(static_cast<std::size_t>(banks), -1);
  std::vector<bool> used(static_cast<std::size_t>(banks), false);
  for (int b : order) {
    if (row[static_cast<std::size_t>(b)] >= 0) continue;  // already renamed (a repeat)
    // Tan §4.2.1: the bank holding R_k of the last warp goes to the fastest unused virtual bank
    // of its own category.
    const BankSpeed category = table.banks[static_cast<std::size_t>(b)].speed;
    int best = -1;
    for (int v = 0; v < banks; ++v) {
      if (used[static_cast<std::size_t>(v)] || table.banks[static_cast<std::size_t>(v)].speed != category) continue;
      if (best < 0 || current_delay[static_cast<std::size_t>(v)] < current_delay[static_cast<std::size_t>(best)])
        best = v;
    }
    used[static_cast<std::size_t>(best)] = true;  // b itself is unused while b is unassigned: best >= 0
    row[static_cast<std::size_t>(b)] = best;
  }
  return row;
}

std::vector<int> renaming_row(const BankTable& table, std::span<const float> current_delay, int last_warp_id) {
  return renaming_row_held(table, current_delay, {}, last_warp_id);
}

std::vector<int> renaming_row(const BankTable& table, int last_warp_id) {
  std::vector<float> d;
  for (const auto& vb : table.banks) d.push_back(vb.delay);
  return renaming_row(table, d, last_warp_id);
}

}  // namespace rfvar::rfmodel
