#include "stages/mpi/mpi_jobs.h"

#include <mpi.h>

#include <climits>
#include <cstdlib>

#include "common/config.h"

namespace rfvar::stages {

MpiSession::MpiSession(int* argc, char*** argv) {
  int provided = 0;
  MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided);
}

MpiSession::~MpiSession() { MPI_Finalize(); }

MpiJobs::MpiJobs() {
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks_);
}

std::vector<std::string> MpiJobs::all_gather(const std::string& mine) {
  if (mine.size() >= static_cast<std::size_t>(INT_MAX))
    throw InputError("a rank's job results are " + std::to_string(mine.size()) +
                     " bytes, more than one MPI message holds (2 GiB): run fewer chips per stage");
  const int size = static_cast<int>(mine.size());
  std::vector<int> sizes(static_cast<std::size_t>(ranks_), 0);
  MPI_Allgather(&size, 1, MPI_INT, sizes.data(), 1, MPI_INT, MPI_COMM_WORLD);
  std::vector<int> offsets(static_cast<std::size_t>(ranks_), 0);
  long long total = 0;
  for (int r = 0; r < ranks_; ++r) {
    offsets[static_cast<std::size_t>(r)] = static_cast<int>(total);
    total += sizes[static_cast<std::size_t>(r)];
    if (total >= INT_MAX)
      throw InputError("the ranks' job results pass 2 GiB, more than one MPI exchange holds: run fewer chips per stage");
  }
  std::string all(static_cast<std::size_t>(total), '\0');
  MPI_Allgatherv(mine.data(), size, MPI_BYTE, all.data(), sizes.data(), offsets.data(), MPI_BYTE, MPI_COMM_WORLD);
  std::vector<std::string> out;
  for (int r = 0; r < ranks_; ++r)
    out.push_back(all.substr(static_cast<std::size_t>(offsets[static_cast<std::size_t>(r)]),
                             static_cast<std::size_t>(sizes[static_cast<std::size_t>(r)])));
  return out;
}

std::string MpiJobs::broadcast(const std::string& value) {
  unsigned long long n = value.size();
  MPI_Bcast(&n, 1, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD);
  std::string out = rank_ == 0 ? value : std::string(static_cast<std::size_t>(n), '\0');
  if (n >= static_cast<unsigned long long>(INT_MAX)) throw InputError("broadcast of 2 GiB or more");
  MPI_Bcast(out.data(), static_cast<int>(n), MPI_BYTE, 0, MPI_COMM_WORLD);
  return out;
}

void MpiJobs::barrier() { MPI_Barrier(MPI_COMM_WORLD); }

void MpiJobs::abort_all(int code) {
  MPI_Abort(MPI_COMM_WORLD, code);
  std::exit(code);
}

}  // namespace rfvar::stages
