// Reads an Accel-Sim trace folder: its kernelslist.g and every kernel-N.traceg it names.
//
// Contract: parse_kernels_list() reads the list text: blank lines and '#' comments are skipped,
// `Memcpy<kind>,0xADDR,BYTES` lines are recorded (no timing effect), each other line names a
// post-processed kernel trace (`*.traceg`) relative to the list's folder; `.traceg.xz`, raw
// `.trace` and anything else fail with InputError "<list>:<line>: <what>". read_trace() takes the
// kernelslist.g file or its folder and reads every kernel in list order (kernels[i].trace.launch
// = i); a kernel file that cannot be opened fails naming the list line.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "frontend/accelsim/sass_trace.h"

namespace rfvar::arch::accelsim {

struct KernelsList {
  std::vector<Memcpy> memcpys;
  std::vector<std::string> kernel_files;   // as written, relative to the list's folder
  std::vector<std::int64_t> kernel_lines;  // [i] line of kernel_files[i] in the list
};

KernelsList parse_kernels_list(std::string_view text, std::string_view source_name);
SassTrace read_trace(const std::filesystem::path& kernelslist_or_folder, const ReadOptions& options = {});

}  // namespace rfvar::arch::accelsim
