// Writes a workload's stored warp traces as an Accel-Sim trace folder (docs/accelsim-traces.md
// "Export"), for GPGPU-Sim's trace-driven mode and for rfvar's own reader (kernels_list.h).
//
// Contract: write_accelsim_trace() writes `kernelslist.g` and one `kernel-N.traceg` per launch
// (N = launch index + 1), tracer version 4, `-binary version` = options.binary_version, into a
// temporary sibling folder and renames it onto `dir` (an existing `dir` is replaced only after the
// new folder is complete). Every block of every launch must be stored (else InputError naming the
// launch and block); one instruction line per TraceStep, in trace order. Static instruction i of a
// kernel has PC 16*i. Opcodes come from sass_opcode(); registers are `R<id>` with the ids of the
// workload, except that ids >= 255 (R255 is RZ) are renumbered onto ids < 255 that the kernel does
// not name, keeping id mod options.banks (GPGPU-Sim's bank = (reg + warp) mod banks, Tan Eq. 3),
// or, when that residue class has no free id left, onto the lowest free id (counted in
// WriteSummary::rebanked_ids); InputError when a kernel names more than 255 distinct ids. Memory steps write 4-byte lanes with
// addresses that rfvar's reader turns back into the same line requests (global / local / const:
// the k-th active lane at line min(k, count-1), byte address line * line_bytes of the line's low 56
// bits) or the same conflict degree (shared: the first `ways` active lanes on distinct words of
// bank 0, the others on one word); a global / local / const step with lanes but no line request
// (a guard that cleared every lane) is written with mask 0. A workload whose instructions carry no
// recorded memory (Instr::mem_trace unset, `.kernel` tx= / l1=) is refused with InputError, except
// const loads, written with mem_width 0 (the tracer gives LDC no addresses).
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

#include "workload/kernel.h"
#include "workload/trace.h"

namespace rfvar::arch::accelsim {

struct WriteOptions {
  std::int32_t line_bytes = 128;     // the traces' line size (arch.l1_line_bytes)
  std::int32_t banks = 16;           // register-file banks the ids keep their residue for
  std::int32_t binary_version = 61;  // -binary version: 61 = Pascal's opcode map (docs/accelsim-traces.md)
  // Accel-Sim's operand limits (rfvar trace --sass-operands; docs/accelsim-traces.md "Export"): its
  // parser takes one destination and four sources (trace_parser.h MAX_DST 1, MAX_SRC 4), and NVBit's
  // SASS traces name a 64-bit pair by its first register. With this set an even id k listed with k + 1
  // is written as k alone (`pairs`), then only the first destination and the first four sources are kept.
  // rfvar replaying such a folder reads and writes what is written, not the workload's every register.
  bool sass_operands = false;
  // With sass_operands: the ids are allocated ones (arch.register_ids = "allocated", 64-bit values on
  // aligned pairs), so a listed k + 1 beside an even k is a pair's second half. GPGPU-Sim's numbering
  // has no pairs (%rd5 is id 5): there only the limits apply.
  bool pairs = false;
};

struct WriteSummary {
  std::int64_t launches = 0;
  std::int64_t warp_instructions = 0;
  std::int64_t bytes = 0;          // all files written
  std::int64_t renumbered_ids = 0; // register ids >= 255 given another id, over all kernels
  std::int64_t rebanked_ids = 0;   // ... of which in another bank (their residue class was full)
  std::int64_t dropped_operands = 0;  // register operands left out by sass_operands, over all warp instructions
};

// The SASS opcode written for an rfvar instruction class and memory space.
std::string sass_opcode(OpClass op, MemSpace space);

// The exported register id of every id 0..k.reg_ids-1 of `k` (identity below 255).
std::vector<std::uint16_t> export_register_ids(const Kernel& k, int banks);

WriteSummary write_accelsim_trace(const std::filesystem::path& dir, const Benchmark& b,
                                  std::span<const LaunchTrace> launches, const WriteOptions& options = {});

}  // namespace rfvar::arch::accelsim
