// Independent jobs spread over the ranks of a distributed run (MPI, docs/cluster.md) and over each
// rank's threads (OpenMP), with the results exchanged so that every rank ends with all of them.
//
// Contract (JobDistributor): the processes of one run, rank() in [0, ranks()). all_gather(),
// broadcast() and barrier() are collective: every rank calls them in the same order. LocalJobs is
// the one-process distributor (rank 0 of 1; the plain build's, with --job-times); the MPI one is
// stages/mpi/mpi_jobs.h, built only with RFVAR_MPI. The model folders see this interface only.
//
// Contract (the plan): plan_jobs(cost, ranks) gives each job an owner rank: jobs in order of
// decreasing expected cost (ties: lower index first), each to the rank with the least planned cost
// so far (ties: lower rank): the longest-processing-time-first rule, a static plan every rank
// computes alike from the same costs, so no message is needed until the exchange. An empty `cost`
// means equal costs. jobs_of() lists one rank's jobs in that same order (most expensive first), the
// order its threads take them in (dynamic schedule).
//
// Contract (distribute_jobs): calls job(i) exactly once for every i in [0, n), on the rank that owns
// it, in parallel over that rank's threads; job(i) writes only job i's results, in the caller's
// storage. Then every rank encodes its jobs' results (codec.encode(i, w)), the messages are
// exchanged, and every rank decodes the others' (codec.decode(i, r)): afterwards every rank holds
// all n results bit for bit as if it had run every job, so results depend neither on the rank count
// nor on the thread count. d == nullptr is the plain build's path: parallel_jobs() (common/parallel_jobs.h),
// nothing encoded, nothing timed. A job that throws does not stop the others; after the exchange
// every rank rethrows the error of the lowest failing index (an InputError stays one; any other
// exception becomes std::runtime_error with its message). Progress ticks once per job (the rank's
// own as they finish, the others' at the exchange).
//
// Contract (the record): every distribute_jobs() / exchange() adds to d->log() the phase's per-job
// measured cost (wall seconds of the job on its thread) and owner rank, and each rank's busy time
// (wall seconds of its own job loop, the exchange excluded); a phase run again under the same name
// (chip batches) is appended to it. Stages write it to their HDF5 with --job-times (docs/hdf5.md "jobs").
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "common/byte_codec.h"
#include "common/progress.h"

namespace rfvar {

struct JobPhase {
  std::string name;
  std::vector<double> cost_s;       // [job] measured wall seconds on its thread
  std::vector<std::int32_t> rank;   // [job] the rank that ran it
  std::vector<double> rank_busy_s;  // [rank] wall seconds of the rank's job loops
};

struct JobLog {
  std::vector<JobPhase> phases;
  void clear() { phases.clear(); }
};

class JobDistributor {
 public:
  virtual ~JobDistributor() = default;
  virtual int rank() const = 0;
  virtual int ranks() const = 0;
  // Every rank's `mine`, in rank order (collective).
  virtual std::vector<std::string> all_gather(const std::string& mine) = 0;
  // Rank 0's `value`, on every rank (collective).
  virtual std::string broadcast(const std::string& value) = 0;
  virtual void barrier() = 0;
  JobLog& log() { return log_; }
  const JobLog& log() const { return log_; }

 private:
  JobLog log_;
};

// One process: rank 0 of 1.
class LocalJobs final : public JobDistributor {
 public:
  int rank() const override { return 0; }
  int ranks() const override { return 1; }
  std::vector<std::string> all_gather(const std::string& mine) override { return {mine}; }
  std::string broadcast(const std::string& value) override { return value; }
  void barrier() override {}
};

struct JobCodec {
  std::function<void(int, ByteWriter&)> encode;  // job i's results, from the caller's storage
  std::function<void(int, ByteReader&)> decode;  // into the caller's storage
};

// Owner rank of every job (the plan above); cost.size() jobs, or n equal ones when cost is empty.
std::vector<int> plan_jobs(int n, std::span<const double> cost, int ranks);
// The jobs `owner` gives `rank`, most expensive first (ties: lower index first).
std::vector<int> jobs_of(const std::vector<int>& owner, int rank, std::span<const double> cost);

// One rank's share of a phase, run (JobBatch) and then exchanged.
struct JobBatch {
  std::string phase;
  int n = 0;                  // jobs in the phase (all ranks)
  std::vector<int> ids;       // this rank's jobs
  std::vector<double> cost_s; // [ids] measured
  std::vector<std::string> errors;  // [ids] "" : ok; else 'I' (InputError) or 'E' + message
  double busy_s = 0.0;
};
// Runs `ids` on this process's threads (parallel_jobs), timing each and catching its error.
JobBatch run_jobs(std::string phase, int n, std::vector<int> ids, Progress* progress,
                  const std::function<void(int)>& job);
// Collective: exchanges the batches' results (codec), records the phase, rethrows the lowest
// failing index's error on every rank.
void exchange(JobDistributor& d, const JobBatch& mine, const JobCodec& codec, Progress* progress);

void distribute_jobs(JobDistributor* d, const std::string& phase, int n, std::span<const double> cost,
                     Progress* progress, const std::function<void(int)>& job, const JobCodec& codec);

}  // namespace rfvar
