// The sharing stage (`rfvar sharing`, a study's [sharing]): register sharing on a virtualized register
// file (Jeon et al., CAL 2019 §4; study/sharing/sharing_study.h): per workload and kernel launch the
// cycles, registers in use, resident blocks and loads removed with the static RF, the virtualized RF
// (the baseline), perfect sharing with an unlimited and a finite table, and partial sharing with the
// finite table. HDF5 group "sharing" (docs/hdf5.md).
//
// Contract: as stages/stage.h. check(): one SM (arch.gpu_sms = 1), table_entries in 1..1048576, the
// workloads known, the scheduler known; nothing is read or written. run() writes ctx.output when not
// empty, through a temporary file renamed at the end (common/h5io.h).
#pragma once

#include <string>
#include <vector>

#include "stages/stage.h"
#include "study/sharing/sharing_study.h"

namespace rfvar::stages {

struct SharingStage : BindsNothing {
  struct Options {
    std::string workloads;  // default: study::default_sharing_workloads()
    int table_entries = 200;
    std::string scheduler = "two-level";
    Options();
  };
  struct Result {
    study::SharingStudyResult r;
    int physical_registers = 0;
    double seconds = 0.0;
    std::string output;
  };
  static StageInfo info();
  static const std::vector<OptionDecl<Options>>& options();
  static void check(const Options& o, const StageContext& ctx);
  static Result run(const Options& o, const StageContext& ctx);
  static nlohmann::json json(const Result& r);
};

}  // namespace rfvar::stages
