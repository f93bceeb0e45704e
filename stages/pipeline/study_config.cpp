#include "stages/pipeline/study_config.h"

#include <algorithm>
#include <map>
#include <set>

#include "arch/core/params.h"
#include "nbti/params.h"
#include "rfmodel/params.h"
#include "stages/pipeline/stage_catalog.h"
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

namespace {

// The needed stages of `wanted`: with their upstream stages, in pipeline order.
std::vector<const StageDef*> with_upstream(const std::set<std::string>& wanted) {
  std::set<std::string> needed = wanted;
  for (auto it = stage_catalog().rbegin(); it != stage_catalog().rend(); ++it)
    if (needed.count(it->name))
      for (const auto& u : it->upstream) needed.insert(u);
  std::vector<const StageDef*> out;
  for (const auto& def : stage_catalog())
    if (needed.count(def.name)) out.push_back(&def);
  return out;
}

// The given option an error message is about: its name, its name as a flag (fast_fraction ->
// fast-fraction), or its singular (techniques -> technique); "" if none.
std::string named_option(const std::string& msg, const std::map<std::string, std::string>& options) {
  for (const auto& [name, value] : options) {
    std::string dashed = name;
    std::replace(dashed.begin(), dashed.end(), '_', '-');
    for (const std::string& n : {name, dashed, dashed.back() == 's' ? dashed.substr(0, dashed.size() - 1) : dashed})
      if (msg.find(n) != std::string::npos) return name;
  }
  return "";
}

// The stage's checks (stages/stage.h) on `options` with `config`; an InputError names `where`
// (the study file, or the sweep and its value), or the option's "FILE:LINE", the stage and the option.
void check_stage(const StageDef& def, const std::map<std::string, std::string>& options,
                 const std::map<std::string, std::string>& origins, const Config& config, const std::string& where) {
  try {
    def.stage->check(options, stages::StageContext{config, "", "", false});
  } catch (const InputError& e) {
    const std::string msg = e.what();
    const std::string name = named_option(msg, options);
    if (name.empty() || !origins.count(name)) throw InputError(where + ": [" + def.name + "] " + msg);
    const std::string head = origins.at(name) + ": [" + def.name + "] ";
    if (msg.rfind(name + " = ", 0) == 0) throw InputError(head + msg);
    throw InputError(head + name + " = " + options.at(name) + ": " + msg);
  }
}

}  // namespace

void validate_stage_options(const StudySpec& spec, const Config& config) {
  std::map<std::string, std::map<std::string, std::string>> options, origins;
  std::set<std::string> wanted;
  for (const auto& s : spec.stages) {
    options[s.name] = s.options;
    origins[s.name] = s.origins;
    wanted.insert(s.name);
  }
  const std::string file = spec.file.string();
  for (const StageDef* def : with_upstream(wanted)) check_stage(*def, options[def->name], origins[def->name], config, file);
  for (const auto& sw : spec.sweeps) {
    for (const auto& v : sw.values) {
      const std::string where = sw.origin + ": [[sweep]] " + (sw.key.empty() ? sw.option : sw.key) + " = " + v;
      Config c = config;
      auto opts = options;
      try {
        if (!sw.key.empty()) {
          c.set(sw.key + "=" + v);
          validate_config(c);
        }
      } catch (const InputError& e) {
        throw InputError(where + ": " + e.what());
      }
      if (!sw.option.empty()) {
        const auto dot = sw.option.find('.');
        opts[sw.option.substr(0, dot)][sw.option.substr(dot + 1)] = v;
      }
      if (sw.chips > 0) opts["population"]["chips"] = std::to_string(sw.chips);
      for (const StageDef* def : with_upstream({sw.stages.begin(), sw.stages.end()}))
        check_stage(*def, opts[def->name], {}, c, where);
    }
  }
}

}  // namespace rfvar::study
