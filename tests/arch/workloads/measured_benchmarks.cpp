// Loads and walks each benchmark once per test process (see measured_benchmarks.h).
#include "measured_benchmarks.h"

#include <algorithm>
#include <map>
#include <memory>

#include "arch/core/occupancy.h"
#include "workload/kernel_parser.h"
#include "common/config.h"

namespace rfvar::arch::test {
namespace {

L1Cache::Params l1_geometry() {
  const ArchParams& p = arch_params();
  return {p.l1_size_bytes, p.l1_line_bytes, p.l1_ways};
}

std::unique_ptr<MeasuredBenchmark> measure(const std::string& name) {
  auto m = std::make_unique<MeasuredBenchmark>();
  m->bench = load_benchmark(name);
  RngStream rng(kWalkSeed, 0, Stream::Test);
  m->kernels.resize(m->bench.kernels.size());
  for (std::size_t i = 0; i < m->bench.kernels.size(); ++i) {
    m->kernels[i].kernel = &m->bench.kernels[i];
    m->kernels[i].stats.reg_accesses.assign(static_cast<std::size_t>(m->bench.kernels[i].regs_per_thread), 0.0);
  }
  double thread_w = 0, alloc_w = 0;
  for (const Launch& l : m->bench.launches) {
    MeasuredKernel& mk = m->kernels[static_cast<std::size_t>(l.kernel)];
    const Kernel& k = *mk.kernel;
    const WalkStats s = walk_kernel_launch(k, l1_geometry(), l.grid, 0, arch_params().sms, rng);
    const int resident = std::min(occupancy(k), blocks_on_sm0(l.grid));
    const double threads =
        static_cast<double>(resident) * k.block_threads * k.regs_per_thread / arch_params().registers_per_sm;
    const double alloc = rf_use(k, resident);
    mk.max_resident_blocks = std::max(mk.max_resident_blocks, resident);
    mk.thread_reg_fraction += s.warp_instructions * threads;
    mk.alloc_reg_fraction += s.warp_instructions * alloc;
    thread_w += s.warp_instructions * threads;
    alloc_w += s.warp_instructions * alloc;
    mk.stats.add(s);
    m->total.add(s);
  }
  for (MeasuredKernel& mk : m->kernels) {
    if (mk.stats.warp_instructions <= 0) continue;
    mk.thread_reg_fraction /= mk.stats.warp_instructions;
    mk.alloc_reg_fraction /= mk.stats.warp_instructions;
  }
  m->thread_reg_fraction = thread_w / m->total.warp_instructions;
  m->alloc_reg_fraction = alloc_w / m->total.warp_instructions;
  return m;
}

}  // namespace

const MeasuredBenchmark& measured(const std::string& name) {
  static std::map<std::string, std::unique_ptr<MeasuredBenchmark>> cache;
  auto it = cache.find(name);
  if (it == cache.end()) it = cache.emplace(name, measure(name)).first;
  return *it->second;
}

const ArchParams& arch_params() {
  static const ArchParams p = ArchParams::from_config(Config::load_default());
  return p;
}

int occupancy(const Kernel& k) { return max_blocks_per_sm(k, arch_params()); }

int blocks_on_sm0(int grid) { return blocks_on_sm(grid, 0, arch_params().sms); }

double rf_use(const Kernel& k, int blocks) { return rf_fraction(k, blocks, arch_params().registers_per_sm); }

double mean_accesses(const WalkStats& s, int lo, int hi) {
  double sum = 0;
  for (int r = lo; r < hi; ++r) sum += s.reg_accesses[static_cast<std::size_t>(r)];
  return sum / (hi - lo);
}

}  // namespace rfvar::arch::test
