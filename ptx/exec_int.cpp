// Integer, bit-manipulation and predicate-logic instructions.
#include <algorithm>
#include <limits>

#include "ptx/exec.h"

namespace rfvar::arch::ptx {

namespace {
using U64 = std::uint64_t;
__extension__ typedef __int128 I128;
__extension__ typedef unsigned __int128 U128;

template <typename T>
using Wide = std::conditional_t<std::is_signed_v<T>, I128, U128>;

template <typename T, typename F>
void unary(const Instr& in, U64* r, std::uint32_t m, F f) {
  U64* d = slot(r, in.dst[0]);
  const U64* a = slot(r, in.src[0]);
  for_lanes(m, [&](int l) { d[l] = wr(f(rd<T>(a[l]))); });
}

template <typename T, typename F>
void binary(const Instr& in, U64* r, std::uint32_t m, F f) {
  U64* d = slot(r, in.dst[0]);
  const U64* a = slot(r, in.src[0]);
  const U64* b = slot(r, in.src[1]);
  for_lanes(m, [&](int l) { d[l] = wr(f(rd<T>(a[l]), rd<T>(b[l]))); });
}

template <typename T, typename F>
void ternary(const Instr& in, U64* r, std::uint32_t m, F f) {
  U64* d = slot(r, in.dst[0]);
  const U64* a = slot(r, in.src[0]);
  const U64* b = slot(r, in.src[1]);
  const U64* c = slot(r, in.src[2]);
  for_lanes(m, [&](int l) { d[l] = wr(f(rd<T>(a[l]), rd<T>(b[l]), rd<T>(c[l]))); });
}

template <typename T>
T saturate(I128 v) {
  return static_cast<T>(std::clamp<I128>(v, std::numeric_limits<T>::min(), std::numeric_limits<T>::max()));
}

// mul / mad: lo, hi and wide (the result of .wide is twice the width of T).
template <typename T>
void mul_mad(const Instr& in, U64* r, std::uint32_t m, bool mad) {
  using UT = std::make_unsigned_t<T>;
  constexpr int bits = sizeof(T) * 8;
  U64* d = slot(r, in.dst[0]);
  const U64* a = slot(r, in.src[0]);
  const U64* b = slot(r, in.src[1]);
  const U64* c = mad ? slot(r, in.src[2]) : nullptr;
  for_lanes(m, [&](int l) {
    const Wide<T> prod = static_cast<Wide<T>>(rd<T>(a[l])) * static_cast<Wide<T>>(rd<T>(b[l]));
    switch (in.mode) {
      case Mode::Hi: {
        const UT hi = static_cast<UT>(static_cast<U128>(prod) >> bits);
        d[l] = wr(static_cast<UT>(hi + (mad ? static_cast<UT>(c[l]) : UT{0})));
        break;
      }
      case Mode::Wide: {
        const U64 mask = bits >= 32 ? ~U64{0} : (U64{1} << (2 * bits)) - 1;
        U64 v = static_cast<U64>(prod);
        if (mad) v += c[l];
        d[l] = v & mask;
        break;
      }
      default: {
        if (in.sat && mad) {  // mad.lo.sat.s32 (signed only)
          d[l] = wr(saturate<T>(prod + static_cast<I128>(rd<T>(c[l]))));
          break;
        }
        const UT lo = static_cast<UT>(static_cast<U128>(prod));
        d[l] = wr(static_cast<UT>(lo + (mad ? static_cast<UT>(c[l]) : UT{0})));
      }
    }
  });
}

template <typename T>
void int_op(const Instr& in, U64* r, std::uint32_t m) {
  using UT = std::make_unsigned_t<T>;
  constexpr int bits = sizeof(T) * 8;
  switch (in.op) {
    case Op::Add:
      if (in.sat) return binary<T>(in, r, m, [](T a, T b) { return saturate<T>(I128{a} + b); });
      return binary<T>(in, r, m,
                       [](T a, T b) { return static_cast<T>(static_cast<UT>(a) + static_cast<UT>(b)); });
    case Op::Sub:
      if (in.sat) return binary<T>(in, r, m, [](T a, T b) { return saturate<T>(I128{a} - b); });
      return binary<T>(in, r, m,
                       [](T a, T b) { return static_cast<T>(static_cast<UT>(a) - static_cast<UT>(b)); });
    case Op::Mul:
      return mul_mad<T>(in, r, m, false);
    case Op::Mad:
      return mul_mad<T>(in, r, m, true);
    case Op::Mul24:
    case Op::Mad24: {
      const bool mad = in.op == Op::Mad24;
      U64* d = slot(r, in.dst[0]);
      const U64* a = slot(r, in.src[0]);
      const U64* b = slot(r, in.src[1]);
      const U64* c = mad ? slot(r, in.src[2]) : nullptr;
      for_lanes(m, [&](int l) {
        auto s24 = [](U64 v) {
          return static_cast<std::int64_t>(static_cast<std::int32_t>(static_cast<std::uint32_t>(v) << 8) >>
                                           8);
        };
        auto u24 = [](U64 v) { return static_cast<std::int64_t>(v & 0xFFFFFF); };
        const std::int64_t p = std::is_signed_v<T> ? s24(a[l]) * s24(b[l]) : u24(a[l]) * u24(b[l]);
        const U64 v = in.mode == Mode::Hi ? static_cast<U64>(p) >> 16 : static_cast<U64>(p);
        d[l] = static_cast<std::uint32_t>(v + (mad ? c[l] : 0));
      });
      return;
    }
    case Op::Div:
      return binary<T>(in, r, m, [](T a, T b) -> T {
        if (b == 0) return static_cast<T>(~UT{0});
        if (std::is_signed_v<T> && b == T(-1)) return static_cast<T>(UT{0} - static_cast<UT>(a));
        return static_cast<T>(a / b);
      });
    case Op::Rem:
      return binary<T>(in, r, m, [](T a, T b) -> T {
        if (b == 0) return a;
        if (std::is_signed_v<T> && b == T(-1)) return T{0};
        return static_cast<T>(a % b);
      });
    case Op::Abs:
      return unary<T>(in, r, m, [](T a) { return a < 0 ? static_cast<T>(UT{0} - static_cast<UT>(a)) : a; });
    case Op::Neg:
      return unary<T>(in, r, m, [](T a) { return static_cast<T>(UT{0} - static_cast<UT>(a)); });
    case Op::Min:
      return binary<T>(in, r, m, [](T a, T b) { return std::min(a, b); });
    case Op::Max:
      return binary<T>(in, r, m, [](T a, T b) { return std::max(a, b); });
    case Op::And:
      return binary<T>(in, r, m, [](T a, T b) { return static_cast<T>(a & b); });
    case Op::Or:
      return binary<T>(in, r, m, [](T a, T b) { return static_cast<T>(a | b); });
    case Op::Xor:
      return binary<T>(in, r, m, [](T a, T b) { return static_cast<T>(a ^ b); });
    case Op::Not:
      return unary<T>(in, r, m, [](T a) { return static_cast<T>(~a); });
    case Op::Cnot:
      return unary<T>(in, r, m, [](T a) { return static_cast<T>(a == 0 ? 1 : 0); });
    case Op::Shl: {
      U64* d = slot(r, in.dst[0]);
      const U64* a = slot(r, in.src[0]);
      const U64* b = slot(r, in.src[1]);
      for_lanes(m, [&](int l) {
        const std::uint32_t s = static_cast<std::uint32_t>(b[l]);
        d[l] = wr(s >= bits ? T{0} : static_cast<T>(static_cast<UT>(rd<T>(a[l])) << s));
      });
      return;
    }
    case Op::Shr: {
      U64* d = slot(r, in.dst[0]);
      const U64* a = slot(r, in.src[0]);
      const U64* b = slot(r, in.src[1]);
      for_lanes(m, [&](int l) {
        const std::uint32_t s = static_cast<std::uint32_t>(b[l]);
        const T v = rd<T>(a[l]);
        if constexpr (std::is_signed_v<T>)
          d[l] = wr(static_cast<T>(v >> std::min<std::uint32_t>(s, bits - 1)));
        else
          d[l] = wr(s >= bits ? T{0} : static_cast<T>(v >> s));
      });
      return;
    }
    case Op::Popc:
      return unary<T>(in, r, m,
                      [](T a) { return static_cast<std::uint32_t>(std::popcount(static_cast<UT>(a))); });
    case Op::Clz:
      return unary<T>(in, r, m,
                      [](T a) { return static_cast<std::uint32_t>(std::countl_zero(static_cast<UT>(a))); });
    case Op::Brev:
      return unary<T>(in, r, m, [](T a) {
        UT v = static_cast<UT>(a), o = 0;
        for (int i = 0; i < bits; ++i, v >>= 1) o = static_cast<UT>((o << 1) | (v & 1));
        return static_cast<T>(o);
      });
    case Op::Bfe: {  // bfe d, a, pos, len (pos, len: u32 values)
      U64* d = slot(r, in.dst[0]);
      const U64* a = slot(r, in.src[0]);
      const U64* b = slot(r, in.src[1]);
      const U64* c = slot(r, in.src[2]);
      for_lanes(m, [&](int l) {
        const std::uint32_t pos = static_cast<std::uint8_t>(b[l]), len = static_cast<std::uint8_t>(c[l]);
        const UT v = static_cast<UT>(rd<T>(a[l]));
        bool sbit = false;
        if constexpr (std::is_signed_v<T>)
          sbit = len == 0 ? false : ((v >> std::min<std::uint32_t>(pos + len - 1, bits - 1)) & 1) != 0;
        UT out = 0;
        for (std::uint32_t i = 0; i < static_cast<std::uint32_t>(bits); ++i) {
          const bool bit =
              i < len && pos + i < static_cast<std::uint32_t>(bits) ? ((v >> (pos + i)) & 1) != 0 : sbit;
          out = static_cast<UT>(out | (static_cast<UT>(bit) << i));
        }
        d[l] = wr(static_cast<T>(out));
      });
      return;
    }
    case Op::Bfi: {  // bfi d, f, b, pos, len: insert f's low len bits into b at pos
      U64* d = slot(r, in.dst[0]);
      const U64 *f = slot(r, in.src[0]), *b = slot(r, in.src[1]), *pp = slot(r, in.src[2]),
                *ll = slot(r, in.src[3]);
      for_lanes(m, [&](int l) {
        const std::uint32_t pos = static_cast<std::uint8_t>(pp[l]), len = static_cast<std::uint8_t>(ll[l]);
        UT out = static_cast<UT>(b[l]);
        for (std::uint32_t i = 0; i < len && pos + i < static_cast<std::uint32_t>(bits); ++i) {
          const UT bit = static_cast<UT>((static_cast<UT>(f[l]) >> i) & 1);
          out = static_cast<UT>((out & ~(UT{1} << (pos + i))) | (bit << (pos + i)));
        }
        d[l] = wr(out);
      });
      return;
    }
    case Op::Prmt: {  // default mode: bytes of {b, a} picked by the selector nibbles of c
      U64* d = slot(r, in.dst[0]);
      const U64 *a = slot(r, in.src[0]), *b = slot(r, in.src[1]), *c = slot(r, in.src[2]);
      for_lanes(m, [&](int l) {
        const U64 src =
            (static_cast<U64>(static_cast<std::uint32_t>(b[l])) << 32) | static_cast<std::uint32_t>(a[l]);
        std::uint32_t out = 0;
        for (int i = 0; i < 4; ++i) {
          const std::uint32_t sel = (static_cast<std::uint32_t>(c[l]) >> (4 * i)) & 0xF;
          std::uint32_t byte = static_cast<std::uint32_t>(src >> (8 * (sel & 7))) & 0xFF;
          if (sel & 8) byte = (byte & 0x80) ? 0xFF : 0;
          out |= byte << (8 * i);
        }
        d[l] = out;
      });
      return;
    }
    case Op::Shf: {  // funnel shift of the 64-bit {b, a} by c (wrap: c mod 32, clamp: min(c, 32))
      U64* d = slot(r, in.dst[0]);
      const U64 *a = slot(r, in.src[0]), *b = slot(r, in.src[1]), *c = slot(r, in.src[2]);
      for_lanes(m, [&](int l) {
        const std::uint32_t cv = static_cast<std::uint32_t>(c[l]);
        const std::uint32_t n = in.sat ? std::min<std::uint32_t>(cv, 32) : cv & 31;
        const U64 v =
            (static_cast<U64>(static_cast<std::uint32_t>(b[l])) << 32) | static_cast<std::uint32_t>(a[l]);
        d[l] = in.mode == Mode::Left ? static_cast<std::uint32_t>((v << n) >> 32)
                                     : static_cast<std::uint32_t>(v >> n);
      });
      return;
    }
    case Op::Bfind:  // position of the most significant non-sign bit, 0xFFFFFFFF if none
      return unary<T>(in, r, m, [&](T a) -> std::uint32_t {
        UT v = static_cast<UT>(a);
        if constexpr (std::is_signed_v<T>) {
          if (a < 0) v = static_cast<UT>(~v);
        }
        if (v == 0) return 0xFFFFFFFFu;
        const std::uint32_t pos = static_cast<std::uint32_t>(bits - 1 - std::countl_zero(v));
        return in.mode == Mode::ShiftAmt ? static_cast<std::uint32_t>(bits - 1) - pos : pos;
      });
    case Op::Sad:
      return ternary<T>(in, r, m, [](T a, T b, T c) {
        return static_cast<T>(static_cast<UT>(c) +
                              static_cast<UT>(a > b ? static_cast<UT>(a) - static_cast<UT>(b)
                                                    : static_cast<UT>(b) - static_cast<UT>(a)));
      });
    default:
      throw std::logic_error("ptx: exec_int cannot run opcode " + std::to_string(static_cast<int>(in.op)));
  }
}

void pred_op(const Instr& in, std::uint32_t* p, std::uint32_t m) {
  const std::uint32_t a = p[in.src[0]];
  const std::uint32_t b = in.nsrc > 1 ? p[in.src[1]] : 0;
  std::uint32_t v = 0;
  switch (in.op) {
    case Op::And:
      v = a & b;
      break;
    case Op::Or:
      v = a | b;
      break;
    case Op::Xor:
      v = a ^ b;
      break;
    case Op::Not:
      v = ~a;
      break;
    case Op::Mov:
      v = a;
      break;
    default:
      throw std::logic_error("ptx: unsupported predicate opcode");
  }
  p[in.dst[0]] = (p[in.dst[0]] & ~m) | (v & m);
}
}  // namespace

void exec_int(const Instr& in, U64* r, std::uint32_t* p, std::uint32_t m) {
  if (in.type == Type::Pred) return pred_op(in, p, m);
  with_int_type(in.type, [&](auto t) { int_op<decltype(t)>(in, r, m); });
}

}  // namespace rfvar::arch::ptx
