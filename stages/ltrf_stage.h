// The ltrf stage (`rfvar ltrf`, a study's [ltrf]): the register-file hierarchy study (LTRF Fig. 9 and
// Fig. 11; study/ltrf/ltrf_study.h): IPC of BL, RFC, LTRF, LTRF+, SHRF-like and Ideal per kernel
// normalized to the baseline, and each design's maximum tolerable main-RF latency; HDF5 layout in
// stages/ltrf_output.h.
//
// Contract: as stages/stage.h. check(): one SM (arch.gpu_sms = 1), the kernels named, the
// latency sweep ("1,1.5,...,8": numbers, "..." continues the step), designs, config_id 1..7, max_loss
// in (0, 1), active warps (study::check_ltrf_study_options()). run() writes ctx.output when not empty.
#pragma once

#include <optional>
#include <string>
#include <cstdint>
#include <vector>

#include "study/ltrf/ltrf_study.h"
#include "stages/stage.h"

namespace rfvar::stages {

struct LtrfStage : BindsTraceCache {
  struct Options {
    std::string kernels = "default";
    std::string designs = "bl,rfc,ltrf,ltrf+,shrf,ideal";
    std::optional<int> config_id;
    std::string latency_sweep = "1,2,...,8";
    double max_loss = 0.05;
    std::optional<int> active_warps;
    std::string trace_cache;  // optional directory of cached PTX traces (a command-line option)
  };
  struct Result {
    study::LtrfStudyResult r;
    double max_loss = 0.0, seconds = 0.0;
    int active_warps = 0;
    std::string output;
  };
  static StageInfo info();
  static const std::vector<OptionDecl<Options>>& options();
  static void check(const Options& o, const StageContext& ctx);
  static Result run(const Options& o, const StageContext& ctx);
  static nlohmann::json json(const Result& r);
};

// "1,1.5,...,8": numbers, where "..." continues the step of the two numbers before it up to the next.
std::vector<double> parse_sweep(const std::string& text, std::int64_t max_points);

}  // namespace rfvar::stages
