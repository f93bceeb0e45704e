// Test support: each data/kernels benchmark loaded once and walked once on the representative SM
// (kernel_walk.h), shared by the kernel-file and characteristic tests.
//
// Contract: measured(name) loads data/kernels/<name>.kernel with the arch library's load_benchmark()
// and walks every launch on SM 0 with RngStream(kWalkSeed, 0, Stream::Test); the result is cached
// for the test process (the walk is deterministic, so caching changes nothing but run time). SM
// facts (SM count, registers, occupancy) come from the [arch] defaults through the arch library.
#pragma once

#include <string>
#include <vector>

#include "analysis/kernel_walk.h"
#include "arch/core/params.h"
#include "workload/kernel.h"

namespace rfvar::arch::test {

inline constexpr std::uint64_t kWalkSeed = 2016;

struct MeasuredKernel {
  const Kernel* kernel = nullptr;
  WalkStats stats;          // over all launches of this kernel
  int max_resident_blocks = 0;  // max over launches of min(occupancy, blocks the SM receives)
  double thread_reg_fraction = 0;  // instruction-weighted: resident threads x regs / registers per SM
  double alloc_reg_fraction = 0;   // instruction-weighted: GPGPU-Sim allocation (padded) / registers
};

struct MeasuredBenchmark {
  Benchmark bench;
  WalkStats total;
  std::vector<MeasuredKernel> kernels;  // parallel to bench.kernels
  double thread_reg_fraction = 0;       // instruction-weighted over all launches
  double alloc_reg_fraction = 0;
};

const MeasuredBenchmark& measured(const std::string& name);

// ArchParams of data/fermi-32nm.toml (GTX480: 15 SMs, 32768 registers, max_cta limits).
const ArchParams& arch_params();
// Resident blocks per SM (arch/core/occupancy.h), blocks of a grid on SM 0, register-file fraction.
int occupancy(const Kernel& k);
int blocks_on_sm0(int grid);
double rf_use(const Kernel& k, int blocks);

// Mean accesses per register of a group of registers [lo, hi) (registers never accessed included).
double mean_accesses(const WalkStats& s, int lo, int hi);

}  // namespace rfvar::arch::test
