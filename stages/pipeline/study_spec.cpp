#include "stages/pipeline/study_spec.h"

#include <toml++/toml.h>

#include <algorithm>
#include <charconv>
#include <fstream>
#include <set>
#include <sstream>

#include "common/config.h"
#include "stages/pipeline/stage_catalog.h"

namespace rfvar::study {

namespace {

std::string where(const std::string& source, const toml::node& n) {
  return source + ":" + std::to_string(n.source().begin.line);
}

// A TOML value as TOML text (the form Config::set and the stages' options take).
std::string value_text(const toml::node& n) {
  std::ostringstream os;
  if (const auto* s = n.as_string()) {
    os << '"';
    for (const char c : s->get()) os << (c == '"' || c == '\\' ? "\\" : "") << c;
    os << '"';
  } else if (const auto* i = n.as_integer()) {
    os << i->get();
  } else if (const auto* f = n.as_floating_point()) {
    char buf[64];  // shortest text that reads back as the same double
    const auto end = std::to_chars(buf, buf + sizeof buf, f->get()).ptr;
    const std::string t(buf, end);
    os << t << (t.find_first_of(".eEni") == std::string::npos ? ".0" : "");
  } else if (const auto* b = n.as_boolean()) {
    os << (b->get() ? "true" : "false");
  } else if (const auto* a = n.as_array()) {
    os << '[';
    for (std::size_t k = 0; k < a->size(); ++k) os << (k ? ", " : "") << value_text(*a->get(k));
    os << ']';
  } else {
    os << "?";
  }
  return os.str();
}

bool has_type(const toml::node& n, const std::string& type) {
  if (type == "int") return n.is_integer();
  if (type == "float") return n.is_number();
  if (type == "bool") return n.is_boolean();
  if (type == "names") {
    if (n.is_string()) return true;
    const auto* a = n.as_array();
    return a && !a->empty() && a->is_homogeneous(toml::node_type::string);
  }
  return false;
}

std::string type_help(const std::string& type) {
  if (type == "int") return "an integer";
  if (type == "float") return "a number";
  if (type == "bool") return "true or false";
  return "a string or an array of strings";
}

void walk_config(const toml::table& t, const std::string& prefix, const std::string& source, const Config& defaults,
                 std::vector<ConfigSet>& out) {
  for (const auto& [k, v] : t) {
    const std::string key = prefix.empty() ? std::string(k.str()) : prefix + "." + std::string(k.str());
    if (const auto* sub = v.as_table()) {
      walk_config(*sub, key, source, defaults, out);
      continue;
    }
    if (!defaults.has(key))
      throw InputError(where(source, v) + ": [config] key '" + key +
                       "' is not a parameter of data/fermi-32nm.toml (see docs/config.md)");
    out.push_back({key, value_text(v), where(source, v)});
  }
}

StageSpec parse_stage(const std::string& name, const toml::node& node, const std::string& source) {
  const StageDef* def = nullptr;
  try {
    def = &find_stage(name);
  } catch (const InputError& e) {
    throw InputError(where(source, node) + ": " + e.what());
  }
  const auto* t = node.as_table();
  if (!t) throw InputError(where(source, node) + ": stage '" + name + "' must be a table [" + name + "]");
  StageSpec s{name, {}, {}};
  for (const auto& [k, v] : *t) {
    const std::string opt(k.str());
    const OptionDef* o = find_option(*def, opt);
    if (!o) {
      std::string known;
      for (const auto& d : def->options) known += (known.empty() ? "" : ", ") + d.name;
      throw InputError(where(source, v) + ": unknown option '" + opt + "' of stage [" + name + "]; options: " + known);
    }
    if (!has_type(v, o->type))
      throw InputError(where(source, v) + ": [" + name + "] " + opt + " = " + value_text(v) + ": expected " +
                       type_help(o->type));
    s.options[opt] = value_text(v);
    s.origins[opt] = where(source, v);
  }
  return s;
}

SweepSpec parse_sweep(const toml::node& node, const std::string& source, const Config& defaults) {
  const auto* t = node.as_table();
  if (!t) throw InputError(where(source, node) + ": [[sweep]] must be an array of tables");
  SweepSpec s;
  s.origin = where(source, node);
  const auto str = [&](const toml::node& v, const std::string& key) {
    if (!v.is_string()) throw InputError(where(source, v) + ": [[sweep]] " + key + " must be a string");
    return std::string(v.as_string()->get());
  };
  for (const auto& [k, v] : *t) {
    const std::string key(k.str());
    if (key == "name") {
      s.name = str(v, key);
    } else if (key == "key") {
      s.key = str(v, key);
      if (!defaults.has(s.key))
        throw InputError(where(source, v) + ": [[sweep]] key '" + s.key + "' is not a parameter of data/fermi-32nm.toml");
    } else if (key == "option") {
      s.option = str(v, key);
      const auto dot = s.option.find('.');
      const std::string stage = s.option.substr(0, dot);
      try {
        if (dot == std::string::npos || !find_option(find_stage(stage), s.option.substr(dot + 1)))
          throw InputError("'" + s.option + "' is not STAGE.OPTION of a known stage option");
      } catch (const InputError& e) {
        throw InputError(where(source, v) + ": [[sweep]] option: " + e.what());
      }
    } else if (key == "values" || key == "stages") {
      const auto* a = v.as_array();
      if (!a || a->empty()) throw InputError(where(source, v) + ": [[sweep]] " + key + " must be a non-empty array");
      for (const auto& e : *a) {
        if (key == "values") {
          const std::string text = value_text(e);
          if (std::find(s.values.begin(), s.values.end(), text) != s.values.end())
            throw InputError(where(source, e) + ": [[sweep]] values: " + text +
                             " is given twice (each value names its output group)");
          s.values.push_back(text);
        } else {
          s.stages.push_back(str(e, key));
          try {
            find_stage(s.stages.back());
          } catch (const InputError& err) {
            throw InputError(where(source, e) + ": [[sweep]] stages: " + err.what());
          }
        }
      }
    } else if (key == "chips") {
      if (!v.is_integer() || v.as_integer()->get() < 1)
        throw InputError(where(source, v) + ": [[sweep]] chips must be an integer >= 1");
      s.chips = static_cast<int>(v.as_integer()->get());
    } else {
      throw InputError(where(source, v) + ": unknown [[sweep]] field '" + key +
                       "'; fields: name, key or option, values, stages, chips");
    }
  }
  if (s.name.empty() || s.values.empty() || s.stages.empty() || s.key.empty() == s.option.empty())
    throw InputError(s.origin + ": a [[sweep]] needs name, values, stages and exactly one of key / option");
  if (s.name.find('/') != std::string::npos) throw InputError(s.origin + ": [[sweep]] name must not contain '/'");
  return s;
}

}  // namespace

const StageSpec* StudySpec::stage(const std::string& name) const {
  for (const auto& s : stages)
    if (s.name == name) return &s;
  return nullptr;
}

StudySpec parse_study_text(const std::string& text, const std::string& source) {
  toml::table root;
  try {
    root = toml::parse(text, source);
  } catch (const toml::parse_error& e) {
    throw InputError(source + ":" + std::to_string(e.source().begin.line) + ": malformed TOML: " +
                     std::string(e.description()));
  }
  const Config defaults = Config::load_default();
  StudySpec spec;
  spec.file = source;
  spec.text = text;
  std::set<std::string> named;
  for (const auto& [k, v] : root) {
    const std::string key(k.str());
    if (key == "study") {
      const auto* t = v.as_table();
      if (!t) throw InputError(where(source, v) + ": [study] must be a table");
      for (const auto& [sk, sv] : *t) {
        if (sk.str() != "description" || !sv.is_string())
          throw InputError(where(source, sv) + ": unknown [study] key '" + std::string(sk.str()) +
                           "'; [study] holds description = \"...\"");
        spec.description = sv.as_string()->get();
      }
    } else if (key == "config") {
      if (!v.is_table()) throw InputError(where(source, v) + ": [config] must be a table of config sections");
      walk_config(*v.as_table(), "", source, defaults, spec.config_sets);
    } else if (key == "sweep") {
      const auto* a = v.as_array();
      if (!a) throw InputError(where(source, v) + ": sweeps are written [[sweep]]");
      for (const auto& e : *a) {
        spec.sweeps.push_back(parse_sweep(e, source, defaults));
        if (!named.insert("sweep:" + spec.sweeps.back().name).second)
          throw InputError(spec.sweeps.back().origin + ": two sweeps named '" + spec.sweeps.back().name + "'");
      }
    } else {
      parse_stage(key, v, source);  // validates (unknown stage -> error with line)
    }
  }
  // Stages in pipeline order, whatever the file's order.
  for (const auto& def : stage_catalog())
    if (const auto* node = root.get(def.name)) spec.stages.push_back(parse_stage(def.name, *node, source));
  if (spec.stages.empty()) throw InputError(source + ": the study names no stage (population, freq, ipc, ...)");
  return spec;
}

StudySpec parse_study(const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in) throw InputError("cannot read study file '" + file.string() + "'");
  std::stringstream ss;
  ss << in.rdbuf();
  return parse_study_text(ss.str(), file.string());
}

}  // namespace rfvar::study
