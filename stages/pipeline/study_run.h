// Runs a parsed study file: its stages, then every sweep value's stages, each through the
// StageRunner (so each is cached and reused).
//
// Contract: run_stages() runs `wanted` and the stages they read (upstream, transitively) once
// each, in stage_catalog() order, with `config` and the options given per stage; labels are
// `label` + stage name. run_study() runs spec.stages, then for each sweep in file order and each of
// its values: the config key set on a copy of the config and checked with validate_config() (an
// InputError names the sweep's "FILE:LINE"), or the option "stage.option" set to the value, and
// population.chips = the sweep's chips when > 0; it runs the sweep's stages with their upstream
// ones and keeps those the sweep lists plus any upstream stage whose hash differs from the main
// run's. Stage events go to the caller (which reports them); nothing is printed here.
#pragma once

#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "common/config.h"
#include "stages/pipeline/stage_runner.h"
#include "stages/pipeline/study_spec.h"

namespace rfvar::study {

using StageOptions =
    std::map<std::string, std::map<std::string, std::string>>;  // stage -> option -> TOML value

struct StageEvents {
  std::function<void(const std::string& label)> started;  // a stage that is not reused starts
  std::function<void(const std::string& label, const StageResult& r)> finished;
};

std::map<std::string, StageResult> run_stages(StageRunner& runner, const std::set<std::string>& wanted,
                                              const Config& config, const StageOptions& options,
                                              const std::string& label, const StageEvents& events);

struct SweepValueRun {
  std::string name;                           // option_value() of the value, as in the output groups
  std::map<std::string, StageResult> stages;  // the kept stages (see the contract)
};

struct SweepRun {
  std::string name;
  std::string swept;      // the config key, or the "stage.option"
  bool swept_key = true;  // swept is a config key (else an option)
  std::vector<SweepValueRun> values;
};

struct StudyRun {
  std::map<std::string, StageResult> main;  // spec.stages and their upstream stages
  std::vector<SweepRun> sweeps;             // in file order
};

StudyRun run_study(const StudySpec& spec, const Config& config, StageRunner& runner,
                   const StageEvents& events);

}  // namespace rfvar::study
