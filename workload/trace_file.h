// Trace files (`.rftrace`, docs/traces.md): a TraceWorkload saved once and replayed by any later run,
// whichever front end (`.kernel`, PTX harness, Accel-Sim) recorded it.
//
// Contract: save_trace_file() writes the whole workload - the Benchmark's static side (every
// kernel with every Instr field, addr_streams, reg_lanes, static_reg_weight, pvd_regs; the
// launches) and every LaunchTrace - in the versioned binary format of docs/traces.md: the magic
// "RFVTRACE", the format version, then tagged, length-prefixed sections (info, benchmark, one per
// kernel, one per launch trace, end). Steps are delta-encoded (zigzag varint of pc - previous pc - 1,
// the mask only when it changes), memory records and lines as varint deltas. It checks the workload
// first (the same checks as loading) and writes `<file>.tmp`, renamed over `file` when complete;
// a failure removes the temporary file and throws InputError naming the file. load_trace_file()
// returns exactly what was saved (bit-identical TraceWorkload and info) or throws InputError
// "<file>: <what is wrong>" for a missing file, a bad magic or version, truncation, trailing bytes,
// an enum, index or register id out of range, a pc outside its kernel's code, a warp without
// steps or whose last step is not an Exit, memory records that do not match the warp's memory
// steps, and line ranges outside the warp's lines.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

#include "workload/trace_workload.h"

namespace rfvar::arch {

inline constexpr char kTraceMagic[8] = {'R', 'F', 'V', 'T', 'R', 'A', 'C', 'E'};
// Version 2 (issue 15) adds Instr::guarded (a compiled conditional branch, read by the LTRF CFG);
// version 1 files are still read, their branches unguarded.
inline constexpr std::uint32_t kTraceFormatVersion = 2;

// How a trace was recorded; stored beside it so a replay can check what it depends on.
struct TraceFileInfo {
  std::string producer;           // the workload spec it was recorded from ("hotspot", "ptx:bfs")
  std::uint64_t seed = 1;         // master seed of the recording (data-dependent branches, inputs)
  std::int32_t line_bytes = 128;  // line size of its line requests (arch.l1_line_bytes)
  bool operator==(const TraceFileInfo&) const = default;
};

// What a trace holds, counted over every recorded block.
struct TraceCounts {
  std::uint64_t launches = 0;
  std::uint64_t blocks = 0;             // recorded blocks
  std::uint64_t warp_instructions = 0;  // trace steps
};
TraceCounts count_trace(const TraceWorkload& wl);

// Returns the size of the written file in bytes.
std::uint64_t save_trace_file(const std::filesystem::path& file, const TraceWorkload& wl,
                              const TraceFileInfo& info);

struct LoadedTrace {
  TraceWorkload workload;
  TraceFileInfo info;
};
LoadedTrace load_trace_file(const std::filesystem::path& file);

}  // namespace rfvar::arch
