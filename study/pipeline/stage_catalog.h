// The stages `rfvar study` knows: for each, the rfvar subcommand that computes it, the stages it
// reads, the config sections its result depends on, and the options a study file may give it.
//
// Contract: stage_catalog() lists the stages in pipeline order; find_stage() throws InputError
// naming the accepted stages. stage_arguments() turns a stage's options (TOML value texts, checked
// by the study parser against OptionDef::type) into the subcommand's arguments, given the
// population file the stage reads; the option gpu_sms = N of the ipc, guardband and perf stages
// becomes --set arch.gpu_sms=N (the N-SM mode, arch/gpu.h, for that stage only;
// validate_stage_options() checks N). A stage's result depends only on: its options, the config keys
// under config_prefixes, its upstream stages' results, the kernel files (uses_kernels), the seed
// (population.seed, a config key) and the tool version; stage_cache.h hashes exactly these.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace rfvar::study {

struct OptionDef {
  std::string name;
  std::string type;  // "int", "float", "bool", "names" (a string or an array of strings)
  std::string flag;  // the subcommand's option; "" for options with special handling
  std::string help;
};

struct StageDef {
  std::string name;
  std::string command;                       // rfvar subcommand
  std::vector<std::string> upstream;         // stages whose results it reads
  std::vector<std::string> config_prefixes;  // config sections its result depends on
  bool uses_kernels = false;                 // depends on data/kernels/**.kernel
  std::vector<OptionDef> options;
};

const std::vector<StageDef>& stage_catalog();
const StageDef& find_stage(const std::string& name);
const OptionDef* find_option(const StageDef& stage, const std::string& option);

// The subcommand and its arguments (without --config, --threads, -o, --json).
std::vector<std::string> stage_arguments(const StageDef& stage, const std::map<std::string, std::string>& options,
                                         const std::filesystem::path& population_file);

// A TOML value text as a command-line value: strings unquoted, arrays of strings comma-joined.
std::string option_value(const std::string& toml_text);

}  // namespace rfvar::study
