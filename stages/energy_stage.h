// The energy stage (`rfvar energy`, a study's [energy]): register-file energy (study/energy/
// energy_study.h): Gebhart MICRO 2011's LRF / ORF / MRF allocation against the flat RF and the RFC,
// and RFC / LTRF energy and power at the main-RF designs of LTRF Table 2; HDF5 layout in
// stages/energy_output.h.
//
// Contract: as stages/stage.h. check(): one SM (arch.gpu_sms = 1), configs each in 1..7,
// design_kernels "all" or "hand", the kernels known, designs, block_stride >= 1
// (study::check_energy_study_options()), the energy parameters. run() writes ctx.output when not empty.
#pragma once

#include <string>
#include <vector>

#include "study/energy/energy_study.h"
#include "stages/stage.h"

namespace rfvar::stages {

struct EnergyStage : BindsTraceCache {
  struct Options {
    std::string kernels = "all";
    std::string configs = "1,2,3,4,5,6,7";
    std::string designs = "bl,rfc,ltrf,ltrf+";
    std::string design_kernels = "all";  // workloads that run the designs: all, or hand (.kernel only)
    int block_stride = 1;
    std::string trace_cache;
  };
  struct Result {
    study::EnergyStudyResult r;
    arch::energy::EnergyParams ep;
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
