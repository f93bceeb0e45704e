// Parses PTX text as nvcc emits it (`nvcc -ptx -arch=compute_75 -O3`) into a Program.
//
// Contract: accepts module directives (.version .target .address_size), module-scope .global /
// .const / extern .shared variables (with alignment, array sizes and initializers), .visible
// .entry kernels with their .param lists, and in entry bodies .reg / .local / .shared declarations,
// labels, guarded instructions (@%p / @!%p), vector operands, memory operands [reg+imm] and
// [name+imm], and integer / 0f / 0d / decimal immediates. Instructions are pre-decoded (program.h)
// and each entry's reconvergence points computed (ipdom.h). Anything else throws rfvar::InputError
// "FILE:LINE: unsupported instruction 'OPCODE'" (or "FILE:LINE: <what is wrong>" for malformed
// syntax). .func bodies are skipped (a `call` is an unsupported instruction).
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "common/limits.h"
#include "ptx/program.h"

namespace rfvar::arch::ptx {

// `file` names the text in error messages (e.g. "hotspot.ptx").
Program parse_ptx(std::string_view text, const std::string& file);

// Reads and parses a .ptx file; errors name the file by its path as given.
// Reads and parses a PTX file; InputError if it is not a regular file or is larger than max_bytes
// (limits.max_input_mib).
Program load_ptx(const std::filesystem::path& path, std::uint64_t max_bytes = Limits{}.max_input_bytes);

}  // namespace rfvar::arch::ptx
