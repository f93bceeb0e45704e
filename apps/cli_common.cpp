#include "apps/cli_common.h"

#include <filesystem>
#include <map>

#include <omp.h>

#include <iostream>
#include <sstream>

namespace rfvar::apps {

Config CommonOptions::load_config() const {
  Config c = Config::load_default();
  if (!config_file.empty()) c.merge_file(config_file);
  for (const auto& s : sets) c.set(s);
  if (seed) c.set("population.seed=" + std::to_string(*seed));
  return c;
}

std::uint64_t CommonOptions::master_seed(const Config& c) const {
  return static_cast<std::uint64_t>(c.get_int("population.seed", Range::non_negative()));
}

void CommonOptions::apply_threads() const {
  if (threads > 0) omp_set_num_threads(threads);
}

void add_common_options(CLI::App* sub, CommonOptions& o, const std::string& default_output) {
  sub->add_option("--config", o.config_file,
                  "TOML file overriding any subset of data/fermi-32nm.toml (the defaults)")
      ->check(CLI::ExistingFile);
  sub->add_option("--set", o.sets,
                  "Override one parameter: --set section.key=value (repeatable), e.g. "
                  "--set varius.phi=0.3. Keys, units and defaults: docs/config.md");
  add_integer_option<std::uint64_t>(sub, "--seed", o.seed, "Master seed of all random streams (default: population.seed = 1)");
  add_integer_option<int>(sub, "--threads", o.threads, "OpenMP threads (default: all cores); results do not depend on it")
      ->check(CLI::NonNegativeNumber);
  sub->add_flag("--json", o.json, "Print one JSON summary object on stdout instead of the table");
  sub->add_flag("--no-progress", o.no_progress, "Do not draw the progress bar on stderr");
  sub->add_flag("--force", o.force,
                "Let -o replace an existing file that is not an rfvar output (never an input of the command, "
                "a directory, a FIFO or a device: docs/cli.md \"Errors and limits\")");
  sub->add_flag("--progress", o.force_progress, "Draw the progress bar on stderr even with --json (a terminal only)");
  add_job_times_flag(sub, o);
  if (!default_output.empty()) {
    // The subcommands share one CommonOptions: each sets its own default when it is the one parsed
    // (setting it here, at registration, would leave the last registered subcommand's default).
    sub->preparse_callback([&o, default_output](std::size_t) { o.output = default_output; });
    sub->add_option("-o,--output", o.output,
                    "HDF5 output file, written atomically (default: " + default_output + ")");
  }
}

bool runs_distributed(const std::string& name) {
  for (const char* n : {"chips", "freq", "ipc", "guardband", "perf", "ltrf", "energy", "study"})
    if (name == n) return true;
  return false;
}

void add_job_times_flag(CLI::App* sub, CommonOptions& o) {
  sub->add_flag("--job-times", o.job_times,
                "Write each distributed phase's per-job wall time and each rank's busy time to the HDF5 "
                "output under /jobs (freq, ipc, guardband, perf, ltrf, energy, study; docs/hdf5.md \"jobs\")");
}

void print_json(const nlohmann::json& j) { std::cout << j.dump(2) << std::endl; }

}  // namespace rfvar::apps
