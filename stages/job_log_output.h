// The job record of a stage (common/job_distributor.h, JobLog) in its HDF5 file, and the output path
// of a rank of a distributed run.
//
// Contract: write_job_log() writes ctx.jobs->log() under /jobs when ctx.job_times is set (else
// nothing): per phase /jobs/<phase>/cost_s [job] (measured wall seconds), /jobs/<phase>/rank [job]
// and /jobs/<phase>/rank_busy_s [rank], with attributes ranks and threads (OpenMP threads per rank)
// on /jobs (docs/hdf5.md "jobs"); then it clears the log. rank_output() is `output` itself on rank 0
// (or without a distributor) and, on any other rank, the same file name in a scratch directory of
// that rank (rank_scratch_dir()), so every rank runs the stage alike while only rank 0 writes the
// result; remove_rank_scratch() deletes the directory (a no-op on rank 0).
#pragma once

#include <filesystem>
#include <string>

#include "common/h5io.h"
#include "stages/stage.h"

namespace rfvar::stages {

void write_job_log(H5Writer& out, const StageContext& ctx);

std::filesystem::path rank_scratch_dir(const JobDistributor* jobs);
std::string rank_output(const JobDistributor* jobs, const std::string& output);
void remove_rank_scratch(const JobDistributor* jobs);

}  // namespace rfvar::stages
