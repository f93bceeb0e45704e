// The population stage (`rfvar chips`, a study's [population]): a chip population under process
// variation (varius/, VARIUS) written as a chips file (stages/chips_file.h).
//
// Contract: as stages/stage.h. check(): chips >= 1 (unset: population.chips), the last chip id
// within int32, and every population / varius / floorplan parameter of the effective config valid (InputError naming the key
// and its range). run() samples chips first_chip .. first_chip + chips - 1 with the master seed and
// writes ctx.output (atomically).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "stages/stage.h"
#include "varius/population.h"

namespace rfvar::stages {

struct PopulationStage : BindsNothing {
  struct Options {
    std::optional<int> chips;  // unset: population.chips
    std::uint32_t first_chip = 0;
    bool exact = false;
    int deflate = -1;  // -1: population.deflate_level
  };
  struct Result {
    varius::PopulationSummary summary;
    double elapsed_s = 0.0;
    std::uint32_t first_chip = 0;
    std::uint64_t seed = 0;
    std::string sampling, output;
  };
  static StageInfo info();
  static const std::vector<OptionDecl<Options>>& options();
  static void check(const Options& o, const StageContext& ctx);
  static Result run(const Options& o, const StageContext& ctx);
  static nlohmann::json json(const Result& r);
};

}  // namespace rfvar::stages
