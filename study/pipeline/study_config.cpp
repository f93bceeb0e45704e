#include "study/pipeline/study_config.h"

#include <algorithm>

#include "arch/core/params.h"
#include "nbti/params.h"
#include "study/pipeline/stage_catalog.h"
#include "rfmodel/params.h"
#include "varius/params.h"

namespace rfvar::study {

std::string config_overrides_toml(const StudySpec& spec) {
  // One dotted-key line per override, placed on the line it has in the study file.
  const auto line_of = [](const ConfigSet& s) { return std::stoi(s.origin.substr(s.origin.rfind(':') + 1)); };
  std::vector<ConfigSet> sets = spec.config_sets;
  std::stable_sort(sets.begin(), sets.end(), [&](const auto& a, const auto& b) { return line_of(a) < line_of(b); });
  std::string text;
  int line = 1;
  for (const auto& s : sets) {
    const int at = line_of(s);
    for (; line < at; ++line) text += "\n";
    text += s.key + " = " + s.value + "\n";
    ++line;
  }
  return text;
}

void validate_config(const Config& config) {
  (void)varius::PopulationParams::from_config(config);
  (void)varius::VariusParams::from_config(config);
  (void)varius::FloorplanParams::from_config(config);
  (void)rfmodel::RfParams::from_config(config);
  if (arch::ArchParams::from_config(config).gpu_sms > 1)
    throw InputError(
        "arch.gpu_sms > 1 in a study's config: the ltrf and energy stages run one representative SM "
        "(arch.gpu_sms = 1); the ipc, guardband and perf stages run N SMs with their own option: "
        "[ipc] gpu_sms = N, [guardband] gpu_sms = N, [perf] gpu_sms = N in the study file "
        "(docs/cli.md \"rfvar study\")");
  (void)nbti::NbtiParams::from_config(config);
}

void validate_stage_options(const StudySpec& spec, const Config& config) {
  const auto check_gpu_sms = [&](const std::string& value, const std::string& where) {
    Config c = config;
    try {
      c.set("arch.gpu_sms=" + option_value(value));
      (void)arch::ArchParams::from_config(c);
    } catch (const InputError& e) {
      throw InputError(where + ": " + e.what());
    }
  };
  for (const std::string name : {"ipc", "guardband", "perf"}) {
    if (const StageSpec* stage = spec.stage(name))
      if (const auto it = stage->options.find("gpu_sms"); it != stage->options.end())
        check_gpu_sms(it->second, stage->origins.at("gpu_sms") + ": [" + name + "] gpu_sms = " + it->second);
    for (const auto& sw : spec.sweeps)
      if (sw.option == name + ".gpu_sms")
        for (const auto& v : sw.values) check_gpu_sms(v, sw.origin + ": [[sweep]] " + sw.option + " = " + v);
  }
}

}  // namespace rfvar::study
