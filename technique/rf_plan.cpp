#include "technique/rf_plan.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>

#include "rfmodel/bank_table.h"
#include "rfmodel/setup_builders.h"
#include "technique/parts/setups.h"

namespace rfvar::technique {

namespace {

// Dense ranks of `v` (equal values share a rank): what a comparison of the values can see.
std::vector<float> dense_rank(std::span<const float> v) {
  std::vector<float> sorted(v.begin(), v.end());
  std::sort(sorted.begin(), sorted.end());
  sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
  std::vector<float> r(v.size());
  for (std::size_t i = 0; i < v.size(); ++i)
    r[i] = static_cast<float>(std::lower_bound(sorted.begin(), sorted.end(), v[i]) - sorted.begin());
  return r;
}

template <typename T>
void append(std::string& key, const std::vector<T>& v) {
  const auto n = static_cast<std::uint32_t>(v.size());
  key.append(reinterpret_cast<const char*>(&n), sizeof n);
  key.append(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(T));
}

arch::KernelRf canonical_of(const arch::KernelRf& real) {
  arch::KernelRf c = real;
  c.setup.technique = "canonical";
  c.setup.clock_norm = 1.0;
  std::iota(c.setup.subbank_of.begin(), c.setup.subbank_of.end(), 0);
  if (c.table) {
    std::vector<float> d;
    for (const auto& b : c.table->banks) d.push_back(b.delay);
    const std::vector<float> rank = dense_rank(d);
    for (std::size_t v = 0; v < c.table->banks.size(); ++v) {
      auto& b = c.table->banks[v];
      for (std::size_t k = 0; k < b.subbanks.size(); ++k)
        b.subbanks[k] = static_cast<int>(v * b.subbanks.size() + k);
      b.delay = rank[v];
    }
  }
  c.bank_delay = dense_rank(real.bank_delay);
  return c;
}

void append_key(std::string& key, const arch::KernelRf& c) {
  const std::vector<int> shape = {c.setup.banks, c.setup.rows_per_bank, c.setup.subbanks, c.table ? 1 : 0};
  append(key, shape);
  append(key, c.setup.latency);
  append(key, c.setup.hybrid_fast_lanes);
  if (c.table) {
    std::vector<std::uint32_t> t = {static_cast<std::uint32_t>(c.table->hybrid_banks)};
    for (const auto& b : c.table->banks) {
      t.push_back(static_cast<std::uint32_t>(b.speed));
      t.push_back(static_cast<std::uint32_t>(b.fast_subbanks));
      t.push_back(b.fast_lanes);
      t.push_back(static_cast<std::uint32_t>(b.delay));
    }
    append(key, t);
  }
  append(key, c.bank_delay);
}

SmRfPlan finish(std::vector<arch::KernelRf> real) {
  SmRfPlan plan;
  plan.real = std::move(real);
  for (const auto& r : plan.real) {
    plan.canonical.push_back(canonical_of(r));
    append_key(plan.key, plan.canonical.back());
  }
  return plan;
}

}  // namespace

std::vector<std::uint8_t> fastest_mask(std::span<const float> delay, int count) {
  std::vector<int> order(delay.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return delay[static_cast<std::size_t>(a)] < delay[static_cast<std::size_t>(b)];
  });
  std::vector<std::uint8_t> mask(delay.size(), 0);
  for (int i = 0; i < count && i < static_cast<int>(order.size()); ++i)
    mask[static_cast<std::size_t>(order[static_cast<std::size_t>(i)])] = 1;
  return mask;
}

SmRfPlan plan_ideal(const varius::RfGeometry& g, const rfmodel::RfParams& p) {
  arch::KernelRf rf;
  rf.setup = rfmodel::RfSetup::ideal(g.banks, g.rows_per_bank, p.subbanks);
  return finish({rf});
}

SmRfPlan plan_vl_rf(const varius::SmDelays& sm, const varius::RfGeometry& g, const rfmodel::RfParams& p) {
  arch::KernelRf rf;
  rf.setup = vl_rf_setup(sm, g, p);
  return finish({rf});
}

SmRfPlan plan_bank_table(std::span<const float> current_delay, std::span<const std::uint8_t> fast,
                         const varius::RfGeometry& g, const rfmodel::RfParams& p, double clock_norm,
                         bool renaming) {
  const int F = static_cast<int>(std::count(fast.begin(), fast.end(), std::uint8_t{1}));
  const int max_h = rfmodel::max_hybrid_banks(F, g.banks, p.subbanks);
  std::vector<arch::KernelRf> real;
  for (int h = 0; h <= max_h; ++h) {
    // Tan §3.2.2 / §3.3.4 / §4.2.2: sort by current delay, pair, build h hybrid banks.
    const rfmodel::BankTable t = rfmodel::organize_banks(current_delay, fast, g.banks, p.subbanks, h);
    arch::KernelRf rf;
    rf.setup = rfmodel::setup_from_table("vl-sb+rf-bro+hybrid", clock_norm, t, g.rows_per_bank,
                                         p.slow_access_cycles);
    if (renaming) {
      for (const auto& b : t.banks) rf.bank_delay.push_back(b.delay);  // Tan §4.2.1: sensors per bank
      rf.table = t;
    }
    real.push_back(std::move(rf));
  }
  return finish(std::move(real));
}

SmRfPlan with_sensor_readings(const SmRfPlan& fixed, std::span<const float> reading) {
  std::vector<arch::KernelRf> real = fixed.real;
  for (auto& rf : real) {
    if (!rf.table) throw std::invalid_argument("with_sensor_readings: the plan has no organization table");
    rf.bank_delay.clear();
    for (const auto& b : rf.table->banks) {  // Tan §4.2.1: a virtual bank is as slow as its slowest sub-bank
      float d = 0.0f;
      for (const int s : b.subbanks) {
        if (s < 0 || static_cast<std::size_t>(s) >= reading.size())
          throw std::invalid_argument("with_sensor_readings: no reading for sub-bank " + std::to_string(s));
        d = std::max(d, reading[static_cast<std::size_t>(s)]);
      }
      rf.bank_delay.push_back(d);
    }
  }
  return finish(std::move(real));
}

}  // namespace rfvar::technique
