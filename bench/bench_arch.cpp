// Speed of the SM cycle model: simulated warp instructions per second on one core, per benchmark
// kernel under the baseline and under a PV technique (the `rfvar ipc` inner loop).
// Counter "warp_inst_per_s" is the figure reported in docs/performance.md (target >= 5 M/s);
// BM_Arch/all/<technique> runs every kernel once per iteration (the overall figure).
// BM_Replay/ptx:<bench>/<technique>: the same for the CUDA benchmarks' PTX workloads (traces made
// once, outside the timed loop: the replay speed, issue 15 target >= 5 M/s); BM_Trace/ptx:<bench>:
// making those traces (interpret the harness, record, translate; target < 10 s per benchmark).
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "frontend/load_workload.h"
#include "arch/run.h"
#include "workload/kernel_parser.h"
#include "workload/kernel_workload.h"
#include "common/config.h"
#include "technique/registry.h"
#include "technique/simulate.h"

namespace {

// A synthetic SM: delays spread so that 30 % of sub-banks are slow under VL-SB.
rfvar::varius::SmDelays synthetic_sm(const rfvar::varius::RfGeometry& g) {
  rfvar::varius::SmDelays sm;
  sm.reg_delay.resize(static_cast<std::size_t>(g.registers()));
  std::uint64_t x = 12345;
  for (auto& d : sm.reg_delay) {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    d = 1.0f + static_cast<float>(x >> 40) / static_cast<float>(1ULL << 24);
  }
  return sm;
}

// Each iteration runs every benchmark in `kernels` once under `technique`.
void BM_Benchmark(benchmark::State& state, const std::vector<std::string>& kernels, const std::string& name) {
  using namespace rfvar;
  const Config c = Config::load_default();
  const arch::ArchParams ap = arch::ArchParams::from_config(c);
  const rfmodel::RfParams rp = rfmodel::RfParams::from_config(c);
  std::vector<arch::Benchmark> bs;
  for (const auto& k : kernels) bs.push_back(arch::load_benchmark(k));
  const varius::RfGeometry g;
  const varius::SmDelays sm = synthetic_sm(g);
  const auto t = technique::make_ipc_technique(name);
  const std::vector<const varius::SmDelays*> sms = {&sm};
  const std::uint64_t key = arch::workload_key(RngStream(1, 0, Stream::Workload));
  std::uint64_t inst = 0;
  for (auto _ : state) {
    for (const auto& b : bs) {
      const arch::KernelWorkload wl(b, key, ap.l1_line_bytes);
      const auto r = technique::run_technique(*t, wl, ap, rp, sms, g, key);
      inst += r.stats.warp_instructions;
      benchmark::DoNotOptimize(r.stats.cycles);
    }
  }
  state.counters["warp_inst_per_s"] = benchmark::Counter(static_cast<double>(inst), benchmark::Counter::kIsRate);
}

// Each iteration replays the PTX workload `spec` (loaded once) under `technique`.
void BM_Replay(benchmark::State& state, const std::string& spec, const std::string& name) {
  using namespace rfvar;
  const Config c = Config::load_default();
  const arch::ArchParams ap = arch::ArchParams::from_config(c);
  const rfmodel::RfParams rp = rfmodel::RfParams::from_config(c);
  const auto wl = arch::load_workload(spec, ap, 1);
  const std::uint64_t key = arch::workload_key(RngStream(1, 0, Stream::Workload));
  const varius::RfGeometry g;
  const varius::SmDelays sm = synthetic_sm(g);
  const auto t = technique::make_ipc_technique(name);
  const std::vector<const varius::SmDelays*> sms = {&sm};
  std::uint64_t inst = 0;
  for (auto _ : state) {
    const auto r = technique::run_technique(*t, *wl, ap, rp, sms, g, key);
    inst += r.stats.warp_instructions;
    benchmark::DoNotOptimize(r.stats.cycles);
  }
  state.counters["warp_inst_per_s"] = benchmark::Counter(static_cast<double>(inst), benchmark::Counter::kIsRate);
}

// Each iteration replays the PTX workload `spec` on `sms` SMs sharing the L2 and DRAM (arch.gpu_sms;
// 1 = the one-SM mode), every SM with the same synthetic delays.
void BM_Gpu(benchmark::State& state, const std::string& spec, int sms) {
  using namespace rfvar;
  const Config c = Config::load_default();
  arch::ArchParams ap = arch::ArchParams::from_config(c);
  ap.gpu_sms = sms;
  const rfmodel::RfParams rp = rfmodel::RfParams::from_config(c);
  const auto wl = arch::load_workload(spec, ap, 1);
  const std::uint64_t key = arch::workload_key(RngStream(1, 0, Stream::Workload));
  const varius::RfGeometry g;
  const varius::SmDelays sm = synthetic_sm(g);
  const std::vector<const varius::SmDelays*> d(static_cast<std::size_t>(sms), &sm);
  const auto t = technique::make_ipc_technique("vl-sb+rf-bro");
  std::uint64_t inst = 0;
  for (auto _ : state) {
    const auto r = technique::run_technique(*t, *wl, ap, rp, d, g, key);
    inst += r.stats.warp_instructions;
    benchmark::DoNotOptimize(r.stats.cycles);
  }
  state.counters["warp_inst_per_s"] =
      benchmark::Counter(static_cast<double>(inst), benchmark::Counter::kIsRate);
}

// Each iteration makes the traces of the PTX workload `spec` (the whole grid of every launch).
void BM_Trace(benchmark::State& state, const std::string& spec) {
  using namespace rfvar;
  const arch::ArchParams ap = arch::ArchParams::from_config(Config::load_default());
  for (auto _ : state) {
    const auto wl = arch::load_workload(spec, ap, 1);
    benchmark::DoNotOptimize(wl->benchmark().launches.size());
  }
}

void register_all() {
  for (const char* k : {"hotspot", "lavamd", "bfs", "mm", "st3d"}) {
    const std::string spec = std::string("ptx:") + k;
    benchmark::RegisterBenchmark(("BM_Replay/" + spec + "/baseline").c_str(), BM_Replay, spec, std::string("baseline"))
        ->Unit(benchmark::kMillisecond)
        ->MeasureProcessCPUTime();
    benchmark::RegisterBenchmark(("BM_Trace/" + spec).c_str(), BM_Trace, spec)
        ->Unit(benchmark::kMillisecond)
        ->MeasureProcessCPUTime()
        ->Iterations(1);
  }
  for (const char* k : {"hotspot", "bfs"})
    for (int n : {1, 15}) {
      const std::string spec = std::string("ptx:") + k;
      benchmark::RegisterBenchmark(("BM_Gpu/" + spec + "/sms:" + std::to_string(n)).c_str(), BM_Gpu, spec, n)
          ->Unit(benchmark::kMillisecond)
          ->MeasureProcessCPUTime();
    }
  const auto all = rfvar::arch::available_benchmarks();
  for (const char* t : {"baseline", "fwas"}) {
    for (const auto& k : all)
      benchmark::RegisterBenchmark(("BM_Arch/" + k + "/" + t).c_str(), BM_Benchmark, std::vector<std::string>{k},
                                   std::string(t))
          ->Unit(benchmark::kMillisecond)
          ->MeasureProcessCPUTime();
    // The overall figure: every kernel once per iteration (instructions / CPU time over all of them).
    benchmark::RegisterBenchmark((std::string("BM_Arch/all/") + t).c_str(), BM_Benchmark, all, std::string(t))
        ->Unit(benchmark::kMillisecond)
        ->MeasureProcessCPUTime();
  }
}

}  // namespace

int main(int argc, char** argv) {
  register_all();
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
