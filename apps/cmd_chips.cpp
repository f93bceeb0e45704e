// `rfvar chips`: generate a chip population (varius/) and write it (chips_file.h), or describe a
// population file with --info. No model logic here.
#include <limits>
#include <optional>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>

#include "apps/chips_file.h"
#include "apps/cli_common.h"
#include "common/h5io.h"
#include "common/progress.h"
#include "varius/chip_sampler.h"
#include "varius/params.h"
#include "varius/population.h"

namespace rfvar::apps {

namespace {

struct ChipsOptions {
  std::optional<std::int64_t> chips;  // unset: population.chips
  std::uint32_t first_chip = 0;
  bool exact = false;
  int deflate = -1;  // -1: population.deflate_level
  std::string info;
};

void print_info(const std::string& path, bool json) {
  const ChipsFile f(path);
  const ChipsFileInfo& i = f.info();
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
  Config config = o.load_config();
  if (co.chips) {
    if (*co.chips < 1) throw InputError("--chips " + std::to_string(*co.chips) + ": must be at least 1");
    config.set("population.chips=" + std::to_string(*co.chips));
  }
  if (co.deflate >= 0) config.set("population.deflate_level=" + std::to_string(co.deflate));
  if (co.exact) config.set("varius.sampling=\"exact\"");
  const auto pop = varius::PopulationParams::from_config(config);
  const auto vp = varius::VariusParams::from_config(config);
  const auto fp = varius::FloorplanParams::from_config(config);
  const std::uint64_t seed = o.master_seed(config);
  // Chip ids are int32 in the file (docs/hdf5.md "chips"): the last one must fit, not wrap.
  constexpr std::int64_t kMaxId = std::numeric_limits<std::int32_t>::max();
  if (static_cast<std::int64_t>(co.first_chip) + pop.chips - 1 > kMaxId)
    throw InputError("--first-chip " + std::to_string(co.first_chip) + " with " + std::to_string(pop.chips) +
                     " chips: the last chip id would pass " + std::to_string(kMaxId) + " (accepted: first chip + chips - 1 <= " +
                     std::to_string(kMaxId) + ")");
  o.apply_threads();
  // Fail on an unwritable output before spending time: H5Writer checks the directory.
  { const auto probe = std::make_unique<H5Writer>(o.output); }

  const auto t0 = std::chrono::steady_clock::now();
  const varius::ChipSampler sampler(vp, fp);
  std::vector<varius::ChipSample> chips;
  {
    Progress bar("chips", static_cast<std::uint64_t>(pop.chips), o.progress());
    chips = varius::sample_population(sampler, seed, co.first_chip, pop.chips, &bar);
  }
  write_chips_file(o.output, chips, seed, co.first_chip, config, o.command_line);
  const double elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const varius::PopulationSummary s = varius::summarize(chips);
  if (o.json) {
    print_json({{"chips", s.chips}, {"sms_per_chip", s.sms_per_chip}, {"mean_norm_freq", s.mean_norm_freq},
                {"std_norm_freq", s.std_norm_freq}, {"sm_to_sm_ratio_mean", s.sm_to_sm_ratio_mean},
                {"within_sm_ratio_mean", s.within_sm_ratio_mean}, {"elapsed_s", elapsed},
                {"first_chip", co.first_chip}, {"seed", seed}, {"sampling", vp.sampling},
                {"output", o.output}});
    return;
  }
  std::printf("rfvar chips: %d chips (ids %u..%u), %d SMs each, seed %llu, %s sampling -> %s\n", s.chips,
              co.first_chip, co.first_chip + static_cast<std::uint32_t>(s.chips - 1), s.sms_per_chip,
              static_cast<unsigned long long>(seed), vp.sampling.c_str(), o.output.c_str());
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
      "Generate a population of chips under process variation (VARIUS model, spec §1) and write\n"
      "per-SM register, register-vector and sub-bank read delays, normalized to the cell without\n"
      "variation (1.0), plus each chip's Vth/Leff systematic maps, to an HDF5 file.\n"
      "Frequencies are normalized to the same chip without PV.");
  add_common_options(sub, o, "chips.h5");
  sub->add_option("--chips", co->chips, "Number of chips (default: population.chips = 100)");
  sub->add_option("--first-chip", co->first_chip,
                  "Id of the first chip (default 0); chip i is the same in any run with the same seed");
  sub->add_flag("--exact-cells", co->exact,
                "Draw every cell (15.7 M per chip, the reference) instead of sampling register maxima "
                "directly (default: varius.sampling = \"fast\")");
  sub->add_option("--deflate", co->deflate,
                  "HDF5 deflate level 0-9 of the big datasets (0 = uncompressed, fastest; 1 halves the "
                  "file but costs seconds per 100 chips; default: population.deflate_level = 0)")
      ->check(CLI::Range(0, 9));
  sub->add_option("--info", co->info, "Describe a chip population file instead of generating one");
  sub->callback([&o, co] { run(o, *co); });
}

}  // namespace rfvar::apps
