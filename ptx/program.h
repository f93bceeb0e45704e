// A parsed PTX module: its entries, each a flat list of pre-decoded instructions the interpreter
// (interpreter.h) runs, plus what a translation to the SM's static code needs per instruction.
//
// Contract: a Program is an immutable value built by parse_ptx() (parser.h). Within an Entry,
// pc = index into `code` (labels are not instructions; branch targets are resolved to pcs).
// Every operand of a decoded Instr is a slot: value slots index the warp's lane-contiguous register
// array (64-bit per lane; a value of a narrower type sits zero-extended in the low bits), predicate
// slots index the warp's predicate masks. Immediates, special registers (%tid.x ...) and addresses
// of variables are read-only value slots the interpreter fills before a warp runs (see ConstSlot
// and SpecialReg). `info[pc]` describes the same instruction in PTX terms: opcode text, guard and
// the PTX register names it writes and reads (class prefix + number, e.g. ("rd", 5)).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ptx/opcodes.h"

namespace rfvar::arch::ptx {

// A PTX virtual register name: "%rd5" -> {"rd", 5}; a register without a number ("%SP") has -1.
struct RegName {
  std::string cls;
  int num = -1;
  bool operator==(const RegName&) const = default;
};

// The static description of one instruction, in PTX terms.
struct InstrInfo {
  std::string opcode;                  // full opcode text, e.g. "ld.global.nc.v4.f32"
  std::string base;                    // e.g. "ld"
  std::vector<std::string> modifiers;  // the dotted parts after the base, in order (types included)
  Type type = Type::None;              // the (destination) type; cvt: destination type
  Type type2 = Type::None;             // cvt / set: source type; otherwise None
  Space space = Space::Generic;        // ld / st / atom / red / cvta: the state space (Generic if none)
  bool mem_record = false;             // ld / st / atom / red: each execution has one TraceMem
  bool has_guard = false;
  RegName guard;  // guard predicate register (valid if has_guard)
  bool guard_negated = false;
  std::vector<RegName> dsts;  // registers written (vector elements in order)
  std::vector<RegName> srcs;  // registers read (incl. address registers, vector elements,
                              // predicate sources); special registers (%tid.x ...) are not listed
  int line = 0;               // source line in the .ptx file
};

inline constexpr int kMaxDst = 4;
inline constexpr int kMaxSrc = 5;

// A pre-decoded instruction: every field the interpreter needs, resolved at parse time.
struct Instr {
  Op op = Op::Mov;
  Type type = Type::None;        // operation type (cvt: destination)
  Type type2 = Type::None;       // cvt / set: source type; ld: the destination register's declared type
  Cmp cmp = Cmp::Eq;             // setp / set
  BoolOp boolop = BoolOp::None;  // setp/set .and/.or/.xor with a predicate source
  Round rnd = Round::None;       // cvt / float rounding
  Mode mode = Mode::None;        // mul/mad lo/hi/wide, shfl mode, vote mode, atom op
  Space space = Space::Generic;  // ld/st/atom/red/cvta
  bool sat = false;              // .sat (shf: .clamp)
  bool to = false;               // cvta.to (generic -> space) vs cvta (space -> generic)
  bool uni = false;              // bra.uni
  bool negate_src = false;       // vote / selp-like predicate source given as !%p
  bool addr32 = false;           // memory operand: the base register is 32-bit (addresses wrap mod 2^32)
  std::uint8_t vec = 1;          // ld/st vector width
  std::uint8_t ndst = 0, nsrc = 0;
  std::int32_t guard = -1;  // predicate slot, -1 if unguarded
  bool guard_neg = false;
  std::int32_t dst[kMaxDst] = {0, 0, 0, 0};
  std::int32_t src[kMaxSrc] = {0, 0, 0, 0, 0};
  std::int64_t offset = 0;   // memory operand: byte offset added to the base slot's value
  std::int32_t target = -1;  // bra: target pc
};

// Special registers, each a read-only value slot at this index.
enum class SpecialReg : std::int32_t {
  Zero = 0,
  TidX,
  TidY,
  TidZ,
  NtidX,
  NtidY,
  NtidZ,
  CtaidX,
  CtaidY,
  CtaidZ,
  NctaidX,
  NctaidY,
  NctaidZ,
  LaneId,
  WarpId,
  NWarpId,
  LanemaskEq,
  LanemaskLe,
  LanemaskLt,
  LanemaskGe,
  LanemaskGt,
  Count
};

// A read-only slot holding the same bits in every lane (immediates, addresses of variables).
struct ConstSlot {
  std::int32_t slot = 0;
  std::uint64_t bits = 0;
};

struct Param {
  std::string name;
  Type type = Type::B8;
  std::int64_t offset = 0;  // byte offset in the param space
  std::int64_t bytes = 0;   // size (array params: element size * count)
};

// A variable in a memory space (.shared / .local / .global / .const).
struct Variable {
  std::string name;
  Space space = Space::Global;
  std::int64_t offset = 0;  // address in its space (global: offset in the module's global image)
  std::int64_t bytes = 0;   // 0 for extern (dynamic) shared arrays
  std::int64_t align = 1;
  bool is_extern = false;
  std::vector<unsigned char> init;  // initializer bytes (global / const), empty if none
};

struct Entry {
  std::string name;
  std::vector<Param> params;
  std::int64_t param_bytes = 0;
  std::int64_t shared_bytes = 0;  // static .shared (dynamic shared starts at the aligned end)
  std::int64_t dynamic_shared_offset = 0;
  std::int64_t local_bytes = 0;  // .local per thread
  std::int32_t value_slots = 0;  // registers + special + constant slots
  std::int32_t pred_slots = 0;
  std::vector<ConstSlot> consts;  // slots to fill with constant bits before a warp runs
  std::int32_t pred_true = -1;    // predicate slot that is all ones (mov.pred %p, -1 / 1), -1 if unused
  std::int32_t pred_false = -1;   // predicate slot that is all zeros (mov.pred %p, 0), -1 if unused
  std::vector<Instr> code;
  std::vector<InstrInfo> info;           // [pc]
  std::vector<std::int32_t> reconverge;  // [pc] immediate post-dominator pc, -1 = warp exit
  int line = 0;
};

struct Program {
  std::string file;  // as given to parse_ptx (for messages)
  std::vector<Entry> entries;
  std::vector<Variable> globals;  // module-scope .global / .const variables
  std::int64_t global_image_bytes = 0;
  std::int64_t const_bytes = 0;
  std::vector<unsigned char> const_image;
  std::vector<Variable> shared_externs;  // module-scope extern .shared

  const Entry* find(const std::string& name) const {
    for (const Entry& e : entries)
      if (e.name == name) return &e;
    return nullptr;
  }
};

}  // namespace rfvar::arch::ptx
