// StageAdapter<S>: a stage (stages/stage.h's contract) as the IStage a study runs.
//
// Contract: the study options (the declarations with a name) are set on a default S::Options from
// their TOML value texts: "int" and "float" options parsed whole (a value that is not a number of the
// type is an InputError naming the option), "bool" = true/false, "names" unquoted and comma-joined; a
// ConfigKeyOption sets its config key on the stage's copy of the config. check() then calls
// S::check(); run() calls S::bind() with the population file and trace cache, S::run() and S::json().
#pragma once

#include <cstdint>
#include <limits>
#include <type_traits>

#include "stages/stage.h"
#include "stages/stage_inputs.h"

namespace rfvar::stages {

// A study option's integer / number text, whole; InputError naming `what` otherwise.
// `range` (the option's help) ends the message.
long long parse_int_option(const std::string& text, const std::string& what, const std::string& range);
double parse_float_option(const std::string& text, const std::string& what, const std::string& range);

template <class S>
class StageAdapter final : public IStage {
 public:
  using Options = typename S::Options;

  const StageInfo& info() const override {
    static const StageInfo i = S::info();
    return i;
  }

  std::vector<StudyOption> study_options() const override {
    std::vector<StudyOption> out;
    for (const auto& d : S::options())
      if (!d.name.empty()) out.push_back({d.name, option_type<Options>(d.field), d.help});
    return out;
  }

  void check(const std::map<std::string, std::string>& options, const StageContext& ctx) const override {
    StageContext c = ctx;
    const Options o = set(options, c);
    S::check(o, c);
  }

  nlohmann::json run(const std::map<std::string, std::string>& options, const std::string& population,
                     const std::string& trace_cache, const StageContext& ctx) const override {
    StageContext c = ctx;
    Options o = set(options, c);
    S::bind(o, population, trace_cache);
    return S::json(S::run(o, c));
  }

 private:
  static Options set(const std::map<std::string, std::string>& options, StageContext& c) {
    Options o;
    for (const auto& d : S::options()) {
      if (d.name.empty()) continue;
      const auto it = options.find(d.name);
      if (it == options.end()) continue;
      const std::string& text = it->second;
      // The study names the file and stage; a one-line help names the accepted range.
      const std::string what = d.name + " = " + text;
      const std::string range = d.help.find('\n') == std::string::npos ? " (" + d.help + ")" : "";
      std::visit(
          [&](auto f) {
            using F = decltype(f);
            if constexpr (std::is_same_v<F, ConfigKeyOption>) {
              c.config.set(f.key + "=" + option_value(text));
            } else {
              using T = std::remove_cvref_t<decltype(o.*f)>;
              if constexpr (std::is_same_v<T, bool>) {
                o.*f = text == "true";
              } else if constexpr (std::is_same_v<T, std::string>) {
                o.*f = option_value(text);
              } else if constexpr (std::is_same_v<T, double> || std::is_same_v<T, std::optional<double>>) {
                o.*f = parse_float_option(text, what, range);
              } else {
                const long long v = parse_int_option(text, what, range);
                using I = std::conditional_t<std::is_same_v<T, std::uint32_t>, std::uint32_t, int>;
                if (v < static_cast<long long>(std::numeric_limits<I>::min()) ||
                    v > static_cast<long long>(std::numeric_limits<I>::max()))
                  throw InputError(what + ": outside " + std::to_string(std::numeric_limits<I>::min()) + ".." +
                                   std::to_string(std::numeric_limits<I>::max()) + range);
                o.*f = static_cast<I>(v);
              }
            }
          },
          d.field);
    }
    return o;
  }
};

}  // namespace rfvar::stages
