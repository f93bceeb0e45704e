#include "common/config.h"
#include "common/limits.h"

#include "common/build_info.h"

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <iomanip>
#include <sstream>

#include <toml++/toml.h>

namespace rfvar {
namespace {

std::string fmt_num(double v) {
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  std::ostringstream os;
  os << std::setprecision(10) << v;
  return os.str();
}

std::string type_name(toml::node_type t) {
  switch (t) {
    case toml::node_type::floating_point: return "float";
    case toml::node_type::integer: return "integer";
    case toml::node_type::boolean: return "boolean";
    case toml::node_type::string: return "string";
    case toml::node_type::array: return "array";
    case toml::node_type::table: return "table";
    default: return "unsupported";
  }
}

std::string node_text(const toml::node& n) {
  std::ostringstream os;
  n.visit([&](auto&& v) {
    if constexpr (toml::is_table<decltype(v)>) {
      os << "{}";
    } else if constexpr (toml::is_floating_point<decltype(v)>) {
      os << std::setprecision(17) << v.get();
      const std::string s = os.str();
      if (s.find_first_of(".eEn") == std::string::npos) os << ".0";  // keep it a TOML float
    } else {
      os << toml::toml_formatter{v, toml::format_flags::none};
    }
  });
  return os.str();
}

template <typename F>
void walk(const toml::table& t, const std::string& prefix, F&& f) {
  for (auto&& [k, v] : t) {
    const std::string key = prefix.empty() ? std::string(k.str()) : prefix + "." + std::string(k.str());
    if (const toml::table* sub = v.as_table()) {
      walk(*sub, key, f);
    } else {
      f(key, v);
    }
  }
}

toml::table parse_or_throw(std::string_view text, std::string_view source) {
  try {
    return toml::parse(text, source);
  } catch (const toml::parse_error& e) {
    std::ostringstream os;
    os << source << ":" << e.source().begin.line << ":" << e.source().begin.column
       << ": malformed TOML: " << e.description();
    throw ConfigError(os.str());
  }
}

std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) throw ConfigError("cannot read config file '" + p.string() + "'");
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

toml::node_type parsed_type(const toml::table& t) {
  const toml::node* n = t.get("v");
  return n ? n->type() : toml::node_type::none;
}

}  // namespace

bool Range::contains(double v) const {
  if (std::isnan(v)) return false;
  if (lo_open ? !(v > lo) : !(v >= lo)) return false;
  if (hi_open ? !(v < hi) : !(v <= hi)) return false;
  return true;
}

std::string Range::describe() const {
  const bool lo_inf = std::isinf(lo), hi_inf = std::isinf(hi);
  if (lo_inf && hi_inf) return "any number";
  if (hi_inf) return std::string(lo_open ? "> " : ">= ") + fmt_num(lo);
  if (lo_inf) return std::string(hi_open ? "< " : "<= ") + fmt_num(hi);
  return std::string(lo_open ? "(" : "[") + fmt_num(lo) + ", " + fmt_num(hi) + (hi_open ? ")" : "]");
}

std::filesystem::path data_dir() {
  if (const char* env = std::getenv("RFVAR_DATA_DIR"); env && *env) return env;
  return source_data_dir();
}

Config Config::load_default() { return from_file(data_dir() / "fermi-32nm.toml"); }

Config Config::from_file(const std::filesystem::path& defaults_file) {
  Config c;
  c.overlay(read_file(defaults_file), defaults_file.string(), true);
  return c;
}

Config Config::from_string(std::string_view text, std::string_view source_name) {
  Config c;
  c.overlay(text, source_name, true);
  return c;
}

void Config::merge_file(const std::filesystem::path& user_file) {
  // A FIFO, /dev/zero or a huge file is refused before it is read (limits.max_input_mib).
  const std::uint64_t max_bytes =
      has("limits.max_input_mib") ? Limits::from_config(*this).max_input_bytes : Limits{}.max_input_bytes;
  std::string text;
  try {
    text = read_text_input(user_file, max_bytes);
  } catch (const InputError& e) {
    throw ConfigError(std::string("--config: ") + e.what());
  }
  overlay(text, user_file.string(), false);
}

void Config::merge_string(std::string_view text, std::string_view source_name) {
  overlay(text, source_name, false);
}

void Config::overlay(std::string_view text, std::string_view source, bool defining) {
  const toml::table t = parse_or_throw(text, source);
  // Defining (a defaults file, only into a new Config): the keys go into a new schema, shared once complete.
  const std::shared_ptr<Schema> defs = defining ? std::make_shared<Schema>(*schema_) : nullptr;
  walk(t, "", [&](const std::string& key, const toml::node& n) {
    const std::string origin = std::string(source) + ":" + std::to_string(n.source().begin.line);
    if (defs) {
      defs->values[key] = node_text(n);
      defs->types[key] = type_name(n.type());
      defs->origins[key] = origin;
      return;
    }
    assign(key, node_text(n), type_name(n.type()), origin);
  });
  if (defs) schema_ = defs;
}

void Config::assign(const std::string& key, const std::string& text, const std::string& type,
                    const std::string& origin) {
  const auto& types = schema_->types;
  auto it = types.find(key);
  if (it == types.end()) {
    std::string known;
    const std::string section = key.substr(0, key.find('.'));
    for (const auto& [k, _] : types)
      if (k.rfind(section + ".", 0) == 0) known += (known.empty() ? "" : ", ") + k;
    throw ConfigError(origin + ": unknown config key '" + key + "'" +
                      (known.empty() ? " (no such section '" + section + "')"
                                     : "; keys in [" + section + "]: " + known));
  }
  const std::string& want = it->second;
  std::string value = text;
  if (want == "float" && type == "integer") {
    value = text + ".0";
  } else if (want != type) {
    throw ConfigError(origin + ": config key '" + key + "' = " + text + " has type " + type +
                      ", expected " + want + " (default " + *value_of(key) + ")");
  }
  values_[key] = value;
  origins_[key] = origin;
}

void Config::set(std::string_view assignment) {
  const auto eq = assignment.find('=');
  const std::string origin = "--set " + std::string(assignment);
  // One assignment, one line: a newline would smuggle in more TOML after the value.
  for (const char ch : assignment)
    if (ch == '\n' || ch == '\r' || ch == '\0')
      throw ConfigError("--set: a line break or NUL in '" + std::string(assignment.substr(0, assignment.find_first_of("\r\n"))) +
                        "...': give one section.key=value per --set");
  if (eq == std::string_view::npos || eq == 0)
    throw ConfigError(origin + ": expected section.key=value");
  auto trim = [](std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return std::string(s);
  };
  const std::string key = trim(assignment.substr(0, eq));
  const std::string raw_value = trim(assignment.substr(eq + 1));
  auto it = schema_->types.find(key);
  const std::string want = it == schema_->types.end() ? std::string() : it->second;
  std::string text, type;
  try {
    const toml::table t = toml::parse("v = " + raw_value);
    text = node_text(*t.get("v"));
    type = type_name(parsed_type(t));
  } catch (const toml::parse_error&) {
    type = "unparsed";
  }
  if (want == "string" && type != "string") {  // bare words are strings
    std::ostringstream os;
    os << toml::value<std::string>(raw_value);
    text = os.str();
    type = "string";
  }
  if (type == "unparsed")
    throw ConfigError(origin + ": cannot parse value '" + raw_value + "' for key '" + key + "'");
  assign(key, text, type, origin);
}

bool Config::has(std::string_view key) const { return schema_->types.count(std::string(key)) != 0; }

const std::string* Config::value_of(const std::string& key) const {
  if (auto it = values_.find(key); it != values_.end()) return &it->second;
  auto it = schema_->values.find(key);
  return it == schema_->values.end() ? nullptr : &it->second;
}

std::map<std::string, std::string> Config::flattened() const {
  std::map<std::string, std::string> all = schema_->values;
  for (const auto& [k, v] : values_) all[k] = v;
  return all;
}

std::string Config::origin(std::string_view key) const {
  const std::string k(key);
  if (auto it = origins_.find(k); it != origins_.end()) return it->second;
  auto it = schema_->origins.find(k);
  return it == schema_->origins.end() ? std::string("?") : it->second;
}

const std::string& Config::raw(std::string_view key, std::string_view want_type) const {
  const std::string* v = value_of(std::string(key));
  if (!v)
    throw ConfigError("config key '" + std::string(key) + "' is missing from the defaults file (" +
                      (data_dir() / "fermi-32nm.toml").string() + ")");
  const std::string& have = schema_->types.at(std::string(key));
  if (have != want_type && !(want_type == "float" && have == "integer"))
    throw ConfigError(origin(key) + ": config key '" + std::string(key) + "' must be " +
                      std::string(want_type) + ", found " + have);
  return *v;
}

void Config::fail_range(std::string_view key, const std::string& value, const Range& r) const {
  throw ConfigError(origin(key) + ": config key '" + std::string(key) + "' = " + value +
                    " is out of range; accepted: " + r.describe());
}

double Config::get_double(std::string_view key, Range range) const {
  const std::string& text = raw(key, "float");
  const double v = *toml::parse("v = " + text)["v"].value<double>();
  if (!range.contains(v)) fail_range(key, text, range);
  return v;
}

std::int64_t Config::get_int(std::string_view key, Range range) const {
  const std::string& text = raw(key, "integer");
  const std::int64_t v = *toml::parse("v = " + text)["v"].value<std::int64_t>();
  if (!range.contains(static_cast<double>(v))) fail_range(key, text, range);
  return v;
}

bool Config::get_bool(std::string_view key) const {
  return *toml::parse("v = " + raw(key, "boolean"))["v"].value<bool>();
}

std::string Config::get_string(std::string_view key, const std::vector<std::string>& allowed) const {
  const std::string v = *toml::parse("v = " + raw(key, "string"))["v"].value<std::string>();
  if (allowed.empty()) return v;
  for (const auto& a : allowed)
    if (a == v) return v;
  std::string list;
  for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
  throw ConfigError(origin(key) + ": config key '" + std::string(key) + "' = \"" + v +
                    "\" is not accepted; one of: " + list);
}

std::vector<double> Config::get_double_list(std::string_view key, Range range) const {
  const std::string& text = raw(key, "array");
  const toml::table t = toml::parse("v = " + text);
  std::vector<double> out;
  for (auto&& e : *t["v"].as_array()) {
    auto v = e.value<double>();
    if (!v) throw ConfigError(origin(key) + ": config key '" + std::string(key) + "' must be an array of numbers");
    if (!range.contains(*v)) fail_range(key, text, range);
    out.push_back(*v);
  }
  return out;
}

std::vector<std::string> Config::get_string_list(std::string_view key) const {
  const std::string& text = raw(key, "array");
  const toml::table t = toml::parse("v = " + text);
  std::vector<std::string> out;
  for (auto&& e : *t["v"].as_array()) {
    auto v = e.value<std::string>();
    if (!v) throw ConfigError(origin(key) + ": config key '" + std::string(key) + "' must be an array of strings");
    out.push_back(*v);
  }
  return out;
}

std::string Config::to_toml() const {
  std::ostringstream os;
  std::string section;
  for (const auto& [k, v] : flattened()) {
    const auto dot = k.rfind('.');
    const std::string sec = dot == std::string::npos ? "" : k.substr(0, dot);
    if (sec != section) {
      os << "\n[" << sec << "]\n";
      section = sec;
    }
    os << k.substr(dot == std::string::npos ? 0 : dot + 1) << " = " << v << "\n";
  }
  return os.str();
}

std::uint64_t Config::fingerprint(const std::vector<std::string>& prefixes) const {
  std::uint64_t h = 1469598103934665603ull;  // FNV-1a
  auto mix = [&](const std::string& s) {
    for (unsigned char c : s) {
      h ^= c;
      h *= 1099511628211ull;
    }
    h ^= 0xFF;
    h *= 1099511628211ull;
  };
  for (const auto& [k, v] : flattened()) {
    bool take = prefixes.empty();
    for (const auto& p : prefixes) take = take || k.rfind(p, 0) == 0;
    if (!take) continue;
    mix(k);
    mix(v);
  }
  return h;
}

}  // namespace rfvar
