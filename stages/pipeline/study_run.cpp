#include "stages/pipeline/study_run.h"

#include <algorithm>

#include "stages/pipeline/stage_catalog.h"
#include "stages/pipeline/study_config.h"

namespace rfvar::study {

namespace {

void apply_set(Config& c, const std::string& key, const std::string& value, const std::string& origin) {
  try {
    c.set(key + "=" + value);
  } catch (const InputError& e) {
    throw InputError(origin + ": " + e.what());
  }
}

}  // namespace

std::map<std::string, StageResult> run_stages(StageRunner& runner, const std::set<std::string>& wanted,
                                              const Config& config, const StageOptions& options,
                                              const std::string& label, const StageEvents& events) {
  std::set<std::string> needed = wanted;
  for (auto it = stage_catalog().rbegin(); it != stage_catalog().rend(); ++it)
    if (needed.count(it->name))
      for (const auto& u : it->upstream) needed.insert(u);
  std::map<std::string, StageResult> done;
  for (const auto& def : stage_catalog()) {
    if (!needed.count(def.name)) continue;
    std::vector<const StageResult*> up;
    for (const auto& u : def.upstream) up.push_back(&done.at(u));
    const auto opt = options.count(def.name) ? options.at(def.name) : std::map<std::string, std::string>{};
    StageResult r = runner.run(def, opt, config, up, [&] {
      if (events.started) events.started(label + def.name);
    });
    if (events.finished) events.finished(label + def.name, r);
    done.emplace(def.name, std::move(r));
  }
  return done;
}

StudyRun run_study(const StudySpec& spec, const Config& config, StageRunner& runner,
                   const StageEvents& events) {
  StageOptions options;
  std::set<std::string> wanted;
  for (const auto& s : spec.stages) {
    options[s.name] = s.options;
    wanted.insert(s.name);
  }
  StudyRun run;
  run.main = run_stages(runner, wanted, config, options, "", events);
  for (const auto& sw : spec.sweeps) {
    SweepRun& out = run.sweeps.emplace_back();
    out.name = sw.name;
    out.swept_key = !sw.key.empty();
    out.swept = out.swept_key ? sw.key : sw.option;
    for (const auto& v : sw.values) {
      Config c = config;
      auto opts = options;
      if (!sw.key.empty()) {
        apply_set(c, sw.key, v, sw.origin);
        validate_config(c);
      }
      if (!sw.option.empty()) {
        const auto dot = sw.option.find('.');
        opts[sw.option.substr(0, dot)][sw.option.substr(dot + 1)] = v;
      }
      if (sw.chips > 0) opts["population"]["chips"] = std::to_string(sw.chips);
      SweepValueRun& value = out.values.emplace_back();
      value.name = option_value(v);
      auto res = run_stages(runner, {sw.stages.begin(), sw.stages.end()}, c, opts,
                            sw.name + "=" + value.name + ": ", events);
      for (auto& [name, r] : res) {
        // Upstream stages identical to the main study's are not repeated.
        const bool listed = std::find(sw.stages.begin(), sw.stages.end(), name) != sw.stages.end();
        if (!listed && run.main.count(name) && run.main.at(name).hash == r.hash) continue;
        value.stages.emplace(name, std::move(r));
      }
    }
  }
  return run;
}

}  // namespace rfvar::study
