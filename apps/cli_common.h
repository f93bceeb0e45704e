// Options every rfvar subcommand shares, and the way they become a Config.
//
// Contract: add_common_options() adds --config, --set, --seed, --threads, --json, --no-progress,
// --job-times (and -o when the subcommand writes a file) with help text naming units and defaults.
// load_config() layers data/fermi-32nm.toml, the --config file and the --set assignments, and
// applies --seed/--chips style overrides given on the command line; errors are InputError.
#pragma once

#include <charconv>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "common/config.h"
#include "common/job_distributor.h"
#include "stages/stage_inputs.h"

namespace rfvar::apps {

struct CommonOptions {
  std::string config_file;
  std::vector<std::string> sets;
  std::optional<std::uint64_t> seed;
  int threads = 0;
  std::string output;
  bool json = false;
  bool no_progress = false;
  bool force = false;           // --force: -o may replace an existing file that is not an rfvar output
  bool force_progress = false;  // --progress: draw the bar even with --json (rfvar study's stages)
  std::string command_line;  // filled by main(), stored in output files
  bool job_times = false;    // --job-times: stages write their job record (docs/hdf5.md "jobs")
  JobDistributor* distributor = nullptr;  // rfvar-mpi's MPI ranks (set by main(); docs/cluster.md)
  // The stages' distributor: the MPI ranks; else with --job-times this process (LocalJobs); else none.
  JobDistributor* jobs() const { return distributor ? distributor : job_times ? &local_jobs : nullptr; }
  mutable LocalJobs local_jobs;

  // Defaults file + --config + --set, then --seed (population.seed).
  Config load_config() const;
  // The master seed in force (population.seed after overrides).
  std::uint64_t master_seed(const Config& c) const;
  bool progress() const { return force_progress || (!json && !no_progress); }
  // Sets the OpenMP thread count if --threads was given.
  void apply_threads() const;
};

template <class T>
struct IntegerOf {
  using type = void;
};
template <class T>
  requires std::is_integral_v<T> && (!std::is_same_v<T, bool>)
struct IntegerOf<T> {
  using type = T;
};
template <class T>
struct IntegerOf<std::optional<T>> : IntegerOf<T> {};

// An integer option parsed here rather than by CLI11, so that a value its type cannot hold is
// refused with the range it can (CLI11 says only "Could not convert"; docs/cli.md "Errors and
// limits"). The stage's own checks then narrow the range further ("--chips -1: must be at least 1").
template <class I, class T>
CLI::Option* add_integer_option(CLI::App* sub, const std::string& flag, T& field, const std::string& help) {
  CLI::Option* opt = sub->add_option_function<std::string>(
      flag,
      [&field, flag](const std::string& text) {
        I v{};
        const char* end = text.data() + text.size();
        const auto [p, ec] = std::from_chars(text.data(), end, v);
        if (ec != std::errc{} || p != end || text.empty())
          throw CLI::ValidationError(flag, "'" + text + "' is not a whole number from " +
                                               std::to_string(std::numeric_limits<I>::min()) + " to " +
                                               std::to_string(std::numeric_limits<I>::max()));
        field = v;
      },
      help);
  opt->type_name("INT");
  return opt;
}


// Adds the shared options to `sub`; `default_output` empty means the subcommand writes no file.
void add_common_options(CLI::App* sub, CommonOptions& o, const std::string& default_output);
// Whether subcommand `name` runs under several MPI ranks (chips, freq, ipc, guardband, perf, ltrf,
// energy, study: their stages take the job distributor; docs/cluster.md); the others run on one.
bool runs_distributed(const std::string& name);
// --job-times (added by add_common_options; rfvar study adds it itself).
void add_job_times_flag(CLI::App* sub, CommonOptions& o);


// Shared with the stages (stages/stage_inputs.h).
using stages::check_chip_capacity;
using stages::check_sm_option;
using stages::ChipSms;
using stages::distinct_names;
using stages::join_names;
using stages::kTraceCacheHelp;
using stages::parse_chip_spec;
using stages::read_chip_sms;
using stages::split_list;

// Prints a JSON object on stdout (the --json contract: exactly one object).
void print_json(const nlohmann::json& j);

// The registered subcommands; one line per subcommand in apps/rfvar.cpp.
void register_chips(CLI::App& app, CommonOptions& o);
void register_guardband(CLI::App& app, CommonOptions& o);
void register_perf(CLI::App& app, CommonOptions& o);
void register_freq(CLI::App& app, CommonOptions& o);
void register_sim(CLI::App& app, CommonOptions& o);
void register_ipc(CLI::App& app, CommonOptions& o);
void register_study(CLI::App& app, CommonOptions& o);
void register_ltrf(CLI::App& app, CommonOptions& o);
void register_intervals(CLI::App& app, CommonOptions& o);
void register_l2reuse(CLI::App& app, CommonOptions& o);
void register_energy(CLI::App& app, CommonOptions& o);
void register_sharing(CLI::App& app, CommonOptions& o);

}  // namespace rfvar::apps
