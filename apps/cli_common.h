// Options every rfvar subcommand shares, and the way they become a Config.
//
// Contract: add_common_options() adds --config, --set, --seed, --threads, --json, --no-progress
// (and -o when the subcommand writes a file) with help text naming units and defaults.
// load_config() layers data/fermi-32nm.toml, the --config file and the --set assignments, and
// applies --seed/--chips style overrides given on the command line; errors are InputError.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "common/config.h"
#include "varius/chip_sample.h"

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

  // Defaults file + --config + --set, then --seed (population.seed).
  Config load_config() const;
  // The master seed in force (population.seed after overrides).
  std::uint64_t master_seed(const Config& c) const;
  bool progress() const { return force_progress || (!json && !no_progress); }
  // Sets the OpenMP thread count if --threads was given.
  void apply_threads() const;
};

// Adds the shared options to `sub`; `default_output` empty means the subcommand writes no file.
void add_common_options(CLI::App* sub, CommonOptions& o, const std::string& default_output);

// Help text of --trace-cache DIR (sim, ipc, guardband, perf; frontend/workload_cache.h).
inline constexpr const char* kTraceCacheHelp =
    "Directory caching the PTX workloads (ptx:NAME, harness .toml) as .rftrace files: the first run\n"
    "interprets the harness and saves its trace there, later runs with the same harness files, seed\n"
    "and arch parameters replay it. Results are identical with or without it (rfvar study passes\n"
    "<cache>/traces)";

// "a,b,,c" -> {"a", "b", "c"}: a comma-separated option value, empty names dropped.
std::vector<std::string> split_list(const std::string& list);

// {"a", "b"} -> "a,b": the inverse of split_list() (default option values).
std::string join_names(const std::vector<std::string>& names);

// Display names of workloads loaded from `specs` whose benchmarks are named `names`: a name that
// occurs once stays; every occurrence of a shared one (`hotspot` and `hotspot.rftrace` both name
// their benchmark "hotspot") becomes its spec, a path by its file name, with "#2", "#3"... after a
// spec given twice. So tables and JSON keyed by name never merge two workloads.
std::vector<std::string> distinct_names(const std::vector<std::string>& specs, const std::vector<std::string>& names);

// "chips.h5:17" -> (file, 17); InputError naming --chip otherwise.
std::pair<std::string, int> parse_chip_spec(const std::string& spec);

// The SMs a cycle-model run takes its register-file delays from (rfvar sim, rfvar ipc): of each chip
// SM `sm` when arch.gpu_sms = 1, SMs 0..gpu_sms-1 when gpu_sms > 1 (then `sm` must be 0).
struct ChipSms {
  varius::RfGeometry geometry;
  std::vector<std::vector<varius::SmDelays>> chips;  // [chip][1 or gpu_sms]
};
// InputError unless `sm` is 0 or gpu_sms is 1.
void check_sm_option(int sm, int gpu_sms);
// Chips first .. first + count - 1 of `file` (count < 0: every chip from `first`); InputError for a
// chip index (named `chip_option`, e.g. "--chip chips.h5:7") or SM out of range, or arch.gpu_sms
// above the chips' SM count.
ChipSms read_chip_sms(const std::string& file, int first, int count, int sm, int gpu_sms,
                      const std::string& chip_option);

// InputError naming `source` unless a chip of geometry `g` holds at least arch.registers_per_sm
// registers per SM (the SM model allocates that many; a chips file made with a smaller
// floorplan.rows_per_bank cannot run the cycle model).
void check_chip_capacity(const varius::RfGeometry& g, int registers_per_sm, const std::string& source);

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

}  // namespace rfvar::apps
