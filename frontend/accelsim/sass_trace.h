// What the Accel-Sim reader produces: the static SASS code, the launch shape and the dynamic warp
// traces of each kernel of an Accel-Sim trace folder (docs/accelsim-traces.md).
//
// Contract: plain values, independent of arch::Instr. A SassKernel's `code` holds one SassInstr per
// distinct PC of its trace file, in ascending PC order; every TraceStep::pc of its `trace` indexes
// `code`. Memory steps (SassInstr::mem_traced()) carry one TraceMem each, as trace.h states: global,
// local and const accesses list their distinct cache lines (byte address / line_bytes, with
// space_tag() in bits 56-63), shared accesses carry their bank-conflict degree and no lines. Every
// block of the grid is present (block id = x + y*gx + z*gx*gy), each with every warp of the block
// (warp index = position); a warp with instructions ends with EXIT.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "workload/kernel.h"
#include "workload/trace.h"

namespace rfvar::arch::accelsim {

inline constexpr std::uint16_t kRz = 255;  // R255 is RZ, the zero register: never listed here

// One static SASS instruction (one PC).
struct SassInstr {
  std::uint64_t pc = 0;            // byte offset of the instruction in the kernel (hex in the trace)
  std::string opcode;              // with its modifiers, as traced ("LDG.E.64")
  std::vector<std::uint16_t> dst;  // destination registers in trace order, RZ dropped
  std::vector<std::uint16_t> src;  // source registers in trace order, RZ dropped
  std::int32_t mem_width = 0;      // bytes per lane; 0: the tracer recorded no addresses
  OpClass op = OpClass::IntAlu;    // from the opcode table (opcode_table.h)
  MemSpace space = MemSpace::None;
  std::int64_t first_line = 0;  // trace line of its first occurrence (messages)
  // Its steps carry a TraceMem (and, unless shared, line requests).
  bool mem_traced() const { return mem_width > 0; }
  bool operator==(const SassInstr&) const = default;
};

struct Dim3 {
  std::uint32_t x = 1, y = 1, z = 1;
  std::int64_t count() const { return std::int64_t{x} * y * z; }
  bool operator==(const Dim3&) const = default;
};

// The `-key = value` lines at the top of a kernel-N.traceg.
struct KernelHeader {
  std::string name;                   // -kernel name (mangled)
  std::int32_t kernel_id = 0;         // -kernel id
  Dim3 grid;                          // -grid dim = (x,y,z)
  Dim3 block;                         // -block dim = (x,y,z)
  std::int32_t shmem_bytes = 0;       // -shmem
  std::int32_t nregs = 0;             // -nregs
  std::int32_t binary_version = 0;    // -binary version (70 = sm_70)
  std::uint64_t cuda_stream_id = 0;   // -cuda stream id
  std::uint64_t shmem_base_addr = 0;  // -shmem base_addr
  std::uint64_t local_base_addr = 0;  // -local mem base_addr
  std::string nvbit_version;          // -nvbit version
  std::int32_t tracer_version = 0;    // -accelsim tracer version (3, 4 or 5)
  bool lineinfo = false;              // -enable lineinfo (v5): instruction lines start with a line number
  bool operator==(const KernelHeader&) const = default;
};

// What a kernel launch asks of an SM.
struct LaunchShape {
  std::int32_t grid_blocks = 1;     // blocks in the whole grid (product of the grid dims)
  std::int32_t block_threads = 32;  // threads per block (product of the block dims)
  std::int32_t smem_bytes = 0;      // shared memory per block
  std::int32_t nregs = 0;           // registers per thread
  bool operator==(const LaunchShape&) const = default;
};

struct SassKernel {
  std::string source;  // the file it was read from
  KernelHeader header;
  std::vector<SassInstr> code;         // distinct PCs, ascending
  LaunchTrace trace;                   // trace.launch = its position in the kernels list
  std::int64_t warp_instructions = 0;  // steps over all warps
  LaunchShape shape() const {
    return {static_cast<std::int32_t>(header.grid.count()), static_cast<std::int32_t>(header.block.count()),
            header.shmem_bytes, header.nregs};
  }
};

// A `MemcpyHtoD,0xADDR,BYTES` line of kernelslist.g: recorded, no effect on timing.
struct Memcpy {
  std::string kind;  // "MemcpyHtoD"
  std::uint64_t addr = 0;
  std::uint64_t bytes = 0;
  bool operator==(const Memcpy&) const = default;
};

// A whole trace folder: kernelslist.g and the kernels it names, in its order.
struct SassTrace {
  std::string source;  // the kernelslist.g path
  std::vector<Memcpy> memcpys;
  std::vector<SassKernel> kernels;  // kernels[i].trace.launch == i
};

// Reader options.
struct ReadOptions {
  std::int32_t line_bytes = 128;  // cache-line size for global/local/const line requests (arch.l1_line_bytes)
};

}  // namespace rfvar::arch::accelsim
