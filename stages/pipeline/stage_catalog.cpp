#include "stages/pipeline/stage_catalog.h"

#include "common/config.h"

namespace rfvar::study {

namespace {

std::vector<StageDef> make_catalog() {
  std::vector<StageDef> out;
  for (const stages::IStage* s : stages::all_stages()) {
    const stages::StageInfo& i = s->info();
    StageDef d{i.name, i.upstream, i.config_prefixes, i.uses_kernels, {}, s};
    for (const auto& o : s->study_options()) d.options.push_back({o.name, o.type, o.help});
    out.push_back(std::move(d));
  }
  return out;
}

}  // namespace

const std::vector<StageDef>& stage_catalog() {
  static const std::vector<StageDef> catalog = make_catalog();
  return catalog;
}

const StageDef& find_stage(const std::string& name) {
  std::string known;
  for (const auto& s : stage_catalog()) {
    if (s.name == name) return s;
    known += (known.empty() ? "" : ", ") + s.name;
  }
  throw InputError("unknown stage '" + name + "'; stages: " + known);
}

const OptionDef* find_option(const StageDef& stage, const std::string& option) {
  for (const auto& o : stage.options)
    if (o.name == option) return &o;
  return nullptr;
}

}  // namespace rfvar::study
