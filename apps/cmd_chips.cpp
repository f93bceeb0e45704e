// `rfvar chips`: the population stage (stages/population_stage.h), or describe a population
// file with --info. CLI wiring and the table only.
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>

#include "apps/cli_common.h"
#include "apps/stage_cli.h"
#include "stages/chips_file.h"
#include "stages/population_stage.h"
#include "varius/population.h"

namespace rfvar::apps {

namespace {

struct ChipsOptions {
  stages::PopulationStage::Options stage;
  std::string info;
};

void print_info(const std::string& path, bool json) {
  const stages::ChipsFile f(path);
  const stages::ChipsFileInfo& i = f.info();
  const auto chips = f.read(0, -1, 0, -1, false);
  const varius::PopulationSummary s = varius::summarize(chips);
  if (json) {
    print_json({{"file", path}, {"chips", i.chips}, {"sms_per_chip", i.sms}, {"registers_per_sm", i.registers},
                {"vectors_per_sm", i.vectors}, {"subbanks_per_sm", i.subbanks}, {"grid", i.grid},
                {"seed", i.seed}, {"first_chip", i.first_chip}, {"rfvar_version", i.version},
                {"command_line", i.command_line}, {"mean_norm_freq", s.mean_norm_freq},
                {"std_norm_freq", s.std_norm_freq}, {"sm_to_sm_ratio_mean", s.sm_to_sm_ratio_mean},
                {"within_sm_ratio_mean", s.within_sm_ratio_mean}});
    return;
  }
  std::printf("%s: rfvar chip population (rfvar %s)\n", path.c_str(), i.version.c_str());
  std::printf("  made by        %s\n", i.command_line.c_str());
  std::printf("  chips          %d (ids %u .. %u), seed %llu\n", i.chips, i.first_chip,
              i.first_chip + static_cast<std::uint32_t>(i.chips > 0 ? i.chips - 1 : 0),
              static_cast<unsigned long long>(i.seed));
  std::printf("  per SM         %d registers, %d register vectors, %d sub-banks\n", i.registers, i.vectors,
              i.subbanks);
  std::printf("  SMs per chip   %d; systematic maps %d x %d\n", i.sms, i.grid, i.grid);
  std::printf("  mean norm freq %.4f (std %.4f over chips)\n", s.mean_norm_freq, s.std_norm_freq);
  std::printf("  datasets       /chips/{chip_id, reg_delay, vector_delay, subbank_delay, subbank_dvth_sys,\n"
              "                 slowest_cell, fastest_cell, sm_norm_freq, chip_norm_freq, vth_d2d, leff_d2d},\n"
              "                 /maps/{vth_sys, leff_sys}; see docs/hdf5.md\n");
}

void run(CommonOptions& o, const ChipsOptions& co) {
  if (!co.info.empty()) {
    print_info(co.info, o.json);
    return;
  }
  const auto result = run_stage<stages::PopulationStage>(o, co.stage, o.output);
  if (!result) return;
  const stages::PopulationStage::Result& r = *result;
  const varius::PopulationSummary& s = r.summary;
  const double elapsed = r.elapsed_s;
  const std::uint64_t seed = r.seed;
  std::printf("rfvar chips: %d chips (ids %u..%u), %d SMs each, seed %llu, %s sampling -> %s\n", s.chips,
              r.first_chip, r.first_chip + static_cast<std::uint32_t>(s.chips - 1), s.sms_per_chip,
              static_cast<unsigned long long>(seed), r.sampling.c_str(), o.output.c_str());
  std::printf("  %-34s %8.4f\n", "mean normalized chip frequency", s.mean_norm_freq);
  std::printf("  %-34s %8.4f\n", "std over chips", s.std_norm_freq);
  std::printf("  %-34s %8.4f\n", "SM-to-SM ratio (fastest/slowest SM)", s.sm_to_sm_ratio_mean);
  std::printf("  %-34s %8.4f\n", "within-SM ratio (slowest/fastest)", s.within_sm_ratio_mean);
  std::printf("  %-34s %8.2f s\n", "elapsed", elapsed);
}

}  // namespace

void register_chips(CLI::App& app, CommonOptions& o) {
  auto co = std::make_shared<ChipsOptions>();
  CLI::App* sub = app.add_subcommand(
      "chips",
      "Generate a population of chips under process variation (VARIUS model, docs/models.md#varius) and write\n"
      "per-SM register, register-vector and sub-bank read delays, normalized to the cell without\n"
      "variation (1.0), plus each chip's Vth/Leff systematic maps, to an HDF5 file.\n"
      "Frequencies are normalized to the same chip without PV.");
  add_common_options(sub, o, "chips.h5");
  add_stage_options(sub, co->stage, stages::PopulationStage::options());
  sub->get_option("--deflate")->check(CLI::Range(0, 9));
  sub->add_option("--info", co->info, "Describe a chip population file instead of generating one");
  sub->callback([&o, co] { run(o, *co); });
}

}  // namespace rfvar::apps
