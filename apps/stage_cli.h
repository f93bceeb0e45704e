// A stage's declared options (stages/stage.h) as options of its rfvar subcommand, and the
// stage context a subcommand runs it in.
//
// Contract: add_stage_options() adds every declaration with a flag, in declaration order, bound to
// its field of `o` (a bool field is a flag; a flag without dashes is a positional argument); the
// study-only declarations are skipped. stage_context() is the effective config (--config, --set,
// --seed), the output (a scratch path on MPI ranks other than 0: stages/job_log_output.h), the
// command line, the progress setting and the job distributor of the shared options. run_stage()
// runs a stage as every subcommand does: check() first (nothing is read or written before every
// option is known good), then --threads, run(), and the stage's JSON when --json was given; it
// returns the result for the subcommand's table, or nothing when the JSON was printed.
#pragma once

#include <optional>
#include <type_traits>

#include "apps/cli_common.h"
#include "stages/job_log_output.h"
#include "stages/stage.h"

namespace rfvar::apps {


template <class O>
void add_stage_options(CLI::App* sub, O& o, const std::vector<stages::OptionDecl<O>>& decls) {
  for (const auto& d : decls) {
    if (d.flag.empty()) continue;
    std::visit(
        [&](auto f) {
          if constexpr (!std::is_same_v<decltype(f), stages::ConfigKeyOption>) {
            using T = std::remove_cvref_t<decltype(o.*f)>;
            CLI::Option* opt = nullptr;
            using I = typename IntegerOf<T>::type;
            if constexpr (std::is_same_v<T, bool>)
              opt = sub->add_flag(d.flag, o.*f, d.help);
            else if constexpr (!std::is_void_v<I>)
              opt = add_integer_option<I>(sub, d.flag, o.*f, d.help);
            else
              opt = sub->add_option(d.flag, o.*f, d.help);
            if (d.required) opt->required();
          }
        },
        d.field);
  }
}

inline stages::StageContext stage_context(const CommonOptions& o, const std::string& output) {
  return {o.load_config(), stages::rank_output(o.jobs(), output), o.command_line, o.progress(), o.jobs(),
          o.job_times};
}

template <class Stage>
std::optional<typename Stage::Result> run_stage(CommonOptions& o, const typename Stage::Options& so,
                                                const std::string& output) {
  const stages::StageContext ctx = stage_context(o, output);
  Stage::check(so, ctx);
  o.apply_threads();
  typename Stage::Result r = Stage::run(so, ctx);
  if (o.json) {
    print_json(Stage::json(r));
    return std::nullopt;
  }
  return r;
}

}  // namespace rfvar::apps
