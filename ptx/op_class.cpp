// PTX opcode -> OpClass. Source: GPGPU-Sim 3.1.0 src/cuda-sim/cuda-sim.cc,
// ptx_instruction::set_opcode_and_latency:
// ADD/SUB, MAX/MIN, MUL, MAD, DIV take the int / fp / dp latency of their operation type (the
// -ptx_opcode_latency_{int,fp,dp} tuples), SQRT SIN COS EX2 LG2 RSQRT RCP run on the SFU, LD / ATOM
// are loads, ST stores, BAR a barrier, BRA a branch, RET / EXIT end the warp, everything else is a
// one-cycle ALU op. Our classes are finer in two places: f32 compares, abs and neg are FpAlu (the fp
// ALU, as GPGPU-Sim's MIN/MAX), and red (no result) is a Store. Any f64 arithmetic is DpAlu.
#include "ptx/op_class.h"

namespace rfvar::arch::ptx {

namespace {

bool is_f64(Type t) { return t == Type::F64; }
bool is_f32(Type t) { return t == Type::F32 || t == Type::F16; }

MemSpace mem_space(Space s) {
  switch (s) {
    case Space::Global:
      return MemSpace::Global;
    case Space::Local:
      return MemSpace::Local;
    case Space::Shared:
      return MemSpace::Shared;
    case Space::Const:
    case Space::Param:
      return MemSpace::Const;  // ld.param goes through the constant cache (GPGPU-Sim)
    case Space::Generic:
      return MemSpace::None;
  }
  return MemSpace::None;
}

// An arithmetic op whose class depends on its type: int, f32 or f64.
OpClass typed(Type t, OpClass i, OpClass f) { return is_f64(t) ? OpClass::DpAlu : is_f32(t) ? f : i; }

}  // namespace

OpClassOf op_class(const Instr& in) {
  switch (op_facts(in.op).unit) {  // the unit kinds of ptx/opcodes.cpp's table
    case UnitKind::Load:
      return {OpClass::Load, mem_space(in.space)};
    case UnitKind::Store:
      return {OpClass::Store, mem_space(in.space)};
    case UnitKind::Barrier:
      return {OpClass::Barrier, MemSpace::None};
    case UnitKind::Branch:
      return {OpClass::Branch, MemSpace::None};
    case UnitKind::Exit:
      return {OpClass::Exit, MemSpace::None};
    case UnitKind::Sfu:
      return {OpClass::Sfu, MemSpace::None};  // any type: GPGPU-Sim's SFU ops
    case UnitKind::AddLike: {
      const Type t =
          in.op == Op::Set && in.type2 != Type::None ? in.type2 : in.type;  // set: the compared type
      return {typed(t, OpClass::IntAlu, OpClass::FpAlu), MemSpace::None};
    }
    case UnitKind::MulLike:
      return {typed(in.type, OpClass::IntMul, OpClass::FpMul), MemSpace::None};  // incl. mul.wide
    case UnitKind::MadLike:
      return {typed(in.type, OpClass::IntMad, OpClass::FpMad), MemSpace::None};
    case UnitKind::DivLike:
      return {typed(in.type, OpClass::IntDiv, OpClass::FpDiv), MemSpace::None};
    case UnitKind::Alu:
      break;
  }
  return {OpClass::IntAlu, MemSpace::None};
}

}  // namespace rfvar::arch::ptx
