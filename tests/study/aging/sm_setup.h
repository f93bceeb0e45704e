// Test support shared by the aging-study tests: SmSetup, everything run_sm_lifetime() needs besides
// the technique (parameters from a config, default: the defaults file; one SM prepared for aging; a
// kernel's run inputs under a given workload seed), the SMs the tests age, and HotR0Setup: a kernel of
// four-warp blocks that uses r0 hard (full warps only, so every launch uses the h = 0 table; r1..r3
// cool) on an SM whose sub-bank delays rise with (7 s) % 32, so the organization table permutes the
// physical sub-bank ids (workload seed 3); kTwoKernels, a benchmark with full and partial warps.
#pragma once

#include <algorithm>
#include <cstdint>
#include <utility>

#include "arch/run.h"
#include "workload/kernel_parser.h"
#include "workload/kernel_workload.h"
#include "study/aging/sm_lifetime.h"
#include "technique/registry.h"
#include "varius/chip_sample.h"

namespace rfvar::study::test {

// Two kernels (different hybrid-bank counts), full and partial warps, several launches; no memory.
inline constexpr const char* kTwoKernels =
    "rfvar-kernel 1\n"
    "benchmark two\n"
    "description two kernels, full and partial warps\n"
    "kernel full block=128 regs=6\n"
    "  ialu r0 = r0\n"
    "  loop 20\n"
    "    fmad r1 = r0 r2 r1\n"
    "    ialu r3 = r3 r4\n"
    "    ialu r5 = r1 r0\n"
    "  endloop\n"
    "end\n"
    "kernel part block=20 regs=4\n"
    "  ialu r0 = r0\n"
    "  loop 30\n"
    "    fmad r1 = r0 r2 r1\n"
    "    ialu r3 = r3 r0\n"
    "  endloop\n"
    "end\n"
    "launch full grid=60\n"
    "launch part grid=90 times=2\n"
    "launch full grid=30\n";

// Sub-bank s's registers at 1 + 0.01 ((7 s) % 32): distinct delays in an order unlike the ids.
inline varius::SmDelays permuted_sm(const varius::RfGeometry& g) {
  varius::SmDelays sm;
  sm.reg_delay.resize(static_cast<std::size_t>(g.registers()));
  for (int r = 0; r < g.registers(); ++r) {
    const int s = g.subbank_of(r / (g.lanes * g.rows_per_bank), r % g.lanes);
    sm.reg_delay[static_cast<std::size_t>(r)] = 1.0f + 0.01f * static_cast<float>((s * 7) % 32);
  }
  sm.subbank_dvth_sys_V.assign(static_cast<std::size_t>(g.subbank_count()), 0.0f);
  return sm;
}

// permuted_sm() with a small per-register jitter (r % 13) and the slowest cell set.
inline varius::SmDelays synthetic_sm(const varius::RfGeometry& g) {
  varius::SmDelays sm;
  sm.reg_delay.resize(static_cast<std::size_t>(g.registers()));
  for (int r = 0; r < g.registers(); ++r) {
    const int lane = r % g.lanes, bank = r / (g.lanes * g.rows_per_bank);
    const int s = g.subbank_of(bank, lane);
    sm.reg_delay[static_cast<std::size_t>(r)] =
        1.0f + 0.01f * static_cast<float>((s * 7) % 32) + 0.0001f * static_cast<float>(r % 13);
  }
  sm.subbank_dvth_sys_V.assign(static_cast<std::size_t>(g.subbank_count()), 0.0f);
  sm.slowest_cell = *std::max_element(sm.reg_delay.begin(), sm.reg_delay.end());
  return sm;
}

// Every register at the nominal delay.
inline varius::SmDelays nominal_sm(const varius::RfGeometry& g) {
  varius::SmDelays sm;
  sm.reg_delay.assign(static_cast<std::size_t>(g.registers()), 1.0f);
  sm.subbank_dvth_sys_V.assign(static_cast<std::size_t>(g.subbank_count()), 0.0f);
  return sm;
}

struct SmSetup {
  Config config;
  rfmodel::RfParams rp = rfmodel::RfParams::from_config(config);
  arch::ArchParams ap = arch::ArchParams::from_config(config);
  nbti::NbtiParams np = nbti::NbtiParams::from_config(config);
  varius::RfGeometry g;
  SmFresh fresh;
  arch::Benchmark benchmark;
  RngStream workload;
  arch::KernelWorkload kw{benchmark, arch::workload_key(workload), ap.l1_line_bytes};
  RunInputs in{&kw, 0, &ap, nullptr, &workload};
  RunCache cache;

  SmSetup(varius::SmDelays (*sm)(const varius::RfGeometry&), bool with_vl_rf, const char* kernel,
          const char* name, std::uint64_t workload_seed, Config c = Config::load_default())
      : config(std::move(c)),
        fresh(technique::prepare_sm(sm(g), g, rp, with_vl_rf)),
        benchmark(arch::parse_benchmark(kernel, name)),
        workload(workload_seed, 0, Stream::Workload) {}
  SmSetup(const SmSetup&) = delete;  // kw and in point into the setup
  SmSetup& operator=(const SmSetup&) = delete;

  // run_sm_lifetime() of technique `name` over 7 years in `epochs` epochs.
  SmLifetime life(const char* name, int epochs) {
    return run_sm_lifetime(*technique::make_aging_technique(name), fresh, np, rp, g, in, cache,
                           {7.0, epochs});
  }
};

inline constexpr const char* kHotR0 =
    "rfvar-kernel 1\n"
    "benchmark hotr0\n"
    "description four-warp blocks using r0 hard\n"
    "kernel k block=128 regs=4\n"
    "  ialu r1 = r2 r3\n"
    "  loop 60\n"
    "    ialu r0 = r0 r0\n"
    "  endloop\n"
    "end\n"
    "launch k grid=30\n";

struct HotR0Setup : SmSetup {
  HotR0Setup() : SmSetup(permuted_sm, false, kHotR0, "hotr0", 3) {}
};

}  // namespace rfvar::study::test
