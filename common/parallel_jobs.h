// Independent jobs run in parallel, with the error of a failing job carried out of the OpenMP loop.
//
// Contract: parallel_jobs(n, progress, job) calls job(i) once for every i in [0, n), in parallel
// (OpenMP, dynamic schedule, one index at a time), and ticks `progress` (may be null) after each.
// Jobs must be independent and write only their own results (by index), so the results do not
// depend on the thread count. A job that throws does not stop the others; after the loop the
// exception of the lowest failing index is rethrown as it was thrown (same type and message), so the
// error reported does not depend on the thread count either.
#pragma once

#include <exception>

#include "common/progress.h"

namespace rfvar {

template <class Job>
void parallel_jobs(int n, Progress* progress, Job&& job) {
  std::exception_ptr error;
  int error_index = n;
#pragma omp parallel for schedule(dynamic, 1)
  for (int i = 0; i < n; ++i) {
    try {
      job(i);
    } catch (...) {
#pragma omp critical(rfvar_parallel_jobs_error)
      if (i < error_index) error_index = i, error = std::current_exception();
    }
    Progress::tick(progress);
  }
  if (error) std::rethrow_exception(error);
}

}  // namespace rfvar
