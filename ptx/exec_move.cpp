// mov (with vector pack / unpack), cvt, setp, set, selp and slct.
#include <cmath>
#include <limits>

#include "ptx/exec.h"

namespace rfvar::arch::ptx {

namespace {
using U64 = std::uint64_t;
__extension__ typedef __int128 I128;

template <typename T>
T round_float(T v, Round rnd) {
  switch (rnd) {
    case Round::Rni:
    case Round::Rn:
      return std::nearbyint(v);
    case Round::Rmi:
    case Round::Rm:
      return std::floor(v);
    case Round::Rpi:
    case Round::Rp:
      return std::ceil(v);
    default:
      return std::trunc(v);
  }
}

template <typename D, typename S>
D convert(S v, Round rnd, bool sat) {
  if constexpr (std::is_floating_point_v<D> && std::is_floating_point_v<S>) {
    D out = rnd == Round::Rz || rnd == Round::Rm || rnd == Round::Rp
                ? round_directed<D>(static_cast<long double>(v), rnd)
                : static_cast<D>(v);
    if (rnd == Round::Rni || rnd == Round::Rzi || rnd == Round::Rmi || rnd == Round::Rpi)
      out = round_float(out, rnd);
    if (sat) out = std::isnan(out) ? D{0} : std::fmin(std::fmax(out, D{0}), D{1});
    return out;
  } else if constexpr (std::is_floating_point_v<D>) {
    D out = rnd == Round::Rz || rnd == Round::Rm || rnd == Round::Rp
                ? round_directed<D>(static_cast<long double>(v), rnd)
                : static_cast<D>(v);
    if (sat) out = std::fmin(std::fmax(out, D{0}), D{1});
    return out;
  } else if constexpr (std::is_floating_point_v<S>) {  // float -> integer saturates (PTX ISA cvt)
    if (std::isnan(v)) return D{0};
    const S f = round_float(v, rnd);
    if (f <= static_cast<S>(std::numeric_limits<D>::min())) return std::numeric_limits<D>::min();
    if (f >= static_cast<S>(std::numeric_limits<D>::max())) return std::numeric_limits<D>::max();
    return static_cast<D>(f);
  } else {
    if (sat) {
      const I128 w = static_cast<I128>(v);
      if (w < static_cast<I128>(std::numeric_limits<D>::min())) return std::numeric_limits<D>::min();
      if (w > static_cast<I128>(std::numeric_limits<D>::max())) return std::numeric_limits<D>::max();
    }
    return static_cast<D>(v);
  }
}

template <typename T>
bool compare(T a, T b, Cmp c) {
  if constexpr (std::is_floating_point_v<T>) {
    const bool nan = std::isnan(a) || std::isnan(b);
    switch (c) {
      case Cmp::Eq:
        return !nan && a == b;
      case Cmp::Ne:
        return !nan && a != b;
      case Cmp::Lt:
        return !nan && a < b;
      case Cmp::Le:
        return !nan && a <= b;
      case Cmp::Gt:
        return !nan && a > b;
      case Cmp::Ge:
        return !nan && a >= b;
      case Cmp::Equ:
        return nan || a == b;
      case Cmp::Neu:
        return nan || a != b;
      case Cmp::Ltu:
        return nan || a < b;
      case Cmp::Leu:
        return nan || a <= b;
      case Cmp::Gtu:
        return nan || a > b;
      case Cmp::Geu:
        return nan || a >= b;
      case Cmp::Num:
        return !nan;
      case Cmp::Nan:
        return nan;
      default:
        throw std::logic_error("ptx: integer comparison on a float type");
    }
  } else {
    using UT = std::make_unsigned_t<T>;
    const UT ua = static_cast<UT>(a), ub = static_cast<UT>(b);
    switch (c) {
      case Cmp::Eq:
        return a == b;
      case Cmp::Ne:
        return a != b;
      case Cmp::Lt:
        return a < b;
      case Cmp::Le:
        return a <= b;
      case Cmp::Gt:
        return a > b;
      case Cmp::Ge:
        return a >= b;
      case Cmp::Lo:
        return ua < ub;
      case Cmp::Ls:
        return ua <= ub;
      case Cmp::Hi:
        return ua > ub;
      case Cmp::Hs:
        return ua >= ub;
      default:
        throw std::logic_error("ptx: float comparison on an integer type");
    }
  }
}

// The comparison bits of lanes m, combined with the predicate source of setp/set .and/.or/.xor.
std::uint32_t compare_lanes(const Instr& in, const U64* r, const std::uint32_t* p, std::uint32_t m, Type t,
                            std::uint32_t* combined_not) {
  std::uint32_t v = 0;
  with_type(t, [&](auto ty) {
    using T = decltype(ty);
    const U64* a = r + static_cast<std::ptrdiff_t>(in.src[0]) * 32;
    const U64* b = r + static_cast<std::ptrdiff_t>(in.src[1]) * 32;
    const Cmp c = in.cmp;
    for_lanes(m, [&](int l) { v |= static_cast<std::uint32_t>(compare(rd<T>(a[l]), rd<T>(b[l]), c)) << l; });
  });
  std::uint32_t nv = ~v & m;
  if (in.boolop != BoolOp::None) {
    const std::uint32_t c = in.negate_src ? ~p[in.src[2]] : p[in.src[2]];
    switch (in.boolop) {
      case BoolOp::And:
        v &= c, nv &= c;
        break;
      case BoolOp::Or:
        v |= c, nv |= c;
        break;
      default:
        v ^= c, nv ^= c;
        break;
    }
  }
  *combined_not = nv & m;
  return v & m;
}

void mov(const Instr& in, U64* r, std::uint32_t m) {
  const int width = type_bytes(in.type) * 8;
  if (in.mode == Mode::Pack || in.mode == Mode::Unpack) {
    const int w = width / in.vec;
    const U64 emask = w >= 64 ? ~U64{0} : (U64{1} << w) - 1;
    if (in.mode == Mode::Pack) {
      U64* d = slot(r, in.dst[0]);
      for_lanes(m, [&](int l) {
        U64 v = 0;
        for (int k = 0; k < in.vec; ++k) v |= (slot(r, in.src[k])[l] & emask) << (k * w);
        d[l] = v;
      });
    } else {
      const U64* a = slot(r, in.src[0]);
      for_lanes(m, [&](int l) {
        const U64 v = a[l];
        for (int k = 0; k < in.vec; ++k) slot(r, in.dst[k])[l] = (v >> (k * w)) & emask;
      });
    }
    return;
  }
  const U64 mask = width >= 64 ? ~U64{0} : (U64{1} << width) - 1;
  U64* d = slot(r, in.dst[0]);
  const U64* a = slot(r, in.src[0]);
  for_lanes(m, [&](int l) { d[l] = a[l] & mask; });
}
}  // namespace

void exec_move(const Instr& in, U64* r, std::uint32_t* p, std::uint32_t m) {
  switch (in.op) {
    case Op::Mov:
      if (in.type == Type::Pred) {
        p[in.dst[0]] = (p[in.dst[0]] & ~m) | (p[in.src[0]] & m);
        return;
      }
      return mov(in, r, m);
    case Op::Cvt: {
      U64* d = slot(r, in.dst[0]);
      const U64* a = slot(r, in.src[0]);
      with_type(in.type, [&](auto dt) {
        with_type(in.type2, [&](auto st) {
          using D = decltype(dt);
          using S = decltype(st);
          const Round rnd = in.rnd;
          const bool sat = in.sat;
          for_lanes(m, [&](int l) { d[l] = wr<D>(convert<D, S>(rd<S>(a[l]), rnd, sat)); });
        });
      });
      return;
    }
    case Op::Setp: {
      std::uint32_t nv = 0;
      const std::uint32_t v = compare_lanes(in, r, p, m, in.type, &nv);
      p[in.dst[0]] = (p[in.dst[0]] & ~m) | v;
      if (in.ndst > 1) p[in.dst[1]] = (p[in.dst[1]] & ~m) | nv;
      return;
    }
    case Op::Set: {
      std::uint32_t nv = 0;
      const Type ct = in.type2 != Type::None ? in.type2 : in.type;
      const std::uint32_t v = compare_lanes(in, r, p, m, ct, &nv);
      const U64 one = in.type == Type::F32 ? 0x3F800000u : 0xFFFFFFFFu;
      U64* d = slot(r, in.dst[0]);
      for_lanes(m, [&](int l) { d[l] = (v >> l) & 1 ? one : 0; });
      return;
    }
    case Op::Selp: {
      const int width = type_bytes(in.type) * 8;
      const U64 mask = width >= 64 ? ~U64{0} : (U64{1} << width) - 1;
      U64* d = slot(r, in.dst[0]);
      const U64 *a = slot(r, in.src[0]), *b = slot(r, in.src[1]);
      const std::uint32_t c = in.negate_src ? ~p[in.src[2]] : p[in.src[2]];
      for_lanes(m, [&](int l) { d[l] = ((c >> l) & 1 ? a[l] : b[l]) & mask; });
      return;
    }
    case Op::Slct: {
      const int width = type_bytes(in.type) * 8;
      const U64 mask = width >= 64 ? ~U64{0} : (U64{1} << width) - 1;
      U64* d = slot(r, in.dst[0]);
      const U64 *a = slot(r, in.src[0]), *b = slot(r, in.src[1]), *c = slot(r, in.src[2]);
      const bool fc = in.type2 == Type::F32;
      for_lanes(m, [&](int l) {
        const bool ge = fc ? rd<float>(c[l]) >= 0.0f : rd<std::int32_t>(c[l]) >= 0;
        d[l] = (ge ? a[l] : b[l]) & mask;
      });
      return;
    }
    default:
      throw std::logic_error("ptx: exec_move cannot run opcode " + std::to_string(static_cast<int>(in.op)));
  }
}

}  // namespace rfvar::arch::ptx
