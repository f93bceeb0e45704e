// Chip sampling: fast mode against the every-cell reference, determinism, and that the sigmas
// and rho_VL come out as set.
#include <doctest/doctest.h>
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "common/config.h"
#include "varius/chip_sampler.h"
#include "varius/population.h"
#include "varius/variation_map.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::varius;

namespace {
// A small floorplan (3 SMs, 16 rows per bank: 262 144 cells per SM) keeps the reference cheap.
Config small_config(const std::string& sampling) {
  Config c = Config::load_default();
  c.set("floorplan.sms=3");
  c.set("floorplan.rows_per_bank=16");
  c.set("varius.grid=64");
  c.set("varius.sampling=" + sampling);
  return c;
}
ChipSampler sampler_for(const Config& c) {
  return ChipSampler(VariusParams::from_config(c), FloorplanParams::from_config(c));
}
// Two-sample Kolmogorov-Smirnov statistic.
double ks(std::vector<double> a, std::vector<double> b) {
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  std::size_t i = 0, j = 0;
  double d = 0.0;
  while (i < a.size() && j < b.size()) {
    const double x = std::min(a[i], b[j]);
    while (i < a.size() && a[i] <= x) ++i;
    while (j < b.size() && b[j] <= x) ++j;
    d = std::max(d, std::abs(double(i) / a.size() - double(j) / b.size()));
  }
  return d;
}
double ks_critical(std::size_t n, std::size_t m, double c_alpha) {  // c(0.001) = 1.95
  return c_alpha * std::sqrt(double(n + m) / (double(n) * m));
}
}  // namespace

TEST_CASE("GIVEN the same 16 chips (seed 21, 3 small SMs each) WHEN sampled fast and exactly THEN "
          "register maxima, SM slowest and fastest cells agree (two-sample KS at alpha = 0.001)") {
  const ChipSampler fast = sampler_for(small_config("fast"));
  const ChipSampler exact = sampler_for(small_config("exact"));
  const auto pf = sample_population(fast, 21, 0, 16, nullptr);
  const auto pe = sample_population(exact, 21, 0, 16, nullptr);
  std::vector<double> rf, re, sf, se, ff, fe;
  for (std::size_t c = 0; c < pf.size(); ++c) {
    REQUIRE(pf[c].vth_sys_map == pe[c].vth_sys_map);  // same systematic maps in both modes
    for (std::size_t s = 0; s < pf[c].sms.size(); ++s) {
      for (std::size_t r = 0; r < pf[c].sms[s].reg_delay.size(); r += 3) {  // every 3rd: 3 x 87 K samples
        rf.push_back(pf[c].sms[s].reg_delay[r]);
        re.push_back(pe[c].sms[s].reg_delay[r]);
      }
      sf.push_back(pf[c].sms[s].slowest_cell);
      se.push_back(pe[c].sms[s].slowest_cell);
      ff.push_back(pf[c].sms[s].fastest_cell);
      fe.push_back(pe[c].sms[s].fastest_cell);
    }
  }
  CHECK(ks(rf, re) < ks_critical(rf.size(), re.size(), 1.95));
  CHECK(ks(sf, se) < ks_critical(sf.size(), se.size(), 1.95));
  CHECK(ks(ff, fe) < ks_critical(ff.size(), fe.size(), 1.95));
  // Means of the SM extremes within 3 combined standard errors.
  auto mean_sd = [](const std::vector<double>& v) {
    double m = 0, q = 0;
    for (double x : v) m += x;
    m /= v.size();
    for (double x : v) q += (x - m) * (x - m);
    return std::pair{m, std::sqrt(q / (v.size() - 1) / v.size())};
  };
  const auto [msf, esf] = mean_sd(sf);
  const auto [mse, ese] = mean_sd(se);
  CHECK(std::abs(msf - mse) < 3 * std::hypot(esf, ese));
  // A register is never slower than its SM's slowest cell nor faster than the fastest.
  for (const auto& s : pf[0].sms) {
    CHECK(*std::max_element(s.reg_delay.begin(), s.reg_delay.end()) == s.slowest_cell);
    CHECK(*std::min_element(s.reg_delay.begin(), s.reg_delay.end()) >= s.fastest_cell);
  }
}

TEST_CASE("GIVEN a population WHEN generated with 1 or 2 threads, or as a sub-range THEN chip i is "
          "bit-identical") {
  for (const std::string mode : {"fast", "exact"}) {
    CAPTURE(mode);
    Config c = small_config(mode);
    if (mode == "exact") c.set("floorplan.sms=1");
    const ChipSampler s = sampler_for(c);
    const int saved = omp_get_max_threads();
    omp_set_num_threads(1);
    const auto one = sample_population(s, 9, 0, 6, nullptr);
    omp_set_num_threads(2);
    const auto two = sample_population(s, 9, 0, 6, nullptr);
    const auto sub = sample_population(s, 9, 3, 2, nullptr);  // chips 3 and 4 alone
    omp_set_num_threads(saved);
    for (int i = 0; i < 6; ++i) {
      CHECK(one[i].chip_id == static_cast<std::uint32_t>(i));
      for (std::size_t k = 0; k < one[i].sms.size(); ++k) {
        CHECK(one[i].sms[k].reg_delay == two[i].sms[k].reg_delay);
        CHECK(one[i].sms[k].fastest_cell == two[i].sms[k].fastest_cell);
      }
    }
    for (int i = 0; i < 2; ++i) {
      CHECK(sub[i].chip_id == static_cast<std::uint32_t>(3 + i));
      CHECK(sub[i].vth_sys_map == one[3 + i].vth_sys_map);
      for (std::size_t k = 0; k < sub[i].sms.size(); ++k) {
        CHECK(sub[i].sms[k].reg_delay == one[3 + i].sms[k].reg_delay);
        CHECK(sub[i].sms[k].subbank_dvth_sys_V == one[3 + i].sms[k].subbank_dvth_sys_V);
      }
    }
    CHECK(one[0].sms[0].reg_delay != one[1].sms[0].reg_delay);  // chips differ
  }
}

TEST_CASE("GIVEN a population summarized in batches WHEN compared with summarize() of all chips THEN every "
          "statistic is bit-identical") {
  const ChipSampler s = sampler_for(small_config("fast"));
  const auto all = sample_population(s, 5, 0, 7, nullptr);
  PopulationSummarizer batches;
  batches.add(sample_population(s, 5, 0, 3, nullptr));  // chips 0-2, then 3-6 (rfvar chips' batches)
  batches.add(sample_population(s, 5, 3, 4, nullptr));
  const PopulationSummary a = summarize(all), b = batches.result();
  CHECK(b.chips == 7);
  CHECK(b.sms_per_chip == a.sms_per_chip);
  CHECK(b.mean_norm_freq == a.mean_norm_freq);
  CHECK(b.std_norm_freq == a.std_norm_freq);
  CHECK(b.sm_to_sm_ratio_mean == a.sm_to_sm_ratio_mean);
  CHECK(b.within_sm_ratio_mean == a.within_sm_ratio_mean);
  CHECK(a.std_norm_freq > 0.0);  // the chips differ, so the check above compares real numbers
}

TEST_CASE("GIVEN 300 chips' maps (G = 32, rho_VL = 0.6, seed 4) THEN sigma_sys of Vth and Leff and "
          "their correlation come out as set (within 4 % and 0.04)") {
  Config c = Config::load_default();
  c.set("varius.grid=32");
  c.set("varius.rho_vl=0.6");
  const VariusParams p = VariusParams::from_config(c);
  const CirculantField field(p.grid, p.phi);
  double vv = 0, ll = 0, vl = 0;
  long n = 0;
  for (std::uint32_t chip = 0; chip < 300; ++chip) {
    const SystematicMaps m = sample_systematic(p, field, 4, chip);
    for (std::size_t k = 0; k < m.vth_rel.size(); k += 37) {  // thinned: nearly independent cells
      vv += double(m.vth_rel[k]) * m.vth_rel[k];
      ll += double(m.leff_rel[k]) * m.leff_rel[k];
      vl += double(m.vth_rel[k]) * m.leff_rel[k];
      ++n;
    }
  }
  CHECK(std::sqrt(vv / n) == doctest::Approx(p.vth_sigma_sys()).epsilon(0.04));
  CHECK(std::sqrt(ll / n) == doctest::Approx(p.leff_sigma_sys()).epsilon(0.04));
  CHECK(std::abs(vl / std::sqrt(vv * ll) - 0.6) < 0.04);
  CHECK(p.vth_sigma_sys() == doctest::Approx(0.12 / std::sqrt(2.0)));
}

TEST_CASE("GIVEN the alpha-power cell, no Leff variation and a 100:1 random:systematic split WHEN "
          "every cell is drawn (seed 2) THEN the median register maximum gives back sigma_rand "
          "within 2 %") {
  Config c = small_config("exact");
  c.set("varius.cell_model=alpha_power");
  c.set("varius.leff_sigma_over_mu=0");
  c.set("varius.rand_to_sys_ratio=100");
  c.set("floorplan.sms=1");
  const VariusParams p = VariusParams::from_config(c);
  const ChipSampler s = sampler_for(c);
  const ChipSample chip = s.sample(2, 0);
  std::vector<float> r = chip.sms[0].reg_delay;
  std::nth_element(r.begin(), r.begin() + r.size() / 2, r.end());
  const double med = r[r.size() / 2];
  // d = ((Vdd - Vth0) / (Vdd - Vth))^alpha; the median of a max of 32 normals is z = 2.0249.
  const double dv = (p.vdd_V - (p.vdd_V - p.vth0_V) * std::pow(med, -1.0 / p.alpha)) / p.vth0_V - 1.0;
  CHECK(dv / 2.0249 == doctest::Approx(p.vth_sigma_rand()).epsilon(0.02));
}

TEST_CASE("GIVEN bad parameters WHEN params are built THEN ConfigErrors name the key and range") {
  auto fails = [](const std::string& set, const std::string& needle) {
    Config c = Config::load_default();
    c.set(set);
    CAPTURE(set);
    CHECK_THROWS_WITH_AS((void)VariusParams::from_config(c), doctest::Contains(needle.c_str()), ConfigError);
  };
  fails("varius.vth_sigma_over_mu=-0.1", "varius.vth_sigma_over_mu");
  fails("varius.vth_sigma_over_mu=-0.1", "(0, 0.3]");
  fails("varius.phi=0", "varius.phi");
  fails("varius.rho_vl=1.5", "[0, 1]");
  fails("varius.vth0_V=0.95", "below varius.vdd_V");
  auto ffails = [](const std::string& set, const std::string& needle) {
    Config c = Config::load_default();
    c.set(set);
    CAPTURE(set);
    CHECK_THROWS_WITH_AS((void)FloorplanParams::from_config(c), doctest::Contains(needle.c_str()), ConfigError);
  };
  ffails("floorplan.subbanks=3", "power of two");
  ffails("floorplan.sms=16", "exceeds the tile grid");
  ffails("floorplan.rf_x_frac=0.5", "fit in its tile");
  ffails("floorplan.bank_rows=0", "floorplan.bank_rows");
  ffails("floorplan.rf_height_frac=0.001", "below the abutting banks' height");
  ffails("floorplan.rf_y_frac=0.5", "fit in its tile");  // rf_height_frac = 1 fills the tile
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
