#include "stages/job_log_output.h"

#include <omp.h>
#include <unistd.h>

namespace rfvar::stages {

namespace fs = std::filesystem;

void write_job_log(H5Writer& out, const StageContext& ctx) {
  if (!ctx.jobs) return;
  JobLog& log = ctx.jobs->log();
  if (ctx.job_times) {
    out.group("/jobs");
    out.attr("/jobs", "ranks", static_cast<std::int64_t>(ctx.jobs->ranks()));
    out.attr("/jobs", "threads", static_cast<std::int64_t>(omp_get_max_threads()));
    for (const JobPhase& p : log.phases) {
      const std::string g = "/jobs/" + p.name;
      const Dims n = {static_cast<std::uint64_t>(p.cost_s.size())};
      out.write(g + "/cost_s", p.cost_s, n, {"job"}, "s (wall time of the job on its thread)");
      out.write(g + "/rank", p.rank, n, {"job"}, "rank that ran the job");
      out.write(g + "/rank_busy_s", p.rank_busy_s, {static_cast<std::uint64_t>(p.rank_busy_s.size())}, {"rank"},
                "s (wall time of the rank's job loops)");
    }
  }
  log.clear();
}

fs::path rank_scratch_dir(const JobDistributor* jobs) {
  return fs::temp_directory_path() /
         ("rfvar-rank" + std::to_string(jobs ? jobs->rank() : 0) + "-" + std::to_string(::getpid()));
}

std::string rank_output(const JobDistributor* jobs, const std::string& output) {
  if (!jobs || jobs->rank() == 0 || output.empty()) return output;
  const fs::path dir = rank_scratch_dir(jobs);
  fs::create_directories(dir);
  return (dir / fs::path(output).filename()).string();
}

void remove_rank_scratch(const JobDistributor* jobs) {
  if (!jobs || jobs->rank() == 0) return;
  std::error_code ec;
  fs::remove_all(rank_scratch_dir(jobs), ec);
}

}  // namespace rfvar::stages
