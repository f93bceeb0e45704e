// `rfvar ltrf` prints its results as JSON and writes no HDF5; the study stores them as an HDF5
// stage file so every stage of study.h5 reads the same way (docs/hdf5.md "study", /ltrf).
//
// Contract: write_ltrf_file() writes `out` atomically (H5Writer) from the --json object of
// `rfvar ltrf`: /designs [design], /kernels [kernel], /latencies [latency] (relative main-RF
// latency), /norm_ipc, /ipc, /max_tolerable_latency [design, kernel] (NaN where the design has no
// limit), /capped [design, kernel] (1: tolerable latency reached the sweep's end), /sweep_ipc
// [design, kernel, latency] (NaN where not swept), /mean_norm_ipc and /design_max_tolerable_latency
// [design]; root attributes config_id, active_warps, max_loss, main_rf_capacity, main_rf_latency.
// Pure formatting: no result is computed here.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "common/config.h"

namespace rfvar::apps::study {

void write_ltrf_file(const std::filesystem::path& out, const nlohmann::json& ltrf, const Config& config,
                     std::uint64_t seed, const std::string& command_line);

}  // namespace rfvar::apps::study
