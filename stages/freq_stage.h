// The freq stage (`rfvar freq`, a study's [freq]): what each register-file technique makes of every
// SM's clock (Tan 2016 §3.2, Fig. 3), per chip and SM, with distributions over chips
// (study/freq/freq_run.h); HDF5 layout in docs/hdf5.md "freq".
//
// Contract: as stages/stage.h. check(): fast_fraction in (0, 1] (or unset), the techniques
// known to the freq role, subbanks and hybrid_banks valid (study::check_freq_run()). run() reads the
// chips file in batches and writes ctx.output (atomically).
#pragma once

#include <string>
#include <vector>

#include "rfmodel/params.h"
#include "study/freq/freq_run.h"
#include "stages/stage.h"

namespace rfvar::stages {

struct FreqStage : BindsPopulation {
  struct Options {
    std::string chips_file;
    std::string techniques;       // default: Tan Fig. 3's (technique/registry.h)
    std::optional<double> fast_fraction;  // unset: rfmodel.fast_fraction
    int subbanks = 0;             // 0: floorplan.subbanks
    int hybrid_banks = 0;
    bool single_clock = false;
    Options();
  };
  struct Result {
    study::FreqRunResult res;
    std::vector<std::string> names;
    rfmodel::RfParams params;
    int chips = 0, sms = 0, hybrid_banks = 0;
    std::string chips_file, output;
  };
  static StageInfo info();
  static const std::vector<OptionDecl<Options>>& options();
  static void check(const Options& o, const StageContext& ctx);
  static Result run(const Options& o, const StageContext& ctx);
  static nlohmann::json json(const Result& r);
};

}  // namespace rfvar::stages
