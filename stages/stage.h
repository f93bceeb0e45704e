// One stage of a study (population, freq, ipc, guardband, perf, ltrf, energy): a function from typed
// options, a configuration and its input files to an HDF5 result and a JSON summary, called in-process
// by its rfvar subcommand (apps/cmd_*.cpp: CLI wiring and the table) and by `rfvar study`
// (stages/pipeline/stage_runner.h). Each stage's options are declared once, here-shaped: the study file
// key, the subcommand's flag and help, and the typed field they set.
//
// Contract: a stage S (stages/*_stage.h) provides
//   S::Options                       typed options with their defaults (unit and default in the help)
//   S::Result                        what the subcommand prints as its table
//   S::info()                        name, upstream stages, config sections, whether it reads kernels
//   S::options()                     its OptionDecl<Options> list, in --help order
//   S::bind(Options&, population, trace_cache)  a study's stage: the population file it reads (its
//                                    upstream result) and the study's PTX trace cache
//   S::check(const Options&, ctx)    every check that needs no input file: an InputError naming the
//                                    option and the accepted range; nothing is read or written
//   S::run(const Options&, ctx)      check(), then compute and write ctx.output (atomically; H5Writer)
//   S::json(const Result&)           the --json object of the subcommand (exactly what it prints)
// StageAdapter<S> (stages/stage_adapter.h) turns it into the type-erased IStage the study runs,
// setting Options from a study file's TOML value texts through the declarations.
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "common/config.h"
#include "common/job_distributor.h"

namespace rfvar::stages {

// Where a stage reads and writes, beside its options.
struct StageContext {
  Config config;             // effective configuration (defaults, --config, --set)
  std::string output;        // HDF5 file it writes ("" : none; ipc, ltrf and energy then write no file)
  std::string command_line;  // stored in the output file
  bool progress = false;     // draw progress bars on stderr
  // The ranks the stage's jobs are spread over (common/job_distributor.h; docs/cluster.md): null in
  // the plain build's default, rfvar-mpi's MPI distributor, LocalJobs with --job-times. Every rank
  // runs the stage; only rank 0's output is the result (the others write to a scratch path).
  JobDistributor* jobs = nullptr;
  bool job_times = false;  // write jobs->log() to the output (docs/hdf5.md "jobs")
};

// The master seed in force: population.seed (every random stream derives from it; common/rng.h).
std::uint64_t master_seed(const Config& c);

// A config key a study option sets for its stage only (the N-SM mode: [ipc] gpu_sms = N sets
// arch.gpu_sms = N); not a field of the stage's options.
struct ConfigKeyOption {
  std::string key;
};

template <class O>
using OptionField = std::variant<int O::*, double O::*, bool O::*, std::string O::*, std::uint32_t O::*,
                                 std::optional<int> O::*, std::optional<double> O::*, ConfigKeyOption>;

// One declared option of a stage.
template <class O>
struct OptionDecl {
  std::string name;       // key in the study file's [stage] table; "" : command line only
  std::string flag;       // the subcommand's option ("--years", or "chips" for a positional); "" : study only
  std::string help;       // unit, accepted range and default (rfvar SUBCOMMAND --help)
  OptionField<O> field;   // what it sets
  bool required = false;  // required on the command line (the study binds it: S::bind)
};

// The study-file type of a field: "int", "float", "bool" or "names" (a string or an array of strings);
// the cases are OptionField's alternatives by index.
template <class O>
std::string option_type(const OptionField<O>& f) {
  switch (f.index()) {
    case 1:
    case 6:
      return "float";
    case 2:
      return "bool";
    case 3:
      return "names";
    default:
      return "int";
  }
}

// What a study needs to know of a stage to order, hash and cache it.
struct StageInfo {
  std::string name;
  std::vector<std::string> upstream;         // stages whose results it reads (population, or none)
  std::vector<std::string> config_prefixes;  // config sections its result depends on
  bool uses_kernels = false;                 // depends on data/kernels/**.kernel and data/cuda
};

// The usual S::bind()s, for a stage to inherit: which study inputs its Options take (a field
// `chips_file` for the population file, `trace_cache` for the study's PTX trace cache).
struct BindsNothing {
  template <class O>
  static void bind(O&, const std::string&, const std::string&) {}
};
struct BindsTraceCache {
  template <class O>
  static void bind(O& o, const std::string&, const std::string& trace_cache) {
    o.trace_cache = trace_cache;
  }
};
struct BindsPopulation {
  template <class O>
  static void bind(O& o, const std::string& population, const std::string&) {
    o.chips_file = population;
  }
};
struct BindsPopulationAndTraceCache {
  template <class O>
  static void bind(O& o, const std::string& population, const std::string& trace_cache) {
    o.chips_file = population;
    o.trace_cache = trace_cache;
  }
};

// A study option as the study file sees it.
struct StudyOption {
  std::string name, type, help;
};

// A stage as the study runs it: options are TOML value texts (study_spec.h).
class IStage {
 public:
  virtual ~IStage() = default;
  virtual const StageInfo& info() const = 0;
  virtual std::vector<StudyOption> study_options() const = 0;
  // S::check() on the options; a study option's value of the wrong form is an InputError naming it.
  virtual void check(const std::map<std::string, std::string>& options, const StageContext& ctx) const = 0;
  // Runs the stage reading `population` (its upstream result, "" if none); returns the --json object.
  virtual nlohmann::json run(const std::map<std::string, std::string>& options, const std::string& population,
                             const std::string& trace_cache, const StageContext& ctx) const = 0;
};

// The stages in pipeline order (stages/stage_registry.cpp).
const std::vector<const IStage*>& all_stages();

}  // namespace rfvar::stages
