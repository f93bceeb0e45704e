#include "ptx/opcodes.h"

#include <array>
#include <utility>

namespace rfvar::arch::ptx {

namespace {
template <typename E, std::size_t N>
std::optional<E> lookup(const std::array<std::pair<std::string_view, E>, N>& table, std::string_view s) {
  for (const auto& [name, v] : table)
    if (name == s) return v;
  return std::nullopt;
}

// One row per Op, in enum order (checked below). Operand shapes: PTX ISA 8.x instruction
// descriptions; unit kinds: GPGPU-Sim 3.1 cuda-sim.cc, ptx_instruction::set_opcode_and_latency (op_class.cpp).
constexpr std::array<OpFacts, static_cast<std::size_t>(Op::Count)> kOpFacts{{
    {Op::Add, "add", Shape::Binary, UnitKind::AddLike},
    {Op::Sub, "sub", Shape::Binary, UnitKind::AddLike},
    {Op::Mul, "mul", Shape::Binary, UnitKind::MulLike},
    {Op::Mad, "mad", Shape::Ternary, UnitKind::MadLike},
    {Op::Mul24, "mul24", Shape::Binary, UnitKind::MulLike},
    {Op::Mad24, "mad24", Shape::Ternary, UnitKind::MadLike},
    {Op::Div, "div", Shape::Binary, UnitKind::DivLike},
    {Op::Rem, "rem", Shape::Binary, UnitKind::DivLike},
    {Op::Abs, "abs", Shape::Unary, UnitKind::AddLike},
    {Op::Neg, "neg", Shape::Unary, UnitKind::AddLike},
    {Op::Min, "min", Shape::Binary, UnitKind::AddLike},
    {Op::Max, "max", Shape::Binary, UnitKind::AddLike},
    {Op::And, "and", Shape::Binary, UnitKind::Alu},
    {Op::Or, "or", Shape::Binary, UnitKind::Alu},
    {Op::Xor, "xor", Shape::Binary, UnitKind::Alu},
    {Op::Not, "not", Shape::Special, UnitKind::Alu},
    {Op::Cnot, "cnot", Shape::Unary, UnitKind::Alu},
    {Op::Shl, "shl", Shape::Binary, UnitKind::Alu},
    {Op::Shr, "shr", Shape::Binary, UnitKind::Alu},
    {Op::Popc, "popc", Shape::Unary, UnitKind::Alu},
    {Op::Clz, "clz", Shape::Unary, UnitKind::Alu},
    {Op::Brev, "brev", Shape::Unary, UnitKind::Alu},
    {Op::Bfe, "bfe", Shape::Ternary, UnitKind::Alu},
    {Op::Bfi, "bfi", Shape::Bfi, UnitKind::Alu},
    {Op::Prmt, "prmt", Shape::Ternary, UnitKind::Alu},
    {Op::Sad, "sad", Shape::Ternary, UnitKind::Alu},
    {Op::Shf, "shf", Shape::Ternary, UnitKind::Alu},
    {Op::Bfind, "bfind", Shape::Unary, UnitKind::Alu},
    {Op::Fma, "fma", Shape::Ternary, UnitKind::MadLike},
    {Op::Rcp, "rcp", Shape::Unary, UnitKind::Sfu},
    {Op::Sqrt, "sqrt", Shape::Unary, UnitKind::Sfu},
    {Op::Rsqrt, "rsqrt", Shape::Unary, UnitKind::Sfu},
    {Op::Ex2, "ex2", Shape::Unary, UnitKind::Sfu},
    {Op::Lg2, "lg2", Shape::Unary, UnitKind::Sfu},
    {Op::Sin, "sin", Shape::Unary, UnitKind::Sfu},
    {Op::Cos, "cos", Shape::Unary, UnitKind::Sfu},
    {Op::Tanh, "tanh", Shape::Unary, UnitKind::Sfu},
    {Op::Copysign, "copysign", Shape::Binary, UnitKind::AddLike},
    {Op::Testp, "testp", Shape::Special, UnitKind::AddLike},
    {Op::Setp, "setp", Shape::Special, UnitKind::AddLike},
    {Op::Set, "set", Shape::Special, UnitKind::AddLike},
    {Op::Selp, "selp", Shape::Special, UnitKind::Alu},
    {Op::Slct, "slct", Shape::Ternary, UnitKind::Alu},
    {Op::Mov, "mov", Shape::Special, UnitKind::Alu},
    {Op::Cvt, "cvt", Shape::Special, UnitKind::Alu},
    {Op::Cvta, "cvta", Shape::Unary, UnitKind::Alu},
    {Op::Ld, "ld", Shape::Special, UnitKind::Load},
    {Op::St, "st", Shape::Special, UnitKind::Store},
    {Op::Atom, "atom", Shape::Special, UnitKind::Load},
    {Op::Red, "red", Shape::Special, UnitKind::Store},
    {Op::Prefetch, "prefetch", Shape::Special, UnitKind::Alu},
    {Op::Membar, "membar", Shape::Special, UnitKind::Alu},
    {Op::Shfl, "shfl", Shape::Special, UnitKind::Alu},
    {Op::Vote, "vote", Shape::Special, UnitKind::Alu},
    {Op::Activemask, "activemask", Shape::Special, UnitKind::Alu},
    {Op::Bar, "bar", Shape::Special, UnitKind::Barrier},
    {Op::BarWarp, "bar.warp", Shape::Special, UnitKind::Alu},
    {Op::Bra, "bra", Shape::Special, UnitKind::Branch},
    {Op::Ret, "ret", Shape::Special, UnitKind::Exit},
    {Op::Exit, "exit", Shape::Special, UnitKind::Exit},
}};

constexpr bool rows_in_enum_order() {
  for (std::size_t i = 0; i < kOpFacts.size(); ++i)
    if (static_cast<std::size_t>(kOpFacts[i].op) != i) return false;
  return true;
}
static_assert(rows_in_enum_order(), "kOpFacts must list every Op in enum order");

}  // namespace

const OpFacts& op_facts(Op op) { return kOpFacts[static_cast<std::size_t>(op)]; }

std::optional<Op> op_from(std::string_view b) {
  for (const OpFacts& f : kOpFacts)
    if (f.name == b) return f.op;  // "bar.warp" never matches: bases have no dot (decode_instr.cpp)
  static constexpr std::array<std::pair<std::string_view, Op>, 4> kAliases{{
      {"ldu", Op::Ld}, {"prefetchu", Op::Prefetch}, {"fence", Op::Membar}, {"barrier", Op::Bar}}};
  return lookup(kAliases, b);
}

std::optional<Type> type_from(std::string_view s) {
  static constexpr std::array<std::pair<std::string_view, Type>, 16> kTypes{{
      {"pred", Type::Pred},
      {"b8", Type::B8},
      {"b16", Type::B16},
      {"b32", Type::B32},
      {"b64", Type::B64},
      {"u8", Type::U8},
      {"u16", Type::U16},
      {"u32", Type::U32},
      {"u64", Type::U64},
      {"s8", Type::S8},
      {"s16", Type::S16},
      {"s32", Type::S32},
      {"s64", Type::S64},
      {"f16", Type::F16},
      {"f32", Type::F32},
      {"f64", Type::F64},
  }};
  return lookup(kTypes, s);
}

std::optional<Cmp> cmp_from(std::string_view s) {
  static constexpr std::array<std::pair<std::string_view, Cmp>, 18> kCmps{{
      {"eq", Cmp::Eq},
      {"ne", Cmp::Ne},
      {"lt", Cmp::Lt},
      {"le", Cmp::Le},
      {"gt", Cmp::Gt},
      {"ge", Cmp::Ge},
      {"lo", Cmp::Lo},
      {"ls", Cmp::Ls},
      {"hi", Cmp::Hi},
      {"hs", Cmp::Hs},
      {"equ", Cmp::Equ},
      {"neu", Cmp::Neu},
      {"ltu", Cmp::Ltu},
      {"leu", Cmp::Leu},
      {"gtu", Cmp::Gtu},
      {"geu", Cmp::Geu},
      {"num", Cmp::Num},
      {"nan", Cmp::Nan},
  }};
  return lookup(kCmps, s);
}

std::optional<Round> round_from(std::string_view s) {
  static constexpr std::array<std::pair<std::string_view, Round>, 8> kRounds{{
      {"rn", Round::Rn},
      {"rz", Round::Rz},
      {"rm", Round::Rm},
      {"rp", Round::Rp},
      {"rni", Round::Rni},
      {"rzi", Round::Rzi},
      {"rmi", Round::Rmi},
      {"rpi", Round::Rpi},
  }};
  return lookup(kRounds, s);
}

std::optional<Space> space_from(std::string_view s) {
  static constexpr std::array<std::pair<std::string_view, Space>, 5> kSpaces{{
      {"global", Space::Global},
      {"shared", Space::Shared},
      {"local", Space::Local},
      {"const", Space::Const},
      {"param", Space::Param},
  }};
  return lookup(kSpaces, s);
}

int type_bytes(Type t) {
  switch (t) {
    case Type::None:
      return 0;
    case Type::Pred:
    case Type::B8:
    case Type::U8:
    case Type::S8:
      return 1;
    case Type::B16:
    case Type::U16:
    case Type::S16:
    case Type::F16:
      return 2;
    case Type::B32:
    case Type::U32:
    case Type::S32:
    case Type::F32:
      return 4;
    case Type::B64:
    case Type::U64:
    case Type::S64:
    case Type::F64:
      return 8;
  }
  return 0;
}

bool is_float(Type t) { return t == Type::F16 || t == Type::F32 || t == Type::F64; }

bool is_signed(Type t) { return t == Type::S8 || t == Type::S16 || t == Type::S32 || t == Type::S64; }

std::uint64_t space_tag(Space s) {
  switch (s) {
    case Space::Local:
      return 1;
    case Space::Const:
      return 2;
    case Space::Param:
      return 3;
    default:
      return 0;
  }
}

}  // namespace rfvar::arch::ptx
