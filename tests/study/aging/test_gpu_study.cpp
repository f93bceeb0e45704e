// The aging study in the N-SM mode (population_study.h, arch.gpu_sms = N > 1): the chip's SMs 0..N-1
// age together on one GPU, each under its own plan and with its own counters from that run.
#include <doctest/doctest.h>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "workload/kernel_parser.h"
#include "workload/kernel_workload.h"
#include "nbti/utilization.h"
#include "study/aging/population_study.h"
#include "technique/registry.h"
#include "technique/simulate.h"
#include "tests/study/aging/sm_setup.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::study;

namespace {

const std::vector<std::string> kTechniques = {"baseline", "vl-rf", "pv-opt", "pv-opt+nbti-opt"};

// A population study of `chips` on the two-kernel benchmark, arch.gpu_sms = `gpu_sms`, 3 epochs.
struct GpuStudy {
  Config config = Config::load_default();
  varius::RfGeometry g;
  arch::Benchmark benchmark = arch::parse_benchmark(test::kTwoKernels, "two");
  RngStream workload{7, 0, Stream::Workload};
  StudyConfig cfg;
  std::shared_ptr<const arch::IWorkload> kw;

  explicit GpuStudy(int gpu_sms) {
    cfg.nbti = nbti::NbtiParams::from_config(config);
    cfg.rf = rfmodel::RfParams::from_config(config);
    cfg.arch = arch::ArchParams::from_config(config);
    cfg.arch.gpu_sms = gpu_sms;
    cfg.life = {7.0, 3};
    cfg.techniques = kTechniques;
    kw = std::make_shared<arch::KernelWorkload>(benchmark, arch::workload_key(workload),
                                                cfg.arch.l1_line_bytes);
  }
  varius::ChipSample chip(std::vector<varius::SmDelays> sms) const {
    varius::ChipSample c;
    c.geometry = g;
    c.sms = std::move(sms);
    return c;
  }
  std::unique_ptr<PopulationStudy> run(const std::vector<varius::ChipSample>& chips, int sms) const {
    auto s = std::make_unique<PopulationStudy>(cfg, std::vector{kw}, static_cast<int>(chips.size()), sms,
                                               g.subbank_count(), workload);
    s->run_chips(chips, 0, nullptr);
    return s;
  }
};

// Utilization (nbti/utilization.h) from an SM's physical counters, as the study computes it.
std::vector<double> utilization_of(const nbti::NbtiParams& np, const arch::SmStats& s, int rows_per_bank) {
  std::vector<std::uint64_t> allocated(s.subbank_allocated_row_cycles.size());
  for (std::size_t i = 0; i < allocated.size(); ++i)
    allocated[i] =
        static_cast<std::uint64_t>(std::llround(s.subbank_allocated_row_cycles[i] / rows_per_bank));
  return nbti::subbank_utilization(np, {s.subbank_reads, s.subbank_writes, allocated, s.cycles});
}

}  // namespace

TEST_CASE(
    "GIVEN arch.gpu_sms = 2 and a chip whose two SMs have different delays WHEN the aging study runs "
    "THEN each SM's row has its own clock and the utilization and IPC of its own SM in one 2-SM GPU run") {
  const GpuStudy s(2);
  const varius::SmDelays slow = test::synthetic_sm(s.g), nominal = test::nominal_sm(s.g);
  const auto study = s.run({s.chip({slow, nominal})}, 2);
  REQUIRE(study->sms() == 2);
  const auto one = GpuStudy(1).run({s.chip({slow, nominal})}, 2);  // the one-SM mode on the same chip

  for (std::size_t ti = 0; ti < kTechniques.size(); ++ti) {
    const std::string& name = kTechniques[ti];
    CAPTURE(name);
    const TechniqueRows& r = study->rows(ti);
    // Fresh clocks are each SM's own, as in the one-SM mode.
    CHECK(r.fresh_freq[study->index(0, 0, 0)] == one->rows(ti).fresh_freq[one->index(0, 0, 0)]);
    CHECK(r.fresh_freq[study->index(0, 1, 0)] == one->rows(ti).fresh_freq[one->index(0, 1, 0)]);
    if (name == "pv-opt+nbti-opt") continue;  // its later epochs' plans come from the aged state
    // One plan for the whole life: the row is the 2-SM GPU run of the technique on these two SMs.
    const auto t = technique::make_ipc_technique(name);
    const std::vector<const varius::SmDelays*> sms = {&slow, &nominal};
    const arch::GpuRunResult direct =
        technique::run_technique(*t, *s.kw, s.cfg.arch, s.cfg.rf, sms, s.g, arch::workload_key(s.workload));
    REQUIRE(direct.per_sm.size() == 2);
    for (int sm = 0; sm < 2; ++sm) {
      CAPTURE(sm);
      const arch::SmStats& own = direct.per_sm[static_cast<std::size_t>(sm)];
      const std::size_t i = study->index(0, sm, 0);
      CHECK(r.ipc[i] == own.ipc());
      const auto u = utilization_of(s.cfg.nbti, own, s.g.rows_per_bank);
      for (std::size_t b = 0; b < u.size(); ++b)
        CHECK(r.utilization[i * u.size() + b] == static_cast<float>(u[b]));
      // The 2-SM GPU splits the grid between the SMs: not the one-SM mode's counters.
      CHECK(r.ipc[i] != one->rows(ti).ipc[one->index(0, sm, 0)]);
    }
  }
  // Baseline: the nominal SM's clock is the clock without PV, the slow SM's its slowest register's.
  CHECK(study->rows(0).fresh_freq[study->index(0, 1, 0)] == doctest::Approx(1.0));
  CHECK(study->rows(0).fresh_freq[study->index(0, 0, 0)] ==
        doctest::Approx(1.0 / slow.slowest_cell).epsilon(1e-6));
  // vl-rf: each SM under its own per-row latencies (the nominal SM has no slow register).
  CHECK(study->rows(1).ipc[study->index(0, 1, 0)] != study->rows(1).ipc[study->index(0, 0, 0)]);
}

TEST_CASE(
    "GIVEN arch.gpu_sms = 2 and two chips of two identical SMs WHEN the aging study runs THEN the SMs' rows "
    "are equal, both chips share their GPU runs, and the ideal IPC is the 2-SM GPU's without PV") {
  const GpuStudy s(2);
  const varius::SmDelays sm = test::synthetic_sm(s.g);
  const auto study = s.run({s.chip({sm, sm}), s.chip({sm, sm})}, 2);
  for (std::size_t ti = 0; ti < kTechniques.size(); ++ti) {
    CAPTURE(kTechniques[ti]);
    const TechniqueRows& r = study->rows(ti);
    for (const auto& cm : {std::pair{0, 1}, std::pair{1, 0}, std::pair{1, 1}}) {
      const int c = cm.first, m = cm.second;  // not a structured binding: captured by CAPTURE
      CAPTURE(c);
      CAPTURE(m);
      const std::size_t a = study->index(0, 0, 0), b = study->index(c, m, 0);
      CHECK(r.ipc[b] == r.ipc[a]);
      CHECK(r.guardband[b] == r.guardband[a]);
      CHECK(r.aged_freq[b] == r.aged_freq[a]);
    }
  }
  // Chip 1 repeats chip 0's GPU runs: it adds hits, no run.
  const auto first = s.run({s.chip({sm, sm})}, 2);
  CHECK(study->cache_misses() == first->cache_misses());
  CHECK(study->cache_hits() >= first->cache_hits() + kTechniques.size());
  const auto base = technique::make_ipc_technique("baseline");
  const std::vector<const varius::SmDelays*> none = {nullptr, nullptr};
  const arch::GpuRunResult ideal =
      technique::run_technique(*base, *s.kw, s.cfg.arch, s.cfg.rf, none, s.g, arch::workload_key(s.workload));
  CHECK(study->ideal_ipc()[0] == doctest::Approx(ideal.stats.ipc()).epsilon(1e-12));
}

TEST_CASE(
    "GIVEN the N-SM aging study WHEN arch.gpu_sms exceeds the chips' SMs or the clocks are per SM THEN a "
    "named InputError") {
  GpuStudy s(3);
  CHECK_THROWS_WITH_AS(s.run({s.chip({test::nominal_sm(s.g), test::nominal_sm(s.g)})}, 2),
                       doctest::Contains("arch.gpu_sms = 3 is more than the chips' 2 SMs"), InputError);
  s.cfg.arch.gpu_sms = 2;
  s.cfg.arch.gpu_clocks = arch::GpuClocks::Pv;
  CHECK_THROWS_WITH_AS(s.run({s.chip({test::nominal_sm(s.g), test::nominal_sm(s.g)})}, 2),
                       doctest::Contains("arch.gpu_clocks"), InputError);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
