// Runs one study stage, or reuses its cached result.
//
// Contract: a stage's result lives in CACHE/<stage>-<hash>.h5 with its --json summary in
// CACHE/<stage>-<hash>.json, where <hash> covers exactly what the result depends on (see
// stage_catalog.h): stage name, options, the config keys under its prefixes, upstream hashes,
// kernel file contents when it uses kernels, and the tool version. If both files exist, the .json
// parses and the .h5 opens as HDF5, the stage is reused; otherwise (a missing, truncated or corrupt
// file) the stage runs again, in this process, through the function its rfvar subcommand calls
// (stages/stage.h), with the effective config, writing the .h5 atomically (H5Writer) before
// the .json is renamed into place, so a run killed at any moment leaves either a complete cache
// entry or none, and the next run resumes with the missing stages. A failing stage is an InputError
// naming the stage and the reason. After each stage the freed heap is returned to the system
// (glibc malloc_trim), so a study holds one stage's memory at a time.
// Distributed (options.jobs, docs/cluster.md): every rank calls run() for the same stages in the same
// order. Rank 0 alone decides reuse (from its view of the cache) and broadcasts it with the summary;
// a stage that runs runs on every rank, rank 0 writing the cache files (the others write to a scratch
// path: stages/job_log_output.h), and no rank returns before they are in place (barrier), so a rank
// reading them next finds them on a file system the ranks share. Only rank 0 removes stale temporary
// files (a pid of another node means nothing on its own).
#pragma once

#include <filesystem>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "common/config.h"
#include "common/job_distributor.h"
#include "stages/pipeline/stage_catalog.h"

namespace rfvar::study {

struct StageResult {
  std::string stage;
  std::string hash;            // 16 hex digits
  std::filesystem::path file;  // the cached .h5
  nlohmann::json summary;      // the subcommand's --json object
  bool reused = false;
  double seconds = 0.0;        // time of this run (0 when reused)
};

struct RunnerOptions {
  std::filesystem::path cache_dir;
  bool progress = false;     // stages draw their progress bars on stderr
  std::string command_line;  // stored in every stage file (with the stage's name)
  JobDistributor* jobs = nullptr;  // the ranks of a distributed run (StageContext::jobs)
  bool job_times = false;          // stages write their job record (StageContext::job_times)
};

// The hash of a stage's inputs (16 hex digits).
std::string stage_hash(const StageDef& stage, const std::map<std::string, std::string>& options, const Config& config,
                       const std::vector<const StageResult*>& upstream);

class StageRunner {
 public:
  // Creates the cache directory (InputError if it cannot) and removes temporary files left by
  // killed runs (those whose process no longer exists).
  explicit StageRunner(RunnerOptions options);

  // Removes temporary files of runs that have ended since (call when the study is done).
  void tidy() const;

  // upstream: the results of stage.upstream, in that order; on_start is called before a stage
  // that is not reused starts.
  StageResult run(const StageDef& stage, const std::map<std::string, std::string>& options, const Config& config,
                  const std::vector<const StageResult*>& upstream, const std::function<void()>& on_start = {});

 private:
  RunnerOptions opt_;
  bool rank0() const;  // this process writes the cache (rank 0, or not distributed)
};

}  // namespace rfvar::study
