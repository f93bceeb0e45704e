#include "stages/population_stage.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <limits>
#include <memory>

#include "common/h5io.h"
#include "common/progress.h"
#include "stages/chips_file.h"
#include "varius/chip_sampler.h"
#include "varius/params.h"

namespace rfvar::stages {

namespace {

// The config the options give: population.chips, population.deflate_level, varius.sampling.
Config effective_config(const PopulationStage::Options& co, const Config& base) {
  Config config = base;
  if (co.chips) {
    if (*co.chips < 1) throw InputError("--chips " + std::to_string(*co.chips) + ": must be at least 1");
    config.set("population.chips=" + std::to_string(*co.chips));
  }
  if (co.deflate >= 0) config.set("population.deflate_level=" + std::to_string(co.deflate));
  if (co.exact) config.set("varius.sampling=\"exact\"");
  return config;
}

}  // namespace

StageInfo PopulationStage::info() {
  // population.* holds the seed (and the default chip count); varius/ reads varius and floorplan.
  return {"population", {}, {"population.", "varius.", "floorplan."}, false};
}

const std::vector<OptionDecl<PopulationStage::Options>>& PopulationStage::options() {
  static const std::vector<OptionDecl<Options>> decls = {
      {"chips", "--chips", "Number of chips (default: population.chips = 100)", &Options::chips},
      {"", "--first-chip", "Id of the first chip (default 0); chip i is the same in any run with the same seed",
       &Options::first_chip},
      {"exact_cells", "--exact-cells",
       "Draw every cell (15.7 M per chip, the reference) instead of sampling register maxima "
       "directly (default: varius.sampling = \"fast\")",
       &Options::exact},
      {"", "--deflate",
       "HDF5 deflate level 0-9 of the big datasets (0 = uncompressed, fastest; 1 halves the "
       "file but costs seconds per 100 chips; default: population.deflate_level = 0)",
       &Options::deflate},
  };
  return decls;
}

void PopulationStage::check(const Options& o, const StageContext& ctx) {
  const Config config = effective_config(o, ctx.config);
  const auto pop = varius::PopulationParams::from_config(config);
  // Chip ids are int32 in the file (docs/hdf5.md "chips"): the last one must fit, not wrap.
  constexpr std::int64_t kMaxId = std::numeric_limits<std::int32_t>::max();
  if (static_cast<std::int64_t>(o.first_chip) + pop.chips - 1 > kMaxId)
    throw InputError("--first-chip " + std::to_string(o.first_chip) + " with " + std::to_string(pop.chips) +
                     " chips: the last chip id would pass " + std::to_string(kMaxId) +
                     " (accepted: first chip + chips - 1 <= " + std::to_string(kMaxId) + ")");
  (void)varius::VariusParams::from_config(config);
  (void)varius::FloorplanParams::from_config(config);
}

PopulationStage::Result PopulationStage::run(const Options& co, const StageContext& ctx) {
  check(co, ctx);
  const Config config = effective_config(co, ctx.config);
  const auto pop = varius::PopulationParams::from_config(config);
  const auto vp = varius::VariusParams::from_config(config);
  const auto fp = varius::FloorplanParams::from_config(config);
  const std::uint64_t seed = master_seed(config);

  const auto t0 = std::chrono::steady_clock::now();
  const varius::ChipSampler sampler(vp, fp);
  // The writer opens the output first: an unwritable one fails before any time is spent (H5Writer).
  // Batches of kBatchChips chips, each sampled in parallel (over the ranks and their threads), then
  // written and dropped: memory is bounded by one batch (~2.3 MB a chip), whatever the population.
  // Distributed, rank 0 writes the one file (every rank holds every chip of a batch after the exchange).
  constexpr int kBatchChips = 256;
  const bool writer = !ctx.jobs || ctx.jobs->rank() == 0;
  std::unique_ptr<ChipsFileWriter> file;
  if (writer)
    file = std::make_unique<ChipsFileWriter>(ctx.output, static_cast<std::uint64_t>(pop.chips), seed, co.first_chip,
                                             config, ctx.command_line);
  varius::PopulationSummarizer summary;
  {
    Progress bar("chips", static_cast<std::uint64_t>(pop.chips), ctx.progress);
    for (int b = 0; b < pop.chips; b += kBatchChips) {
      const std::vector<varius::ChipSample> chips =
          varius::sample_population(sampler, seed, co.first_chip + static_cast<std::uint32_t>(b),
                                    std::min(kBatchChips, pop.chips - b), &bar, ctx.jobs);
      if (file) file->append(chips);
      summary.add(chips);
    }
  }
  if (file) file->commit();
  if (ctx.jobs) ctx.jobs->log().clear();
  Result r;
  r.elapsed_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  r.summary = summary.result();
  r.first_chip = co.first_chip;
  r.seed = seed;
  r.sampling = vp.sampling;
  r.output = ctx.output;
  return r;
}

nlohmann::json PopulationStage::json(const Result& r) {
  const varius::PopulationSummary& s = r.summary;
  return {{"chips", s.chips}, {"sms_per_chip", s.sms_per_chip}, {"mean_norm_freq", s.mean_norm_freq},
          {"std_norm_freq", s.std_norm_freq}, {"sm_to_sm_ratio_mean", s.sm_to_sm_ratio_mean},
          {"within_sm_ratio_mean", s.within_sm_ratio_mean}, {"elapsed_s", r.elapsed_s},
          {"first_chip", r.first_chip}, {"seed", r.seed}, {"sampling", r.sampling},
          {"output", r.output}};
}

}  // namespace rfvar::stages
