// `rfvar ltrf -o FILE.h5` (and the study's ltrf stage, which runs it): the results of the LTRF
// study (study/ltrf/ltrf_study.h) as an HDF5 file; layout in docs/hdf5.md "ltrf".
//
// Contract: write_ltrf_file() writes `out` atomically (H5Writer: temp file + rename) with
// provenance kind "ltrf": /designs [design], /kernels [kernel], /latencies [latency] (relative
// main-RF latency of the sweep, 1x included), /norm_ipc, /ipc [design, kernel] (at the study's
// main-RF design `config_id`), /max_tolerable_latency [design, kernel] (NaN where the design has no
// limit), /capped [design, kernel] (1: no sweep point lost more than max_loss), /sweep_ipc [design,
// kernel, latency] (NaN where not swept), /dynamic_region_length and /rfc_read_hit_rate [design,
// kernel] (NaN where the design has none), /mean_norm_ipc and /design_max_tolerable_latency
// [design], /normalizer_ipc, /all_active_ipc and /register_sensitive [kernel]; root attributes
// config_id, active_warps, max_loss, main_rf_capacity, main_rf_banks, main_rf_latency,
// normalizer_capacity, mean_two_level_ratio; /jobs when `jobs_of` asks for it (stages/job_log_output.h).
// Pure formatting: no result is computed here.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

#include "common/config.h"
#include "stages/stage.h"
#include "study/ltrf/ltrf_study.h"

namespace rfvar::stages {

void write_ltrf_file(const std::filesystem::path& out, const study::LtrfStudyResult& r, double max_loss,
                     int active_warps, const Config& config, std::uint64_t seed,
                     const std::string& command_line, const StageContext* jobs_of = nullptr);

}  // namespace rfvar::stages
