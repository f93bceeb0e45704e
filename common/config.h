// Layered model configuration read from TOML.
//
// Contract: the default file (data/fermi-32nm.toml) defines every key, its type and its default
// value; nothing else may introduce a key. An optional user file is merged over it, then
// `--set section.key=value` assignments. Unknown keys, wrong types and malformed TOML throw
// ConfigError naming the file and line (or the --set text), the key and what is accepted. The typed
// getters check the range each Params struct states and throw ConfigError naming key, value,
// origin and the accepted range. A Config is a value; a copy shares the defaults (keys, types,
// values, origins: immutable once defined) and copies only what was assigned since.
#pragma once

#include <cstdint>
#include <filesystem>
#include <limits>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace rfvar {

// Any error caused by user input (config, CLI arguments, input files). apps/ prints its message
// and exits non-zero.
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class ConfigError : public InputError {
 public:
  using InputError::InputError;
};

// An accepted interval for a numeric parameter.
struct Range {
  double lo = -std::numeric_limits<double>::infinity();
  double hi = std::numeric_limits<double>::infinity();
  bool lo_open = false;
  bool hi_open = false;

  static Range any() { return {}; }
  static Range closed(double a, double b) { return {a, b, false, false}; }
  static Range open_closed(double a, double b) { return {a, b, true, false}; }
  static Range closed_open(double a, double b) { return {a, b, false, true}; }
  static Range positive() { return {0.0, std::numeric_limits<double>::infinity(), true, false}; }
  static Range non_negative() { return {0.0, std::numeric_limits<double>::infinity(), false, false}; }
  static Range at_least(double a) { return {a, std::numeric_limits<double>::infinity(), false, false}; }

  bool contains(double v) const;
  std::string describe() const;  // e.g. "(0, 1]" or ">= 1"
};

// Directory holding data files: $RFVAR_DATA_DIR if set, else the source tree's data/.
std::filesystem::path data_dir();

class Config {
 public:
  // The defaults file: data_dir()/fermi-32nm.toml.
  static Config load_default();
  // Any complete defaults file (tests use small ones).
  static Config from_file(const std::filesystem::path& defaults_file);
  static Config from_string(std::string_view toml_text, std::string_view source_name);

  // Overlay a user file; every key must exist in the defaults, with a compatible type.
  void merge_file(const std::filesystem::path& user_file);
  // Overlay TOML text (a study file's [config] section, tests); `source_name` names it in errors.
  void merge_string(std::string_view toml_text, std::string_view source_name);
  // Apply one "section.key=value" assignment (value in TOML syntax; bare words are strings).
  void set(std::string_view assignment);

  double get_double(std::string_view key, Range range = Range::any()) const;
  std::int64_t get_int(std::string_view key, Range range = Range::any()) const;
  bool get_bool(std::string_view key) const;
  std::string get_string(std::string_view key, const std::vector<std::string>& allowed = {}) const;
  std::vector<double> get_double_list(std::string_view key, Range range = Range::any()) const;
  std::vector<std::string> get_string_list(std::string_view key) const;
  bool has(std::string_view key) const;

  // Every key with its value as TOML text, sorted by key (for HDF5 attributes and caches).
  std::map<std::string, std::string> flattened() const;
  // Where the current value of `key` came from ("data/fermi-32nm.toml:12", "--set", ...).
  std::string origin(std::string_view key) const;
  // The whole effective configuration as a TOML document.
  std::string to_toml() const;
  // A stable 64-bit hash of the keys under the given section prefixes (all keys if empty), used
  // to decide whether cached stage results can be reused.
  std::uint64_t fingerprint(const std::vector<std::string>& prefixes = {}) const;

 private:
  // What the defaults file defines: each key's value, type and where it is defined. Shared by copies.
  struct Schema {
    std::map<std::string, std::string> values;   // key -> TOML text of the default value
    std::map<std::string, std::string> types;    // key -> "float" | "integer" | "boolean" | "string" | "array"
    std::map<std::string, std::string> origins;  // key -> "data/fermi-32nm.toml:12"
  };
  const std::string* value_of(const std::string& key) const;  // the current value's text, nullptr if no such key
  void overlay(std::string_view toml_text, std::string_view source_name, bool defining);
  void assign(const std::string& key, const std::string& toml_value, const std::string& type,
              const std::string& origin);
  [[noreturn]] void fail_range(std::string_view key, const std::string& value, const Range& r) const;
  const std::string& raw(std::string_view key, std::string_view want_type) const;

  std::shared_ptr<const Schema> schema_ = std::make_shared<const Schema>();
  std::map<std::string, std::string> values_;   // keys assigned after the defaults -> TOML text of the value
  std::map<std::string, std::string> origins_;  // the same keys -> where
};

}  // namespace rfvar
