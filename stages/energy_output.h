// `rfvar energy -o FILE.h5` (and the study's energy stage): the energy study
// (study/energy/energy_study.h) as an HDF5 file; layout in docs/hdf5.md "energy".
//
// Contract: write_energy_file() writes `out` atomically (H5Writer: temp file + rename) with
// provenance kind "energy". Pure formatting: no result is computed here.
#pragma once

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "common/config.h"
#include "stages/stage.h"
#include "study/energy/energy_study.h"

namespace rfvar::stages {

void write_energy_file(const std::filesystem::path& out, const study::EnergyStudyResult& r,
                       const arch::energy::EnergyParams& ep, const Config& config, std::uint64_t seed,
                       const std::string& command_line, const StageContext* jobs_of = nullptr);

// The --json object of `rfvar energy` (without timing).
nlohmann::json energy_json(const study::EnergyStudyResult& r, const arch::energy::EnergyParams& ep);

}  // namespace rfvar::stages
