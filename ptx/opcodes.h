// The PTX vocabulary the interpreter supports: base opcodes, types, comparison operators and
// instruction modifiers, and the lookups from their PTX spelling.
//
// Contract: the *_from() lookups return std::nullopt for a spelling they do not know (the parser
// turns that into "unsupported instruction"); type_bytes() is the size of a type in memory.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace rfvar::arch::ptx {

enum class Op : std::uint8_t {
  // integer and bit
  Add,
  Sub,
  Mul,
  Mad,
  Mul24,
  Mad24,
  Div,
  Rem,
  Abs,
  Neg,
  Min,
  Max,
  And,
  Or,
  Xor,
  Not,
  Cnot,
  Shl,
  Shr,
  Popc,
  Clz,
  Brev,
  Bfe,
  Bfi,
  Prmt,
  Sad,
  Shf,
  Bfind,
  // float (also Add Sub Mul Div Abs Neg Min Max)
  Fma,
  Rcp,
  Sqrt,
  Rsqrt,
  Ex2,
  Lg2,
  Sin,
  Cos,
  Tanh,
  Copysign,
  Testp,
  // compare, select, move, convert
  Setp,
  Set,
  Selp,
  Slct,
  Mov,
  Cvt,
  Cvta,
  // memory
  Ld,
  St,
  Atom,
  Red,
  Prefetch,
  Membar,
  // warp-wide
  Shfl,
  Vote,
  Activemask,
  // control
  Bar,
  BarWarp,
  Bra,
  Ret,
  Exit,
  Count
};

enum class Type : std::uint8_t {
  None,
  Pred,
  B8,
  B16,
  B32,
  B64,
  U8,
  U16,
  U32,
  U64,
  S8,
  S16,
  S32,
  S64,
  F16,
  F32,
  F64
};

enum class Cmp : std::uint8_t {
  Eq,
  Ne,
  Lt,
  Le,
  Gt,
  Ge,
  Lo,
  Ls,
  Hi,
  Hs,
  Equ,
  Neu,
  Ltu,
  Leu,
  Gtu,
  Geu,
  Num,
  Nan
};
enum class BoolOp : std::uint8_t { None, And, Or, Xor };
// Rounding: float results (rn rz rm rp) or to-integral (rni rzi rmi rpi).
enum class Round : std::uint8_t { None, Rn, Rz, Rm, Rp, Rni, Rzi, Rmi, Rpi };
// Per-opcode variants: mul/mad (Lo Hi Wide), shfl (Up Down Bfly Idx), vote (All Any Uni Ballot),
// atom/red operation, testp class, mov pack/unpack, shf direction, bfind.shiftamt.
enum class Mode : std::uint8_t {
  None,
  Lo,
  Hi,
  Wide,
  Up,
  Down,
  Bfly,
  Idx,
  All,
  Any,
  Uni,
  Ballot,
  AAdd,
  AInc,
  ADec,
  AExch,
  ACas,
  AMin,
  AMax,
  AAnd,
  AOr,
  AXor,
  Finite,
  Infinite,
  Number,
  NotANumber,
  Normal,
  Subnormal,
  Approx,
  Full,
  Pack,
  Unpack,  // mov with a vector source / destination
  Left,
  Right,    // shf.l / shf.r
  ShiftAmt  // bfind.shiftamt
};
// Memory spaces; Generic is a flat address resolved per lane (device_memory.h windows).
enum class Space : std::uint8_t { Generic, Global, Shared, Local, Const, Param };

// What the front end knows of an opcode apart from its semantics (ptx/exec_*.cpp), in one table
// (opcodes.cpp): its PTX spelling, its operand shape (decode_operands.cpp) and the kind of unit
// that runs it (op_class.cpp, after GPGPU-Sim 3.1's ptx_instruction::set_opcode_and_latency).
enum class Shape : std::uint8_t {
  Special,  // decoded by a case of its own (memory, compare, select, move, convert, warp-wide, control)
  Unary,    // d, a
  Binary,   // d, a, b (predicate registers when the type is .pred: and / or / xor)
  Ternary,  // d, a, b, c
  Bfi,      // d, a, b, c, e
};
enum class UnitKind : std::uint8_t {
  Alu,      // a one-cycle integer ALU op: logic, shifts, bit ops, mov, cvt, selp, shfl, vote, membar
  AddLike,  // int / fp / dp ALU by the operation type (add, min, compare, ...)
  MulLike,  // int / fp / dp multiply by type
  MadLike,  // int / fp / dp multiply-add by type
  DivLike,  // int / fp / dp divide by type
  Sfu,      // transcendental: the SFU at any type
  Load,     // ld, atom (atom returns the old value)
  Store,    // st, red (red has no result)
  Barrier,
  Branch,
  Exit,
};
struct OpFacts {
  Op op;
  std::string_view name;
  Shape shape;
  UnitKind unit;
};
const OpFacts& op_facts(Op op);  // op < Op::Count

std::optional<Op> op_from(std::string_view base);  // the table's names and ldu prefetchu fence barrier
std::optional<Type> type_from(std::string_view s);
std::optional<Cmp> cmp_from(std::string_view s);
std::optional<Round> round_from(std::string_view s);
std::optional<Space> space_from(std::string_view s);

int type_bytes(Type t);  // Pred: 1 (never stored), None: 0
bool is_float(Type t);
bool is_signed(Type t);
// Trace-line tag of a space (bits 56-63 of a line address): global 0, local 1, const 2, param 3.
std::uint64_t space_tag(Space s);

}  // namespace rfvar::arch::ptx
