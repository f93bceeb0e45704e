// The register counts of record of a benchmark's kernels: `ptxas -v` output saved as <bench>.regs
// next to its .ptx (docs/cuda-harness.md).
//
// Contract: read_ptxas_regs() maps each entry named on a "Compiling entry function 'NAME'" line to
// the N of the next "Used N registers" line. A missing or unreadable file, or an entry without a
// count, throws InputError naming the file.
#pragma once

#include <filesystem>
#include <map>
#include <string>

namespace rfvar::arch::ptx {

std::map<std::string, int> read_ptxas_regs(const std::filesystem::path& regs_file);

}  // namespace rfvar::arch::ptx
