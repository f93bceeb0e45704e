#include "rfmodel/bank_table.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace rfvar::rfmodel {

const char* to_string(BankSpeed s) {
  switch (s) {
    case BankSpeed::Fast: return "fast";
    case BankSpeed::Hybrid: return "hybrid";
    case BankSpeed::Slow: return "slow";
  }
  return "?";
}

int BankTable::count(BankSpeed s) const {
  return static_cast<int>(std::count_if(banks.begin(), banks.end(), [s](const VirtualBank& b) { return b.speed == s; }));
}

double BankTable::slow_fraction() const {
  if (banks.empty()) return 0.0;
  return 1.0 - static_cast<double>(count(BankSpeed::Fast)) / static_cast<double>(banks.size());
}

int max_hybrid_banks(int fast_subbanks, int banks, int subbanks_per_bank) {
  if (subbanks_per_bank < 2) return 0;
  const int half = subbanks_per_bank / 2;
  const int slow_subbanks = banks * subbanks_per_bank - fast_subbanks;
  return std::max(0, std::min(fast_subbanks, slow_subbanks) / half);
}

int hybrid_banks_for_kernel(int partially_used_vectors, int rows_per_bank) {
  if (partially_used_vectors <= 0 || rows_per_bank <= 0) return 0;
  return (partially_used_vectors + rows_per_bank - 1) / rows_per_bank;  // Tan §3.3.4: match the count
}

BankTable organize_banks(std::span<const float> delays, std::span<const std::uint8_t> fast, int banks,
                         int subbanks_per_bank, int hybrids) {
  const int S = subbanks_per_bank;
  const int n = banks * S;
  if (S < 1 || banks < 1 || static_cast<int>(delays.size()) != n || static_cast<int>(fast.size()) != n)
    throw std::invalid_argument("organize_banks: need banks * S delays and fast flags");

  // Tan §3.2.2 / §4.2.2: rank sub-banks fastest first (ties: lower physical id first).
  std::vector<int> order(static_cast<std::size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return delays[a] < delays[b]; });
  std::vector<int> fast_ids, slow_ids;
  for (int id : order) (fast[static_cast<std::size_t>(id)] ? fast_ids : slow_ids).push_back(id);
  const int F = static_cast<int>(fast_ids.size());

  const int half = S / 2;
  const int h = std::clamp(hybrids, 0, max_hybrid_banks(F, banks, S));
  const int pure_fast = (F - h * half) / S;
  const int leftover = (F - h * half) % S;

  BankTable t;
  t.subbanks_per_bank = S;
  std::size_t next_fast = 0, next_slow = 0;
  const int lane_width = 32 / S;
  auto make_bank = [&](int n_fast, bool hybrid) {
    VirtualBank vb;
    for (int i = 0; i < n_fast; ++i) vb.subbanks.push_back(fast_ids[next_fast++]);
    for (int i = n_fast; i < S; ++i) vb.subbanks.push_back(slow_ids[next_slow++]);
    vb.fast_subbanks = n_fast;
    vb.delay = 0.0f;
    for (int id : vb.subbanks) vb.delay = std::max(vb.delay, delays[static_cast<std::size_t>(id)]);
    if (n_fast == S) {
      vb.speed = BankSpeed::Fast;
    } else if (hybrid && n_fast > 0) {
      vb.speed = BankSpeed::Hybrid;  // Tan §3.3.4: the fast lanes answer in one cycle
      vb.fast_lanes = n_fast * lane_width >= 32 ? ~0u : ((1u << (n_fast * lane_width)) - 1u);
    } else {
      vb.speed = BankSpeed::Slow;
    }
    t.banks.push_back(std::move(vb));
  };
  for (int i = 0; i < pure_fast; ++i) make_bank(S, false);
  for (int i = 0; i < h; ++i) make_bank(half, true);
  if (leftover > 0) make_bank(leftover, hybrids > 0);
  while (static_cast<int>(t.banks.size()) < banks) make_bank(0, false);
  t.hybrid_banks = t.count(BankSpeed::Hybrid);
  return t;
}

BankTable reorganize_at_period(std::span<const float> current_delays, double period, int banks,
                               int subbanks_per_bank, int hybrids) {
  std::vector<std::uint8_t> fast(current_delays.size());
  for (std::size_t i = 0; i < current_delays.size(); ++i) fast[i] = current_delays[i] <= period ? 1 : 0;
  return organize_banks(current_delays, fast, banks, subbanks_per_bank, hybrids);
}

}  // namespace rfvar::rfmodel
