// Test support shared by the NBTI-opt tests: a kernel of four-warp blocks that uses r0 hard (full
// warps only, so every launch uses the h = 0 table; r1..r3 cool), an SM whose sub-bank delays rise
// with (7 s) % 32, so the organization table permutes the physical sub-bank ids, and HotR0Setup:
// the default parameters, that SM prepared for aging and the kernel's run inputs (workload seed 3).
#pragma once

#include "arch/run.h"
#include "arch/workload/kernel_parser.h"
#include "arch/workload/kernel_workload.h"
#include "study/aging/sm_lifetime.h"
#include "varius/chip_sample.h"

namespace rfvar::study::test {

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

// Everything run_sm_lifetime() needs besides the technique; `life(name, epochs)` runs it for 7 years.
struct HotR0Setup {
  Config config = Config::load_default();
  rfmodel::RfParams rp = rfmodel::RfParams::from_config(config);
  arch::ArchParams ap = arch::ArchParams::from_config(config);
  nbti::NbtiParams np = nbti::NbtiParams::from_config(config);
  varius::RfGeometry g;
  SmFresh fresh = prepare_sm(permuted_sm(g), g, rp, false);
  arch::Benchmark benchmark = arch::parse_benchmark(kHotR0, "hotr0");
  RngStream workload{3, 0, Stream::Workload};
  arch::KernelWorkload kw{benchmark, arch::workload_key(workload), ap.l1_line_bytes};
  RunInputs in{&kw, 0, &ap, nullptr, &workload};
  RunCache cache;

  SmLifetime life(const char* technique, int epochs) {
    return run_sm_lifetime(find_study_technique(technique), fresh, np, rp, g, in, cache, {7.0, epochs});
  }
};

}  // namespace rfvar::study::test
