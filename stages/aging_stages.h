// The guardband and perf stages (`rfvar guardband`, `rfvar perf`, a study's [guardband] and [perf]):
// NBTI aging over a chip population (study/aging/), Tan 2016 Fig. 12 (the clock guardband each
// technique needs, per kernel, normalized to the baseline's) and Fig. 13 (IPC x frequency per chip
// normalized to the ideal chip); HDF5 layouts in docs/hdf5.md "guardband" and "perf".
//
// Contract: as stages/stage.h; the options and checks are stages/aging_inputs.h's, perf
// adds single_clock (chip frequency = slowest SM). run() reads the chips in batches and writes
// ctx.output (atomically).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "study/aging/population_study.h"
#include "study/aging/study_summary.h"
#include "stages/aging_inputs.h"

namespace rfvar::stages {

// What both stages return: the study and its summary, with what the tables print.
struct AgingResult {
  std::unique_ptr<study::PopulationStudy> study;
  std::vector<study::TechniqueSummary> summary;
  std::vector<std::string> kernels;
  int chips = 0;
  double years = 0.0;
  int epochs = 0;
  std::string chips_file, output;
};

// What the two stages share beside AgingOptions: the study inputs they take and their check.
struct AgingStageBase : BindsPopulationAndTraceCache {
  static void check(const AgingOptions& o, const StageContext& ctx) { check_aging_options(o, ctx.config); }
};

struct GuardbandStage : AgingStageBase {
  struct Options : AgingOptions {
    Options() : AgingOptions(12) {}  // Tan 2016 Fig. 12
  };
  using Result = AgingResult;
  static StageInfo info();
  static const std::vector<OptionDecl<Options>>& options();
  static Result run(const Options& o, const StageContext& ctx);
  static nlohmann::json json(const Result& r);
};

struct PerfStage : AgingStageBase {
  struct Options : AgingOptions {
    bool single_clock = false;
    Options() : AgingOptions(13) {}  // Tan 2016 Fig. 13
  };
  using Result = AgingResult;
  static StageInfo info();
  static const std::vector<OptionDecl<Options>>& options();
  static Result run(const Options& o, const StageContext& ctx);
  static nlohmann::json json(const Result& r);
};

}  // namespace rfvar::stages
