// Test support for the technique files: a fixed PV SM (chip 0 of seed 2016 with the default
// parameters, SM 3), FNV-1a digests of what a technique hands out, and the reference digests the
// per-name tables of rfmodel/, arch/ and nbti/ gave on that SM before the techniques were gathered
// into technique/ (dumped from main 752d2f5; equal digests = bit-identical setups, tables, plans).
#pragma once

#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "arch/sm/rf_provider.h"
#include "arch/core/sm_stats.h"
#include "workload/kernel_parser.h"
#include "common/config.h"
#include "technique/fresh_sm.h"
#include "technique/registry.h"
#include "varius/chip_sampler.h"

namespace rfvar::technique::test {

struct Digest {
  std::uint64_t h = 1469598103934665603ull;
  void bytes(const void* p, std::size_t n) {
    const auto* c = static_cast<const unsigned char*>(p);
    for (std::size_t i = 0; i < n; ++i) h = (h ^ c[i]) * 1099511628211ull;
  }
  template <class T>
  void vec(const std::vector<T>& v) {
    const std::uint64_t n = v.size();
    bytes(&n, 8);
    bytes(v.data(), v.size() * sizeof(T));
  }
  void str(const std::string& s) { vec(std::vector<char>(s.begin(), s.end())); }
  void d(double x) { bytes(&x, 8); }
};

inline std::uint64_t digest(const rfmodel::RfSetup& s) {
  Digest x;
  x.str(s.technique);
  x.d(s.clock_norm);
  x.vec(s.latency);
  x.vec(s.hybrid_fast_lanes);
  x.vec(s.subbank_of);
  return x.h;
}

inline void add(Digest& x, const arch::KernelRf& k) {
  x.str(k.setup.technique);
  x.d(k.setup.clock_norm);
  x.vec(k.setup.latency);
  x.vec(k.setup.hybrid_fast_lanes);
  x.vec(k.setup.subbank_of);
  x.vec(k.bank_delay);
  if (!k.table) return;
  x.d(k.table->hybrid_banks);
  for (const auto& b : k.table->banks) {
    x.vec(b.subbanks);
    x.d(b.fast_subbanks);
    x.d(static_cast<int>(b.speed));
    x.d(b.delay);
    x.d(b.fast_lanes);
  }
}

inline std::uint64_t digest(const SmRfPlan& p) {
  Digest x;
  x.str(p.key);
  for (const auto& r : p.real) add(x, r);
  return x.h;
}

struct PvSm {
  Config config = Config::load_default();
  rfmodel::RfParams rp = rfmodel::RfParams::from_config(config);
  varius::ChipSample chip = varius::ChipSampler(varius::VariusParams::from_config(config),
                                                varius::FloorplanParams::from_config(config))
                                .sample(2016, 0);
  const varius::SmDelays& sm = chip.sms.at(3);
  varius::RfGeometry g = [this] {
    varius::RfGeometry x = chip.geometry;
    x.subbanks = rp.subbanks;
    return x;
  }();
};

// The digest of the KernelRf a technique's provider hands at a launch with `partial_vectors`
// partially used vectors (`sm` == nullptr: the chip without PV).
inline std::uint64_t launch_digest(const ITechnique& t, const varius::SmDelays* sm,
                                   const varius::RfGeometry& g, const rfmodel::RfParams& rp,
                                   int partial_vectors) {
  const arch::Benchmark b = arch::parse_benchmark(
      "rfvar-kernel 1\nbenchmark t\nkernel k block=256 regs=8\n  ialu r0 = r0\nend\nlaunch k grid=4\n",
      "t.kernel");
  auto provider = t.rf_provider(sm, g, rp);
  Digest x;
  add(x, provider->at_kernel_launch(b.kernels[0], 0, partial_vectors, arch::SmStats{}));
  return x.h;
}

// The old tables' ipc digests of one technique: launches with 0, 100 and 300 partially used vectors
// on the PV SM, and 100 on the chip without PV.
struct IpcReference {
  std::uint64_t pv0, pv100, pv300, no_pv;
};

inline void check_ipc(const ITechnique& t, const IpcReference& ref, const arch::SmPolicy& policy) {
  const PvSm s;
  CHECK(launch_digest(t, &s.sm, s.g, s.rp, 0) == ref.pv0);
  CHECK(launch_digest(t, &s.sm, s.g, s.rp, 100) == ref.pv100);
  CHECK(launch_digest(t, &s.sm, s.g, s.rp, 300) == ref.pv300);
  CHECK(launch_digest(t, nullptr, s.g, s.rp, 100) == ref.no_pv);
  const arch::SmPolicy p = t.policy();
  CHECK(p.mapping == policy.mapping);
  CHECK(p.scheduler == policy.scheduler);
  CHECK(p.renaming == policy.renaming);
  CHECK(p.renaming_by_weight == policy.renaming_by_weight);
}

// The old tables' freq digests with h = 0 and h = 3 hybrid banks requested.
inline void check_freq(const ITechnique& t, std::uint64_t h0, std::uint64_t h3) {
  const PvSm s;
  CHECK(digest(t.freq_setup(s.sm, s.g, s.rp, 0)) == h0);
  CHECK(digest(t.freq_setup(s.sm, s.g, s.rp, 3)) == h3);
}

// The old fresh plan digests of the PV SM: ideal, vl-rf, bank table, bank table with renaming table.
inline constexpr std::uint64_t kPlanIdeal = 0xb190254fd528e3cfull, kPlanVlRf = 0x2c28a7707f461b39ull,
                               kPlanBankTable = 0xe3c1ee186b1f2aebull,
                               kPlanBankTableRenaming = 0x4c0d87c63215db6bull;

inline void check_aging(const ITechnique& t, FreshPlan plan, Sensing sensing, std::uint64_t plan_digest) {
  const PvSm s;
  const SmFresh fresh = prepare_sm(s.sm, s.g, s.rp, true);
  CHECK(t.aging().plan == plan);
  CHECK(t.aging().sensing == sensing);
  CHECK(t.aging().guardband != nullptr);
  CHECK(digest(fresh.plan(t.aging().plan)) == plan_digest);
}

inline std::unique_ptr<ITechnique> get(const std::string& name) {
  for (auto& t : all_techniques())
    if (t->info().name == name) return std::move(t);
  FAIL("no technique " << name);
  return nullptr;
}

}  // namespace rfvar::technique::test
