// Reads one Accel-Sim kernel trace, kernel-N.traceg (docs/accelsim-traces.md), into a SassKernel.
//
// Contract: returns a complete SassKernel as sass_trace.h states, or throws InputError
// "<source>:<line>: <what is wrong>" for malformed input: a header key missing or malformed, a bad
// instruction line (trace_line.h), an unknown opcode, one PC traced with two different opcodes,
// registers or widths, a block or warp outside the grid / block or given twice, an `insts = n`
// count that does not match its lines, a missing #END_TB, a missing block or warp, or a warp whose
// last instruction is not EXIT. The trace's launch index is 0 (read_trace sets it). Compressed
// .traceg.xz files are refused with a message saying to decompress them.
#pragma once

#include <filesystem>
#include <string_view>

#include "frontend/accelsim/sass_trace.h"

namespace rfvar::arch::accelsim {

SassKernel parse_kernel_trace(std::string_view text, std::string_view source_name,
                              const ReadOptions& options = {});
SassKernel read_kernel_trace(const std::filesystem::path& file, const ReadOptions& options = {});

}  // namespace rfvar::arch::accelsim
