// The workload IR: a benchmark = an ordered list of kernels, each with its launch shape, its
// launches and a flat instruction array compiled from structured control flow.
//
// Contract: a Benchmark is an immutable value built by parse_benchmark() (kernel_parser.h) from the
// text format of docs/kernel-format.md. Register IDs are architectural per-thread registers
// (0..regs_per_thread-1). Control flow is flat: Branch instructions carry their targets, so the SM
// runs a program counter per warp with a SIMT reconvergence stack. Latencies are not part of the
// IR: the SM maps an OpClass to a pipeline and latency from its Params ([arch] in the config).
#pragma once

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace rfvar::arch {

// Register ids of the static code. A `.kernel` file names architectural registers 0..regs-1 (< 64:
// Fermi caps at 63 per thread); a PTX workload under GPGPU-Sim 3.1's numbering names its virtual
// registers by the first integer of their PTX name (ids up to Kernel::reg_ids - 1, beyond 63).
using RegId = std::uint16_t;
inline constexpr RegId kNoReg = 0xFFFF;
inline constexpr int kMaxSrc = 6;    // st.global.v4: address + 4 values; fma: 3
inline constexpr int kMaxDst = 4;    // ld.global.v4
inline constexpr int kMaxRegs = 64;  // the `.kernel` format's and physical allocation's limit
inline constexpr int kMaxRegIds = 4096;  // any register numbering
// The lanes a hybrid bank answers in one cycle: its fast sub-bank comes first (rfmodel::organize_banks)
// and is half of the 32 lanes (one fast + one slow sub-bank, Tan §3.3.4). A partial vector using only
// lanes 16-31 is stored with its halves swapped, so that its lanes sit in the fast sub-bank.
inline constexpr std::uint32_t kHybridFastLanes = 0x0000FFFFu;

// What an instruction does, which selects its pipeline and latency.
enum class OpClass : std::uint8_t {
  IntAlu,  // add, logic, compare, mov                 (SP)
  IntMul,  // 32-bit integer multiply                  (SP)
  IntMad,  // integer multiply-add                     (SP)
  IntDiv,  // integer divide / modulo (long, iterative) (SP)
  FpAlu,   // fp add, min/max, compare                 (SP)
  FpMul,   // fp multiply                              (SP)
  FpMad,   // fp fused multiply-add                    (SP)
  FpDiv,   // fp divide                                (SP)
  DpAlu,   // double add / mul / fma                   (SP, arch.init_dp)
  Sfu,     // sin, cos, ex2, lg2, rsqrt, rcp           (SFU)
  Load,    // load from a memory space                 (MEM)
  Store,   // store to a memory space                  (MEM)
  Barrier, // __syncthreads                            (no unit)
  Branch,  // control transfer (kinds below)           (SP)
  Exit,    // end of the kernel for this warp
  Count
};

enum class MemSpace : std::uint8_t { None, Global, Local, Shared, Const };

// Branch kinds produced by the structured control flow of the text format.
enum class BranchKind : std::uint8_t {
  None,
  LoopBack,  // counter[depth]++; taken back to target while counter < trip, else reset, fall through
  If,        // split: lanes meeting cond go on at pc+1, the others at target; reconverge at reconv
  Jump,      // to target (end of a then-part that has an else). Compiled code (PTX `bra`,
             // ptx/static_kernel.cpp) uses Jump for every branch and sets Instr::guarded when
             // the `bra` is guarded by a predicate (conditional: target or pc+1). Only static
             // passes (the LTRF CFG, hierarchy/ltrf/from_kernel.h) read it; the SM replays traces.
};

// The condition of an `if`. Programmatic conditions depend only on thread / block IDs (Tan §3.3.4:
// the same lanes are always active, which hybrid banks exploit); Random* depend on data.
enum class CondKind : std::uint8_t {
  TidLess,     // tid_in_block < a
  TidAtLeast,  // tid_in_block >= a
  TidModLess,  // tid_in_block % a < b
  LaneLess,    // tid_in_block % 32 < a
  BidModLess,  // block_id % a < b (whole warps)
  RandomLane,  // each lane independently with probability p (data-dependent)
  RandomWarp,  // the whole warp with probability p (data-dependent, no divergence)
};

struct Cond {
  CondKind kind = CondKind::TidLess;
  std::int32_t a = 0;
  std::int32_t b = 0;
  float p = 0.0f;
  bool programmatic() const { return kind != CondKind::RandomLane && kind != CondKind::RandomWarp; }
};

// An address stream of a global/local memory instruction (docs/kernel-format.md `addr=`): the byte
// address of thread t (= warp index in block * 32 + lane) of block `bid` in iteration `iter` of the
// innermost enclosing loop is
//   offset_bytes + block_bytes * bx + block_y_bytes * by + lane_bytes * x + pitch_bytes * y
//   + iter_bytes * iter
//   + scatter_offset(...)   (a pseudo-random element, workload/scatter.h; 0 without scatter=)
// (mod wrap_bytes when wrap_bytes > 0), x = t % dim_x and y = t / dim_x for 2-D blocks (dim_x > 0),
// else x = t, y = 0; bx = bid % grid_x and by = bid / grid_x for 2-D grids (grid_x > 0), else
// bx = bid, by = 0; in region `region` (regions never alias). Coalescing and the L1 tags decide
// hits (arch/memory/).
inline constexpr std::uint8_t kNoLoop = 0xFF;
struct AddrStream {
  std::uint8_t region = 0;
  std::uint8_t loop_depth = kNoLoop;  // index of the loop counter `iter` counts; kNoLoop: iter = 0
  std::uint8_t loop_depth2 = kNoLoop; // the second-innermost loop's counter (`iter2`); kNoLoop: 0
  std::int64_t lane_bytes = 4;
  std::int64_t iter_bytes = 0;
  std::int64_t iter2_bytes = 0;   // bytes per iteration of the second-innermost enclosing loop
  std::int64_t block_bytes = 0;
  std::int64_t wrap_bytes = 0;  // footprint in bytes; 0 = no wrap
  std::int64_t offset_bytes = 0;  // constant offset (a stencil's neighbour: -4, +4, +-pitch)
  std::int32_t dim_x = 0;         // threads per row of a 2-D block; 0 = 1-D
  std::int64_t pitch_bytes = 0;   // bytes between rows (2-D blocks)
  std::int32_t grid_x = 0;        // blocks per grid row of a 2-D grid; 0 = 1-D
  std::int64_t block_y_bytes = 0; // bytes between grid rows (2-D grids)
  std::int64_t scatter_bytes = 0; // irregular term: element size of a pseudo-random element of the
                                  // footprint (workload/scatter.h); 0 = none
  std::uint32_t scatter_key = 0;  // streams with the same key pick the same element index
};

struct Instr {
  OpClass op = OpClass::IntAlu;
  std::uint8_t ndst = 0;
  std::uint8_t nsrc = 0;
  RegId dst[kMaxDst] = {kNoReg, kNoReg, kNoReg, kNoReg};  // written registers, distinct, dst[0..ndst)
  RegId src[kMaxSrc] = {kNoReg, kNoReg, kNoReg, kNoReg, kNoReg, kNoReg};  // read registers (a name may repeat)
  // Memory (Load / Store)
  MemSpace space = MemSpace::None;
  std::uint8_t transactions = 1;  // global/local/const: memory requests per warp access (1 = coalesced);
                                  // shared: bank-conflict ways (1 = conflict-free)
  float l1_hit = 0.0f;            // probability a request hits in L1 (global/local/const)
  float l2_hit = 0.0f;            // probability an L1 miss hits in L2
  // Control
  BranchKind branch = BranchKind::None;
  std::int32_t target = -1;  // LoopBack: loop head; If: else-part (or reconv); Jump: reconv
  std::int32_t reconv = -1;  // If: reconvergence pc
  std::int32_t trip = 0;     // LoopBack: trip count (>= 1)
  bool guarded = false;      // Jump of compiled code: conditional (may fall through to pc+1). Stored
                             // in .rftrace files since format version 2 (workload/trace_file.h)
  std::uint8_t depth = 0;    // LoopBack: nesting depth (index of the warp's loop counter)
  std::int16_t addr = -1;    // Load/Store: index into Kernel::addr_streams; -1: tx= / l1= decide (here: padding)
  bool mem_trace = false;    // Load/Store: each dynamic instance carries a TraceMem (trace.h): its line
                             // requests or shared-memory conflict ways come from the trace, not tx= / l1=
  Cond cond;                 // If
  std::int32_t line = 0;     // source line, for messages
};

// One kernel launch of a benchmark.
struct Launch {
  std::int32_t kernel = 0;  // index into Benchmark::kernels
  std::int32_t grid = 1;    // blocks in the whole GPU grid of this launch
};

struct Kernel {
  std::string name;
  std::int32_t block_threads = 32;
  std::int32_t regs_per_thread = 1;  // allocated registers per thread (occupancy, RF rows per warp)
  std::int32_t reg_ids = 1;          // register ids the code uses are 0..reg_ids-1 (>= regs_per_thread)
  std::int32_t smem_bytes = 0;
  std::vector<Instr> code;       // ends with Exit
  std::vector<AddrStream> addr_streams;  // Instr::addr indexes this
  int max_loop_depth = 0;
  // Registers whose every access happens under a programmatic (tid/bid) condition that leaves a
  // fixed subset of lanes active: the vectors hybrid banks are meant for (Tan §3.3.4). Bit r.
  std::uint64_t pvd_regs = 0;
  // Lanes of warp `wib` (warp index in the block) that ever access register r, with every enclosing
  // programmatic lane condition evaluated for that warp (data-dependent and bid conditions count as
  // "any lane"): reg_lanes[wib * reg_ids + r]. 0 = the warp never touches r. A vector whose
  // lanes all lie in one lane half can live in a hybrid bank's fast sub-bank at one-cycle access
  // (Tan §3.3.4; the hybrid rule of docs/models.md).
  std::vector<std::uint32_t> reg_lanes;
  std::uint32_t lanes_of(int wib, int r) const { return reg_lanes[static_cast<std::size_t>(wib * reg_ids + r)]; }
  // The hybrid rule: vector (wib, r) is partially used with all its lanes in one lane half (0-15 or
  // 16-31); either half can be stored in a hybrid bank's fast sub-bank (Tan §3.3.4: "as long as its
  // utilized registers are allocated to fast sub-banks"). Returns that half's lane mask, 0 if none.
  std::uint32_t hybrid_half(int wib, int r) const {
    const std::uint32_t l = lanes_of(wib, r);
    if (l == 0) return 0;
    if ((l & ~kHybridFastLanes) == 0) return kHybridFastLanes;
    if ((l & kHybridFastLanes) == 0) return ~kHybridFastLanes;
    return 0;
  }
  bool hybrid_candidate(int wib, int r) const { return hybrid_half(wib, r) != 0; }
  // Partially used register vectors of one block: the size the hybrid RF should match (Tan §3.3.4:
  // "the size of hybrid RF should match the total number of partially used register vectors"). A
  // warp holds regs_per_thread vectors; when its code names more register ids than that (GPGPU-Sim's
  // numbering of PTX virtual registers, docs/models.md "Workloads"), the names are not vectors, so
  // the warp's share of candidate names among the names it uses is scaled to its vectors. Rounded
  // up over the block. Equals the number of candidate (warp, register) pairs when no warp uses more
  // names than vectors (every `.kernel` file).
  int partial_vectors_per_block() const {
    double vectors = 0.0;
    for (int w = 0; w < warps_per_block(); ++w) {
      int used = 0, cand = 0;
      for (int r = 0; r < reg_ids; ++r) {
        used += lanes_of(w, r) != 0 ? 1 : 0;
        cand += hybrid_candidate(w, r) ? 1 : 0;
      }
      vectors += used > regs_per_thread ? static_cast<double>(cand) * regs_per_thread / used : cand;
    }
    return static_cast<int>(std::ceil(vectors - 1e-9));
  }
  // Static access counts per register (instructions naming it, loop trips multiplied in).
  std::vector<double> static_reg_weight;  // [reg_ids]
  int warps_per_block() const { return (block_threads + 31) / 32; }
};

struct Benchmark {
  std::string name;
  std::string source_file;
  std::string description;       // the file's `description` line
  std::vector<Kernel> kernels;
  std::vector<Launch> launches;  // in order; each launch finishes before the next starts
};

const char* op_name(OpClass op);

}  // namespace rfvar::arch
