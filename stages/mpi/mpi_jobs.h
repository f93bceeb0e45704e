// The MPI job distributor (common/job_distributor.h) of the rfvar-mpi program (CMake RFVAR_MPI;
// docs/cluster.md): one rank per MPI process of MPI_COMM_WORLD, each running its jobs on its OpenMP
// threads; only the main thread calls MPI (MPI_THREAD_FUNNELED).
//
// Contract: MpiSession initializes MPI in its constructor and finalizes it in its destructor (one per
// program, made first in main). MpiJobs is the distributor over MPI_COMM_WORLD: all_gather() is
// MPI_Allgather of the sizes then MPI_Allgatherv of the bytes (a message of 2 GiB or more is an
// InputError: split the work into more jobs), broadcast() is MPI_Bcast from rank 0, barrier() is
// MPI_Barrier. abort_all() ends every rank of the run with `code` (MPI_Abort), for an error that
// happened on one rank while the others may wait in a collective.
#pragma once

#include <string>
#include <vector>

#include "common/job_distributor.h"

namespace rfvar::stages {

class MpiSession {
 public:
  MpiSession(int* argc, char*** argv);
  ~MpiSession();
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;
};

class MpiJobs final : public JobDistributor {
 public:
  MpiJobs();
  int rank() const override { return rank_; }
  int ranks() const override { return ranks_; }
  std::vector<std::string> all_gather(const std::string& mine) override;
  std::string broadcast(const std::string& value) override;
  void barrier() override;
  [[noreturn]] static void abort_all(int code);

 private:
  int rank_ = 0, ranks_ = 1;
};

}  // namespace rfvar::stages
