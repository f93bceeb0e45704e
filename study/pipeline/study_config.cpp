#include "study/pipeline/study_config.h"

#include <algorithm>

#include "arch/core/params.h"
#include "nbti/params.h"
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
  if (arch::ArchParams::from_config(config).gpu_sms > 1) throw InputError(arch::kOneSmOnly);
  (void)nbti::NbtiParams::from_config(config);
}

}  // namespace rfvar::study
