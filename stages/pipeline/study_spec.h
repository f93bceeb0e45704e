// A study file (data/studies/*.toml): which stages `rfvar study` runs, their options, the config
// overrides, and the sweeps.
//
// Contract: parse_study() reads the file with toml++ and checks every table and key against the
// stage catalogue (stage_catalog.h): an unknown stage, option, config key or sweep field, or a
// value of the wrong type, is an InputError "FILE:LINE: ..." naming the key and what is accepted.
// Nothing is run or written here. Layout (docs/cli.md "study"):
//   [study]        description = "..."
//   [config.SECTION] KEY = VALUE   overrides of data/fermi-32nm.toml (any key it defines)
//   [STAGE]        OPTION = VALUE  one table per stage to run (population, freq, ipc, guardband,
//                                  perf, ltrf when available); its presence turns the stage on
//   [[sweep]]      name, values, and either key = "section.key" (a config key) or
//                  option = "stage.option"; stages = [...] to rerun per value; optional chips.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace rfvar::study {

// One stage option as TOML text of its value (strings quoted, arrays as [..]).
struct StageSpec {
  std::string name;                            // "population", "freq", ...
  std::map<std::string, std::string> options;  // option -> TOML value text
  std::map<std::string, std::string> origins;  // option -> "FILE:LINE" of its value
};

struct SweepSpec {
  std::string name;
  std::string key;                  // config key, or "" if option is set
  std::string option;               // "stage.option", or ""
  std::string origin;               // "FILE:LINE" of the [[sweep]] table
  std::vector<std::string> values;  // TOML value texts
  std::vector<std::string> stages;  // stages rerun per value (their upstream stages follow)
  int chips = 0;                    // population size for the sweep; 0: the study's
};

// One config override: key "section.key", its TOML value text, and "FILE:LINE" for errors.
struct ConfigSet {
  std::string key, value, origin;
};

struct StudySpec {
  std::filesystem::path file;
  std::string description;
  std::vector<ConfigSet> config_sets;
  std::vector<StageSpec> stages;                                  // in pipeline order
  std::vector<SweepSpec> sweeps;
  std::string text;  // the file as read (stored in study.h5)

  const StageSpec* stage(const std::string& name) const;
};

StudySpec parse_study(const std::filesystem::path& file);
StudySpec parse_study_text(const std::string& text, const std::string& source_name);

}  // namespace rfvar::study
