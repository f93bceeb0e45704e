// Reads the kernel text format (docs/kernel-format.md) into a Benchmark.
//
// Contract: parse_benchmark() either returns a complete, validated Benchmark or throws InputError
// whose message starts with "<source>:<line>: " and says what is wrong and what is accepted.
// load_benchmark() resolves a name ("hotspot") to data_dir()/kernels/<name>.kernel, or takes a
// path (anything containing '/' or ending in ".kernel") as is.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "common/limits.h"
#include "workload/kernel.h"

namespace rfvar::arch {

// A kernel whose warps would issue more than max_warp_instructions (loop trips multiplied in), or
// a file over limits.max_input_mib, is an InputError naming the limit (common/limits.h).
Benchmark parse_benchmark(std::string_view text, std::string_view source_name,
                          std::uint64_t max_warp_instructions = Limits{}.max_warp_instructions);
Benchmark load_benchmark(const std::string& name_or_path, const Limits& limits = Limits{});
std::filesystem::path kernel_file_path(const std::string& name_or_path);
// Names of the benchmarks in data_dir()/kernels (file stems, sorted).
std::vector<std::string> available_benchmarks();
// The same for any folder: stems of its *.kernel files, sorted (empty if it does not exist).
std::vector<std::string> benchmarks_in(const std::filesystem::path& dir);

}  // namespace rfvar::arch
