#include "stages/energy_output.h"

#include <cmath>

#include "common/h5io.h"
#include "stages/job_log_output.h"

namespace rfvar::stages {

using namespace arch::energy;
using study::EnergyStudyResult;
using study::LevelEnergies;

namespace {

nlohmann::json num(double x) { return std::isnan(x) ? nlohmann::json(nullptr) : nlohmann::json(x); }

nlohmann::json levels_json(const LevelEnergies& e, double flat_pj) {
  nlohmann::json r, w, acc, wire;
  for (int l = 0; l < kLevels; ++l) {
    const auto lv = static_cast<Level>(l);
    if (e.counts.reads_of(lv) == 0 && e.counts.writes_of(lv) == 0) continue;
    r[level_name(lv)] = e.counts.reads_of(lv);
    w[level_name(lv)] = e.counts.writes_of(lv);
    acc[level_name(lv)] = e.energy.level[static_cast<std::size_t>(l)].access;
    wire[level_name(lv)] = e.energy.level[static_cast<std::size_t>(l)].wire;
  }
  const double pj = e.energy.total().total();
  return {{"reads", r},      {"writes", w},     {"access_pj", acc},
          {"wire_pj", wire}, {"energy_pj", pj}, {"energy_rel", flat_pj > 0 ? pj / flat_pj : 0.0}};
}

std::vector<std::string> level_names() {
  std::vector<std::string> v;
  for (int l = 0; l < kLevels; ++l) v.push_back(level_name(static_cast<Level>(l)));
  return v;
}

}  // namespace

nlohmann::json energy_json(const EnergyStudyResult& r, const EnergyParams& ep) {
  nlohmann::json pk;
  for (const auto& a : r.allocation) {
    const double f = a.flat.energy.total().total();
    const auto& s = a.three_level_alloc_stats;
    pk[a.kernel] = {{"hand_written", a.hand_written},
                    {"warp_instructions", a.warp_instructions},
                    {"flat", levels_json(a.flat, f)},
                    {"two_level", levels_json(a.two_level, f)},
                    {"three_level", levels_json(a.three_level, f)},
                    {std::string("three_level_") + lrf_organization_name(r.other_lrf),
                     levels_json(a.three_level_other, f)},
                    {"rfc_energy_rel", num(a.rfc_rel)},
                    {"strands", s.strands},
                    {"values", s.values},
                    {"lrf_values", s.lrf_values},
                    {"orf_values", s.orf_values},
                    {"partial_values", s.partial_values},
                    {"multi_write_values", s.multi_write_values}};
  }
  nlohmann::json rs, ws;
  for (int l = 0; l < kLevels; ++l) {
    if (r.mean_read_share[static_cast<std::size_t>(l)] == 0 &&
        r.mean_write_share[static_cast<std::size_t>(l)] == 0)
      continue;
    rs[level_name(static_cast<Level>(l))] = r.mean_read_share[static_cast<std::size_t>(l)];
    ws[level_name(static_cast<Level>(l))] = r.mean_write_share[static_cast<std::size_t>(l)];
  }
  nlohmann::json alloc = {{"per_kernel", pk},
                          {"orf_entries", ep.orf_entries},
                          {"lrf_entries", ep.lrf_entries},
                          {"lrf", lrf_organization_name(r.lrf)},
                          {"mean_two_level_rel", r.mean_two_level_rel},
                          {"mean_three_level_rel", r.mean_three_level_rel},
                          {std::string("mean_three_level_") + lrf_organization_name(r.other_lrf) + "_rel",
                           r.mean_three_level_other_rel},
                          {"mean_read_share", rs},
                          {"mean_write_share", ws},
                          {"rfc_workloads", r.rfc_workloads},
                          {"mean_rfc_rel", num(r.mean_rfc_rel)},
                          {"mean_two_level_rel_hand", num(r.mean_two_level_rel_hand)},
                          {"mean_three_level_rel_hand", num(r.mean_three_level_rel_hand)},
                          {"rfc_workloads_compiled", r.rfc_workloads_compiled},
                          {"mean_rfc_rel_compiled", num(r.mean_rfc_rel_compiled)},
                          {"mean_two_level_rel_compiled", num(r.mean_two_level_rel_compiled)},
                          {"mean_three_level_rel_compiled", num(r.mean_three_level_rel_compiled)}};
  nlohmann::json dj = {{"configs", r.configs}, {"designs", r.designs}};
  for (std::size_t d = 0; d < r.designs.size(); ++d) {
    std::vector<double> e, p;
    for (std::size_t c = 0; c < r.configs.size(); ++c)
      e.push_back(r.mean_energy_rel[c][d]), p.push_back(r.mean_power_rel[c][d]);
    dj["mean_energy_rel"][r.designs[d]] = e;
    dj["mean_power_rel"][r.designs[d]] = p;
    nlohmann::json ec = nlohmann::json::array(), pc = nlohmann::json::array();
    for (std::size_t c = 0; c < r.configs.size(); ++c)
      ec.push_back(num(r.mean_energy_rel_compiled[c][d])), pc.push_back(num(r.mean_power_rel_compiled[c][d]));
    dj["mean_energy_rel_compiled"][r.designs[d]] = ec;
    dj["mean_power_rel_compiled"][r.designs[d]] = pc;
  }
  for (const auto& kr : r.design_runs) {
    nlohmann::json k = {{"hand_written", kr.hand_written},
                        {"bl1_energy_pj", kr.bl1.e.energy.total().total()},
                        {"bl1_cycles", kr.bl1.cycles}};
    for (std::size_t d = 0; d < r.designs.size(); ++d) {
      std::vector<double> e, p;
      nlohmann::json lv = nlohmann::json::array();
      for (std::size_t c = 0; c < r.configs.size(); ++c) {
        e.push_back(kr.at[c][d].energy_rel), p.push_back(kr.at[c][d].power_rel);
        lv.push_back(levels_json(kr.at[c][d].e, kr.bl1.e.energy.total().total()));
        lv.back()["cycles"] = kr.at[c][d].cycles;
      }
      k[r.designs[d]] = {{"energy_rel", e}, {"power_rel", p}, {"per_config", lv}};
    }
    dj["per_kernel"][kr.kernel] = k;
  }
  return {{"allocation", alloc}, {"designs", dj}, {"runs", r.runs}};
}

void write_energy_file(const std::filesystem::path& out, const EnergyStudyResult& r, const EnergyParams& ep,
                       const Config& config, std::uint64_t seed, const std::string& command_line,
                       const StageContext* jobs_of) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const std::size_t K = r.allocation.size(), L = static_cast<std::size_t>(kLevels), H = 4;
  std::vector<std::string> kernels;
  std::vector<std::uint8_t> hand(K);
  std::vector<std::int64_t> reads(H * K * L), writes(H * K * L), winst(K), strands(K), lrfv(K), orfv(K),
      partv(K), multv(K);
  std::vector<double> acc(H * K * L), wire(H * K * L), rel(H * K), rfc(K);
  for (std::size_t k = 0; k < K; ++k) {
    const auto& a = r.allocation[k];
    kernels.push_back(a.kernel);
    hand[k] = a.hand_written ? 1 : 0;
    winst[k] = static_cast<std::int64_t>(a.warp_instructions);
    strands[k] = a.three_level_alloc_stats.strands;
    lrfv[k] = a.three_level_alloc_stats.lrf_values;
    orfv[k] = a.three_level_alloc_stats.orf_values;
    partv[k] = a.three_level_alloc_stats.partial_values;
    multv[k] = a.three_level_alloc_stats.multi_write_values;
    rfc[k] = a.rfc_rel;
    const LevelEnergies* hs[H] = {&a.flat, &a.two_level, &a.three_level, &a.three_level_other};
    const double f = a.flat.energy.total().total();
    for (std::size_t h = 0; h < H; ++h) {
      rel[h * K + k] = f > 0 ? hs[h]->energy.total().total() / f : nan;
      for (std::size_t l = 0; l < L; ++l) {
        const std::size_t i = (h * K + k) * L + l;
        reads[i] = static_cast<std::int64_t>(hs[h]->counts.reads_of(static_cast<Level>(l)));
        writes[i] = static_cast<std::int64_t>(hs[h]->counts.writes_of(static_cast<Level>(l)));
        acc[i] = hs[h]->energy.level[l].access;
        wire[i] = hs[h]->energy.level[l].wire;
      }
    }
  }
  const std::size_t C = r.configs.size(), D = r.designs.size(), KH = r.design_runs.size();
  std::vector<std::string> dkernels;
  std::vector<std::uint8_t> dhand(KH);
  std::vector<double> derel(C * D * KH), dprel(C * D * KH), dacc(C * D * KH * L), dwire(C * D * KH * L),
      mer(C * D), mpr(C * D), merc(C * D), mprc(C * D), bl1(KH);
  std::vector<std::int64_t> dcyc(C * D * KH), dreads(C * D * KH * L), dwrites(C * D * KH * L), bl1c(KH),
      configs;
  for (int c : r.configs) configs.push_back(c);
  for (std::size_t k = 0; k < KH; ++k) {
    const auto& kr = r.design_runs[k];
    dkernels.push_back(kr.kernel);
    dhand[k] = kr.hand_written ? 1 : 0;
    bl1[k] = kr.bl1.e.energy.total().total();
    bl1c[k] = static_cast<std::int64_t>(kr.bl1.cycles);
    for (std::size_t c = 0; c < C; ++c)
      for (std::size_t d = 0; d < D; ++d) {
        const auto& de = kr.at[c][d];
        const std::size_t i = (c * D + d) * KH + k;
        derel[i] = de.energy_rel;
        dprel[i] = de.power_rel;
        dcyc[i] = static_cast<std::int64_t>(de.cycles);
        for (std::size_t l = 0; l < L; ++l) {
          dreads[i * L + l] = static_cast<std::int64_t>(de.e.counts.reads_of(static_cast<Level>(l)));
          dwrites[i * L + l] = static_cast<std::int64_t>(de.e.counts.writes_of(static_cast<Level>(l)));
          dacc[i * L + l] = de.e.energy.level[l].access;
          dwire[i * L + l] = de.e.energy.level[l].wire;
        }
      }
  }
  for (std::size_t c = 0; c < C; ++c)
    for (std::size_t d = 0; d < D; ++d) {
      mer[c * D + d] = r.mean_energy_rel[c][d], mpr[c * D + d] = r.mean_power_rel[c][d];
      merc[c * D + d] = r.mean_energy_rel_compiled[c][d], mprc[c * D + d] = r.mean_power_rel_compiled[c][d];
    }

  H5Writer w(out);
  w.provenance("energy", seed, config, command_line);
  w.attr("/", "orf_entries", static_cast<std::int64_t>(ep.orf_entries));
  w.attr("/", "lrf_entries", static_cast<std::int64_t>(ep.lrf_entries));
  w.attr("/", "mean_two_level_rel", r.mean_two_level_rel);
  w.attr("/", "mean_three_level_rel", r.mean_three_level_rel);
  w.attr("/", "lrf", std::string(lrf_organization_name(r.lrf)));
  w.attr("/", "mean_three_level_other_rel", r.mean_three_level_other_rel);
  w.attr("/", "mean_rfc_rel", r.mean_rfc_rel);
  w.attr("/", "mean_two_level_rel_hand", r.mean_two_level_rel_hand);
  w.attr("/", "mean_three_level_rel_hand", r.mean_three_level_rel_hand);
  w.attr("/", "rfc_workloads", static_cast<std::int64_t>(r.rfc_workloads));
  w.attr("/", "mean_rfc_rel_compiled", r.mean_rfc_rel_compiled);
  w.attr("/", "mean_two_level_rel_compiled", r.mean_two_level_rel_compiled);
  w.attr("/", "mean_three_level_rel_compiled", r.mean_three_level_rel_compiled);
  w.attr("/", "rfc_workloads_compiled", static_cast<std::int64_t>(r.rfc_workloads_compiled));
  w.write_strings("/kernels", kernels);
  w.write_strings("/levels", level_names());
  // three_level: the LRF organization of energy.lrf (attribute lrf); the last: the other one.
  w.write_strings("/hierarchies",
                  {"flat", "two_level", "three_level", std::string("three_level_") + lrf_organization_name(r.other_lrf)});
  const std::vector<std::string> hkl = {"hierarchy", "kernel", "level"};
  w.write("/hand_written", hand, {K}, {"kernel"}, "1 (a .kernel benchmark: has the design runs)");
  w.write("/warp_instructions", winst, {K}, {"kernel"}, "warp instructions replayed");
  w.write("/alloc_reads", reads, {H, K, L}, hkl, "warp operands");
  w.write("/alloc_writes", writes, {H, K, L}, hkl, "warp operands");
  w.write("/alloc_access_pj", acc, {H, K, L}, hkl, "pJ");
  w.write("/alloc_wire_pj", wire, {H, K, L}, hkl, "pJ");
  w.write("/alloc_energy_rel", rel, {H, K}, {"hierarchy", "kernel"}, "1 (energy / flat RF's)");
  w.write("/rfc_energy_rel", rfc, {K}, {"kernel"},
          "1 (RFC / BL energy at main-RF design #1; NaN: no SM run)");
  w.write("/strands", strands, {K}, {"kernel"}, "static strands (all kernels)");
  w.write("/lrf_values", lrfv, {K}, {"kernel"}, "static values allocated to the LRF");
  w.write("/orf_values", orfv, {K}, {"kernel"}, "static values allocated to the ORF");
  w.write("/partial_values", partv, {K}, {"kernel"}, "ORF values allocated with a partial range");
  w.write("/multi_write_values", multv, {K}, {"kernel"},
          "upper-level values written on several paths into one entry (MICRO 2011 Fig. 10c)");
  std::vector<double> rsh(L), wsh(L);
  for (std::size_t l = 0; l < L; ++l) rsh[l] = r.mean_read_share[l], wsh[l] = r.mean_write_share[l];
  w.write("/mean_read_share", rsh, {L}, {"level"}, "1 (three-level reads / flat reads, mean over kernels)");
  w.write("/mean_write_share", wsh, {L}, {"level"},
          "1 (three-level writes / flat writes, mean over kernels)");
  w.write_strings("/design_kernels", dkernels);
  w.write("/design_hand_written", dhand, {KH}, {"kernel"},
          "1 (a .kernel benchmark; 0: a compiled workload, ptx:NAME, run with allocated register ids)");
  w.write_strings("/designs", r.designs);
  w.write("/configs", configs, {C}, {"config"}, "main-RF design of LTRF Table 2");
  const std::vector<std::string> cdk = {"config", "design", "kernel"},
                                 cdkl = {"config", "design", "kernel", "level"};
  w.write("/design_energy_rel", derel, {C, D, KH}, cdk, "1 (energy / BL's at design #1)");
  w.write("/design_power_rel", dprel, {C, D, KH}, cdk, "1 (energy per cycle / BL's at design #1)");
  w.write("/design_cycles", dcyc, {C, D, KH}, cdk, "cycles");
  w.write("/design_reads", dreads, {C, D, KH, L}, cdkl, "warp operands");
  w.write("/design_writes", dwrites, {C, D, KH, L}, cdkl, "warp operands");
  w.write("/design_access_pj", dacc, {C, D, KH, L}, cdkl, "pJ");
  w.write("/design_wire_pj", dwire, {C, D, KH, L}, cdkl, "pJ");
  w.write("/mean_energy_rel", mer, {C, D}, {"config", "design"}, "1 (mean over the .kernel design kernels)");
  w.write("/mean_power_rel", mpr, {C, D}, {"config", "design"}, "1 (mean over the .kernel design kernels)");
  w.write("/mean_energy_rel_compiled", merc, {C, D}, {"config", "design"},
          "1 (mean over the compiled design kernels; NaN: none)");
  w.write("/mean_power_rel_compiled", mprc, {C, D}, {"config", "design"},
          "1 (mean over the compiled design kernels; NaN: none)");
  w.write("/bl1_energy_pj", bl1, {KH}, {"kernel"}, "pJ");
  w.write("/bl1_cycles", bl1c, {KH}, {"kernel"}, "cycles");
  if (jobs_of) write_job_log(w, *jobs_of);  // /jobs (docs/hdf5.md "jobs") when asked for
  w.commit();
}

}  // namespace rfvar::stages
