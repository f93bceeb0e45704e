// The per-instruction semantics of the interpreter (internal to ptx/): each function executes
// one decoded instruction for the lanes of mask `m` of one warp.
//
// Contract: `r` is the warp's value registers, lane-contiguous (slot s, lane l at r[s * 32 + l]),
// `p` its predicate masks (bit l of p[s] = lane l). Only lanes in `m` read or write; a value of a
// type narrower than 64 bits is written zero-extended. Results follow the PTX ISA 8.x for the
// supported opcodes (opcodes.h); approximate float functions use the C++ library in the same
// precision. Throws std::logic_error for an opcode / type combination a function does not handle.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "ptx/device_memory.h"
#include "ptx/program.h"
#include "workload/trace.h"

namespace rfvar::arch::ptx {

void exec_int(const Instr& in, std::uint64_t* r, std::uint32_t* p,
              std::uint32_t m);  // integer, bit, pred logic
void exec_float(const Instr& in, std::uint64_t* r, std::uint32_t* p,
                std::uint32_t m);  // f32 / f64 arithmetic, testp
void exec_move(const Instr& in, std::uint64_t* r, std::uint32_t* p,
               std::uint32_t m);  // mov cvt setp set selp slct
// shfl vote activemask; `active` = the warp's SIMT mask (shfl sources outside it read their own value)
void exec_warp(const Instr& in, std::uint64_t* r, std::uint32_t* p, std::uint32_t m, std::uint32_t active);

// Working memory of exec_mem's trace records, reused across instructions (owned by the caller).
struct MemScratch {
  static constexpr std::size_t kMaxLines = 256;   // 32 lanes x up to 8 lines (local v4.f64)
  static constexpr std::uint32_t kMaxWords = 64;  // distinct words of one bank (>= 32 lanes x 2)
  std::uint64_t lines[kMaxLines];
  std::uint32_t per_bank[32];
  std::uint64_t bank_words[32][kMaxWords];
};

// The memory a block sees, for exec_mem.
struct MemContext {
  DeviceMemory* global = nullptr;
  unsigned char* shared = nullptr;  // the block's shared memory
  std::uint64_t shared_bytes = 0;
  unsigned char* local = nullptr;  // thread t of the block at local + t * local_bytes
  std::uint64_t local_bytes = 0;
  const unsigned char* params = nullptr;
  std::uint64_t param_bytes = 0;
  const unsigned char* consts = nullptr;
  std::uint64_t const_bytes = 0;
  std::uint32_t line_bytes = 128;
  bool keys = false;                  // record a TraceKey per memory step (WarpTrace::keys)
  const std::string* file = nullptr;  // for error messages
  MemScratch* scratch = nullptr;      // required when recording traces
};

// The warp being executed, for exec_mem.
struct WarpPlace {
  int first_thread = 0;        // thread index in the block of lane 0
  std::uint64_t warp_uid = 0;  // block id * warps per block + warp index: local-memory trace addresses
};

// ld st atom red cvta for lanes m; when `trace` is set, appends one TraceMem (and its lines) for
// ld / st / atom / red: global, local, const and param accesses as distinct lines in lane order
// (line = address / line_bytes, space tag in bits 56-63; local addresses interleaved by lane, 4-byte
// words, so that one offset across a warp is contiguous), shared accesses as the bank-conflict
// degree over 32 banks of 4-byte words (1 for a .shared instruction with no lane on; a generic
// access with no lane on records 0 lines). An access outside its space throws InputError naming the
// instruction's line.
void exec_mem(const Instr& in, const InstrInfo& info, std::uint64_t* r, std::uint32_t m, const WarpPlace& w,
              const MemContext& ctx, WarpTrace* trace);

// x rounded to T toward the mode of `rnd` (Rm/Rmi down, Rp/Rpi up, Rz/Rzi toward zero, else nearest).
template <typename T>
T round_directed(long double x, Round rnd);

// ---- helpers shared by the exec_*.cpp files ----

template <typename F>
inline void for_lanes(std::uint32_t m, F&& f) {
  if (m == 0xFFFFFFFFu) {
    for (int l = 0; l < 32; ++l) f(l);
  } else {
    while (m) {
      f(std::countr_zero(m));
      m &= m - 1;
    }
  }
}

template <typename T>
inline T rd(std::uint64_t v) {
  if constexpr (std::is_same_v<T, float>)
    return std::bit_cast<float>(static_cast<std::uint32_t>(v));
  else if constexpr (std::is_same_v<T, double>)
    return std::bit_cast<double>(v);
  else
    return static_cast<T>(v);
}

template <typename T>
inline std::uint64_t wr(T v) {
  if constexpr (std::is_same_v<T, float>)
    return std::bit_cast<std::uint32_t>(v);
  else if constexpr (std::is_same_v<T, double>)
    return std::bit_cast<std::uint64_t>(v);
  else if constexpr (std::is_same_v<T, bool>)
    return v ? 1 : 0;
  else
    return static_cast<std::uint64_t>(static_cast<std::make_unsigned_t<T>>(v));
}

inline std::uint64_t* slot(std::uint64_t* r, std::int32_t s) {
  return r + static_cast<std::ptrdiff_t>(s) * 32;
}

// Calls f(T{}) with T the C++ type of an integer PTX type (b types unsigned).
template <typename F>
inline void with_int_type(Type t, F&& f) {
  switch (t) {
    case Type::B8:
    case Type::U8:
      return f(std::uint8_t{});
    case Type::S8:
      return f(std::int8_t{});
    case Type::B16:
    case Type::U16:
      return f(std::uint16_t{});
    case Type::S16:
      return f(std::int16_t{});
    case Type::B32:
    case Type::U32:
      return f(std::uint32_t{});
    case Type::S32:
      return f(std::int32_t{});
    case Type::B64:
    case Type::U64:
      return f(std::uint64_t{});
    case Type::S64:
      return f(std::int64_t{});
    default:
      throw std::logic_error("ptx: not an integer type");
  }
}

template <typename F>
inline void with_float_type(Type t, F&& f) {
  switch (t) {
    case Type::F32:
      return f(float{});
    case Type::F64:
      return f(double{});
    default:
      throw std::logic_error("ptx: not a float type (f16 is not supported)");
  }
}

// Calls f(T{}) for any integer or float type.
template <typename F>
inline void with_type(Type t, F&& f) {
  if (t == Type::F32 || t == Type::F64)
    with_float_type(t, f);
  else
    with_int_type(t, f);
}

}  // namespace rfvar::arch::ptx
