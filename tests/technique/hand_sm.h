// Test support for the technique files: a small SM whose delays are set by hand, so every
// technique's clock, slow banks and per-row latencies can be worked out on paper (below).
//
// Geometry: 4 banks x 2 rows x 32 lanes, S = 2 sub-banks per bank (lanes 0-15, 16-31); vector
// v = bank * 2 + row; sub-bank id = bank * 2 + half. Every register has delay 1.0 except four:
//   bank 0 row 0 lane 31 -> 1.05 (sub-bank 1, vector 0)
//   bank 1 row 0 lane  5 -> 1.30 (sub-bank 2, vector 2)
//   bank 2 row 1 lane  0 -> 1.10 (sub-bank 4, vector 5)
//   bank 3 row 1 lane 20 -> 1.20 (sub-bank 7, vector 7)
// Parameters: n = 0.75, slow access 2 cycles, VL-RV arrays of 2 vectors.
// Worked by hand (rfmodel/classify.h: k = floor(n N), fast iff delay <= d_k, P = max(d_k, d_max / 2)):
//   baseline  P = 1.30 (slowest register)
//   VL-RF     N = 256 registers, k = 192, d_k = 1.0 -> 252 fast, P = 1.0; slow vectors 0, 2, 5, 7
//   VL-RV     arrays {0,1} 1.05, {2,3} 1.30, {4,5} 1.10, {6,7} 1.20; k = 3, d_k = 1.20, P = 1.20;
//             array {2,3} slow -> vectors 2, 3 slow
//   VL-SB     sub-banks 1.0 1.05 1.30 1.0 1.10 1.0 1.0 1.20; k = 6, d_k = 1.10, P = 1.10;
//             sub-banks 2 and 7 slow -> banks 1 and 3 slow
//   RF-BRO    (rfmodel/bank_table.h) fast sub-banks by delay 0 3 5 6 1 4, slow 7 2:
//             h = 0: virtual banks {0,3} {5,6} {1,4} fast, {7,2} slow
//             h = 1: {0,3} {5,6} fast, {1,7} hybrid, {4,2} mixed (hybrid): 2 hybrid banks
//             h = 3: clamped to min(6, 2) = 2 -> the same table as h = 1
//   without PV (every delay 1.0): every element fast (ties), P = 1.0, every access one cycle.
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "arch/core/sm_stats.h"
#include "common/config.h"
#include "nbti/params.h"
#include "technique/fresh_sm.h"
#include "technique/guardband_rule.h"
#include "arch/sm/rf_provider.h"
#include "rfmodel/params.h"
#include "technique/registry.h"
#include "varius/chip_sample.h"
#include "workload/kernel_parser.h"

namespace rfvar::technique::test {

struct HandSm {
  varius::RfGeometry g{.banks = 4, .rows_per_bank = 2, .lanes = 32, .bits = 32, .subbanks = 2};
  rfmodel::RfParams p{.fast_fraction = 0.75, .subbanks = 2, .rv_array_vectors = 2, .slow_access_cycles = 2};
  varius::SmDelays sm = make();

  varius::SmDelays make() const {
    varius::SmDelays d;
    d.reg_delay.assign(static_cast<std::size_t>(g.registers()), 1.0f);
    auto set = [&](int bank, int row, int lane, float v) {
      d.reg_delay[static_cast<std::size_t>((bank * g.rows_per_bank + row) * g.lanes + lane)] = v;
    };
    set(0, 0, 31, 1.05f);
    set(1, 0, 5, 1.30f);
    set(2, 1, 0, 1.10f);
    set(3, 1, 20, 1.20f);
    d.vector_delay.assign(static_cast<std::size_t>(g.vectors()), 1.0f);
    d.subbank_delay.assign(static_cast<std::size_t>(g.subbank_count()), 1.0f);
    for (int r = 0; r < g.registers(); ++r) {
      const int v = r / g.lanes, lane = r % g.lanes, bank = v / g.rows_per_bank;
      const float x = d.reg_delay[static_cast<std::size_t>(r)];
      auto& vd = d.vector_delay[static_cast<std::size_t>(v)];
      auto& sd = d.subbank_delay[static_cast<std::size_t>(g.subbank_of(bank, lane))];
      vd = std::max(vd, x);
      sd = std::max(sd, x);
    }
    d.subbank_dvth_sys_V.assign(static_cast<std::size_t>(g.subbank_count()), 0.0f);
    d.slowest_cell = 1.30f;
    d.fastest_cell = 1.0f;
    return d;
  }
};

// Per-row latencies of the 8 vectors (bank-major), and the banks' latency class.
using Rows = std::vector<std::uint8_t>;
inline Rows bank_rows(std::vector<int> slow_banks) {  // both rows of each listed bank slow (2 cycles)
  Rows r(8, 1);
  for (int b : slow_banks) r[static_cast<std::size_t>(2 * b)] = r[static_cast<std::size_t>(2 * b + 1)] = 2;
  return r;
}

// The RF-BRO organization of the hand SM (see above) as physical sub-bank ids per virtual bank.
inline const std::vector<int> kRfBroH0 = {0, 3, 5, 6, 1, 4, 7, 2};
inline const std::vector<int> kRfBroH1 = {0, 3, 5, 6, 1, 7, 4, 2};
inline const std::vector<std::uint32_t> kHybridLanesH1 = {0u, 0u, 0x0000ffffu, 0x0000ffffu};

// The register file a technique's provider hands at a kernel launch with `partial_vectors`
// partially used vectors (`sm` == nullptr: the chip without PV).
inline arch::KernelRf at_launch(const IIpcTechnique& t, const varius::SmDelays* sm, const HandSm& h,
                                int partial_vectors) {
  const arch::Benchmark b = arch::parse_benchmark(
      "rfvar-kernel 1\nbenchmark t\nkernel k block=256 regs=8\n  ialu r0 = r0\nend\nlaunch k grid=4\n",
      "t.kernel");
  auto provider = t.rf_provider(sm, h.g, h.p);
  return provider->at_kernel_launch(b.kernels[0], 0, partial_vectors, arch::SmStats{});
}

// VL-SB + RF-BRO's register file on the hand SM with h hybrid banks requested: clock 1 / 1.10 and the
// table above; checked for every technique that hands it out.
inline void check_rf_bro(const rfmodel::RfSetup& s, int h) {
  CHECK(s.clock_norm == doctest::Approx(1.0 / 1.10));
  CHECK(s.latency == bank_rows(h == 0 ? std::vector<int>{3} : std::vector<int>{2, 3}));
  CHECK(s.subbank_of == (h == 0 ? kRfBroH0 : kRfBroH1));
  CHECK(s.hybrid_fast_lanes == (h == 0 ? std::vector<std::uint32_t>(4, 0u) : kHybridLanesH1));
}

// The chip without PV: every access one cycle at clock 1.0.
inline void check_no_pv(const rfmodel::RfSetup& s) {
  CHECK(s.clock_norm == doctest::Approx(1.0));
  CHECK(s.latency == Rows(8, 1));
}

// A guardband rule's outcome on the hand SM after aging that slows sub-bank 0 (in the chip-test
// table's fast virtual bank {0,3}) to 1.25 and leaves the others fresh.
inline GuardbandOutcome guardband_on_hand_sm(const IGuardbandRule& rule) {
  const HandSm h;
  const SmFresh fresh = prepare_sm(h.sm, h.g, h.p, true);
  const nbti::NbtiParams np = nbti::NbtiParams::from_config(Config::load_default());
  nbti::AgedSubbanks aged;
  for (float d : fresh.subbank_delay) {
    aged.fresh_delay.push_back(d);
    aged.dvth0_V.push_back(0.0);
    aged.dvth_V.push_back(0.0);
    aged.delay_factor.push_back(1.0);
    aged.delay.push_back(d);
  }
  aged.delay_factor[0] = 1.25;
  aged.delay[0] = 1.25;
  return rule.apply({fresh, aged, np, h.p, h.g});
}

// Whether two guardband rules give the same periods and end-of-life banks on the input above.
inline bool same_guardband(const IGuardbandRule& a, const IGuardbandRule& b) {
  const GuardbandOutcome x = guardband_on_hand_sm(a), y = guardband_on_hand_sm(b);
  return x.fresh_period == y.fresh_period && x.aged_period == y.aged_period && x.end_banks == y.end_banks;
}

}  // namespace rfvar::technique::test
