// The ipc stage (`rfvar ipc`, a study's [ipc]): the Tan 2016 Fig. 11 table, IPC of each technique
// normalized to the baseline without PV, per kernel and mean (study/ipc/ipc_run.h); HDF5 layout in
// docs/hdf5.md "ipc".
//
// Contract: as stages/stage.h. check(): the techniques known to the ipc role, kernels named,
// arch / rfmodel parameters valid (with the study option gpu_sms = N as arch.gpu_sms), --chip and
// --chips not both, --sm 0 when gpu_sms > 1. run() takes its chips from --chip FILE:K, --chips FILE
// or, without either, samples chip 0 of the configured population; writes ctx.output when not empty.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "study/ipc/ipc_run.h"
#include "stages/stage.h"

namespace rfvar::stages {

struct IpcStage {
  struct Options {
    std::string kernels = "all";
    std::string techniques;  // default: Tan Fig. 11's
    std::string chip;        // FILE:K
    std::string chips;       // FILE (all chips)
    std::optional<int> chip_index;  // a study's chip = K: chip K of the population
    int sm = 0;
    std::string trace_cache;  // optional directory of cached PTX traces
    Options();
  };
  struct Result {
    study::IpcRunResult res;
    std::vector<std::string> techniques, names, shown;  // shown: display names
    std::string source, output;
    int sm = 0, gpu_sms = 1;
    bool pv_clocks = false;  // gpu_sms > 1 at each SM's PV clock (arch.gpu_clocks = "pv")
    double seconds = 0.0, rate = 0.0;
  };
  static StageInfo info();
  static const std::vector<OptionDecl<Options>>& options();
  static void bind(Options& o, const std::string& population, const std::string& trace_cache);
  static void check(const Options& o, const StageContext& ctx);
  static Result run(const Options& o, const StageContext& ctx);
  static nlohmann::json json(const Result& r);
};

}  // namespace rfvar::stages
