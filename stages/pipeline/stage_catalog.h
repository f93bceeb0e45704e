// The stages `rfvar study` knows, as the study sees them: for each, the stages it reads, the config
// sections its result depends on, the options a study file may give it, and the stage that runs it
// in-process (stages/stage.h, the same function its rfvar subcommand calls).
//
// Contract: stage_catalog() lists the stages in pipeline order, made from stages::all_stages(): each
// option is declared once, in its stage's OptionDecl list; find_stage() throws InputError naming the
// accepted stages. The option gpu_sms = N of the ipc, guardband and perf stages sets arch.gpu_sms = N
// on that stage's copy of the config (the N-SM mode, arch/gpu.h, for that stage only;
// validate_stage_options() checks N). A stage's result depends only on: its options, the config keys
// under config_prefixes, its upstream stages' results, the kernel files (uses_kernels), the seed
// (population.seed, a config key) and the tool version; stage_runner.h hashes exactly these.
#pragma once

#include <string>
#include <vector>

#include "stages/stage.h"
#include "stages/stage_inputs.h"

namespace rfvar::study {

struct OptionDef {
  std::string name;
  std::string type;  // "int", "float", "bool", "names" (a string or an array of strings)
  std::string help;
};

struct StageDef {
  std::string name;
  std::vector<std::string> upstream;         // stages whose results it reads
  std::vector<std::string> config_prefixes;  // config sections its result depends on
  bool uses_kernels = false;                 // depends on data/kernels/**.kernel
  std::vector<OptionDef> options;
  const stages::IStage* stage = nullptr;  // runs it
};

const std::vector<StageDef>& stage_catalog();
const StageDef& find_stage(const std::string& name);
const OptionDef* find_option(const StageDef& stage, const std::string& option);

// A TOML value text as an option value: strings unquoted, arrays of strings comma-joined.
using stages::option_value;

}  // namespace rfvar::study
