// The study result file: every stage's result gathered into one HDF5 file (docs/hdf5.md "study").
//
// Contract: assemble_study() writes `out` atomically (H5Writer: temp file + rename): root
// provenance (rfvar_kind = "study", version, seed, command line, /config) plus the attributes in
// `attrs`, and for each part the root contents of its stage file copied under part.group
// (datasets with their labels and units, groups, and the stage file's root attributes on
// part.group), leaving out part.skip (root-relative paths, e.g. "chips/reg_delay"). Stage files
// are read only.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "common/config.h"

namespace rfvar::study {

struct OutputPart {
  std::string group;  // "/freq", "/sweeps/sigma_ratio/0.25/perf"
  std::filesystem::path file;
  std::vector<std::string> skip;
  std::map<std::string, std::string> attrs;  // extra string attributes on the group
};

void assemble_study(const std::filesystem::path& out, const std::vector<OutputPart>& parts, const Config& config,
                    std::uint64_t seed, const std::string& command_line,
                    const std::map<std::string, std::string>& attrs);

}  // namespace rfvar::study
