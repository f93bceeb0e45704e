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
}  // namespace

std::optional<Op> op_from(std::string_view b) {
  static constexpr std::array<std::pair<std::string_view, Op>, 63> kOps{{
      {"add", Op::Add},
      {"sub", Op::Sub},
      {"mul", Op::Mul},
      {"mad", Op::Mad},
      {"mul24", Op::Mul24},
      {"mad24", Op::Mad24},
      {"div", Op::Div},
      {"rem", Op::Rem},
      {"abs", Op::Abs},
      {"neg", Op::Neg},
      {"min", Op::Min},
      {"max", Op::Max},
      {"and", Op::And},
      {"or", Op::Or},
      {"xor", Op::Xor},
      {"not", Op::Not},
      {"cnot", Op::Cnot},
      {"shl", Op::Shl},
      {"shr", Op::Shr},
      {"popc", Op::Popc},
      {"clz", Op::Clz},
      {"brev", Op::Brev},
      {"bfe", Op::Bfe},
      {"bfi", Op::Bfi},
      {"prmt", Op::Prmt},
      {"sad", Op::Sad},
      {"fma", Op::Fma},
      {"rcp", Op::Rcp},
      {"sqrt", Op::Sqrt},
      {"rsqrt", Op::Rsqrt},
      {"ex2", Op::Ex2},
      {"lg2", Op::Lg2},
      {"sin", Op::Sin},
      {"cos", Op::Cos},
      {"tanh", Op::Tanh},
      {"copysign", Op::Copysign},
      {"testp", Op::Testp},
      {"setp", Op::Setp},
      {"set", Op::Set},
      {"selp", Op::Selp},
      {"slct", Op::Slct},
      {"mov", Op::Mov},
      {"cvt", Op::Cvt},
      {"cvta", Op::Cvta},
      {"ld", Op::Ld},
      {"ldu", Op::Ld},
      {"st", Op::St},
      {"atom", Op::Atom},
      {"red", Op::Red},
      {"prefetch", Op::Prefetch},
      {"prefetchu", Op::Prefetch},
      {"membar", Op::Membar},
      {"fence", Op::Membar},
      {"shfl", Op::Shfl},
      {"vote", Op::Vote},
      {"activemask", Op::Activemask},
      {"bar", Op::Bar},
      {"barrier", Op::Bar},
      {"bra", Op::Bra},
      {"ret", Op::Ret},
      {"exit", Op::Exit},
      {"shf", Op::Shf},
      {"bfind", Op::Bfind},
  }};
  return lookup(kOps, b);
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
