#include "nbti/guardband.h"

#include <algorithm>
#include <limits>
#include <numeric>
#include <stdexcept>

namespace rfvar::nbti {

double guardband(double fresh_period, double aged_period) {
  if (!(fresh_period > 0.0) || !(aged_period > 0.0))
    throw std::invalid_argument("guardband: clock periods must be positive");
  // docs/models.md#nbti: GB = 1 - f_aged / f_fresh, f = 1 / period.
  return 1.0 - fresh_period / aged_period;
}

int slowest_id(std::span<const double> delay, std::span<const int> ids) {
  if (ids.empty()) throw std::invalid_argument("slowest_of: empty sub-bank set");
  int best = -1;
  for (const int s : ids) {
    if (s < 0 || static_cast<std::size_t>(s) >= delay.size())
      throw std::invalid_argument("slowest_of: sub-bank id out of range");
    if (best < 0 || delay[static_cast<std::size_t>(s)] > delay[static_cast<std::size_t>(best)]) best = s;
  }
  return best;
}

double slowest_of(std::span<const double> delay, std::span<const int> ids) {
  return delay[static_cast<std::size_t>(slowest_id(delay, ids))];
}

double baseline_guardband(const AgedSubbanks& aged) {
  std::vector<int> all(aged.size());
  std::iota(all.begin(), all.end(), 0);
  return fast_set_guardband(aged, all, all);
}

double fast_set_guardband(const AgedSubbanks& aged, std::span<const int> fast_subbanks) {
  return fast_set_guardband(aged, fast_subbanks, fast_subbanks);
}

double fast_set_guardband(const AgedSubbanks& aged, std::span<const int> fresh_fast_subbanks,
                          std::span<const int> aged_fast_subbanks) {
  return guardband(slowest_of(aged.fresh_delay, fresh_fast_subbanks),
                   slowest_of(aged.delay, aged_fast_subbanks));
}

std::vector<int> fastest_subbanks(std::span<const double> delay, int count) {
  if (count < 0 || static_cast<std::size_t>(count) > delay.size())
    throw std::invalid_argument("fastest_subbanks: count out of range");
  std::vector<int> order(delay.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return delay[static_cast<std::size_t>(a)] < delay[static_cast<std::size_t>(b)];
  });
  order.resize(static_cast<std::size_t>(count));
  std::sort(order.begin(), order.end());
  return order;
}

std::vector<int> fastest_bank_subbanks(std::span<const double> delay, std::span<const std::vector<int>> banks,
                                       int count) {
  if (count < 0 || static_cast<std::size_t>(count) > banks.size())
    throw std::invalid_argument("fastest_bank_subbanks: count out of range");
  std::vector<double> bank_delay;
  for (const auto& b : banks) bank_delay.push_back(slowest_of(delay, b));
  std::vector<int> ids;
  for (const int v : fastest_subbanks(bank_delay, count))
    ids.insert(ids.end(), banks[static_cast<std::size_t>(v)].begin(), banks[static_cast<std::size_t>(v)].end());
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  return ids;
}

std::vector<int> fast_subbanks(const rfmodel::RfSetup& setup) {
  const int lanes_per_subbank = 32 / setup.subbanks;
  std::vector<int> ids;
  for (int v = 0; v < setup.banks; ++v) {
    const bool fast = setup.bank_fast(v);
    const std::uint32_t hybrid = setup.hybrid_fast_lanes[static_cast<std::size_t>(v)];
    for (int k = 0; k < setup.subbanks; ++k) {
      const std::uint32_t lane_mask =
          lanes_per_subbank == 32 ? ~0u : ((1u << lanes_per_subbank) - 1u) << (k * lanes_per_subbank);
      if (fast || (hybrid & lane_mask) != 0)
        ids.push_back(setup.subbank_of[static_cast<std::size_t>(v * setup.subbanks + k)]);
    }
  }
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  return ids;
}

}  // namespace rfvar::nbti
