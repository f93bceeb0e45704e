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

#include "workload/kernel.h"

namespace rfvar::arch {

Benchmark parse_benchmark(std::string_view text, std::string_view source_name);
Benchmark load_benchmark(const std::string& name_or_path);
std::filesystem::path kernel_file_path(const std::string& name_or_path);
// Names of the benchmarks in data_dir()/kernels (file stems, sorted).
std::vector<std::string> available_benchmarks();
// The same for any folder: stems of its *.kernel files, sorted (empty if it does not exist).
std::vector<std::string> benchmarks_in(const std::filesystem::path& dir);

}  // namespace rfvar::arch
