// f32 / f64 arithmetic, special functions and testp. Directed rounding (.rz .rm .rp) of add sub
// mul fma div sqrt rcp: the result computed in long double, rounded to T toward the mode (exact for
// f32 add / mul / fma up to the long double rounding of the sum); .ftz is ignored.
#include <algorithm>
#include <cmath>
#include <limits>

#include "ptx/exec.h"

namespace rfvar::arch::ptx {

namespace {
using U64 = std::uint64_t;

template <typename T>
T sat01(T v, bool sat) {
  if (!sat) return v;
  if (std::isnan(v)) return T{0};
  return std::clamp(v, T{0}, T{1});
}

template <typename T, typename F>
void unary(const Instr& in, U64* r, std::uint32_t m, F f) {
  U64* d = slot(r, in.dst[0]);
  const U64* a = slot(r, in.src[0]);
  const bool sat = in.sat;
  for_lanes(m, [&](int l) { d[l] = wr<T>(sat01<T>(f(rd<T>(a[l])), sat)); });
}

template <typename T, typename F>
void binary(const Instr& in, U64* r, std::uint32_t m, F f) {
  U64* d = slot(r, in.dst[0]);
  const U64* a = slot(r, in.src[0]);
  const U64* b = slot(r, in.src[1]);
  const bool sat = in.sat;
  for_lanes(m, [&](int l) { d[l] = wr<T>(sat01<T>(f(rd<T>(a[l]), rd<T>(b[l])), sat)); });
}

}  // namespace

template <typename T>
T round_directed(long double e, Round rnd) {
  T f = static_cast<T>(e);
  if (std::isnan(f) || std::isinf(f)) return f;
  switch (rnd) {
    case Round::Rm:
    case Round::Rmi:
      if (static_cast<long double>(f) > e) f = std::nextafter(f, -std::numeric_limits<T>::infinity());
      break;
    case Round::Rp:
    case Round::Rpi:
      if (static_cast<long double>(f) < e) f = std::nextafter(f, std::numeric_limits<T>::infinity());
      break;
    case Round::Rz:
    case Round::Rzi:
      if (std::fabs(static_cast<long double>(f)) > std::fabs(e)) f = std::nextafter(f, T{0});
      break;
    default:
      break;
  }
  return f;
}
template float round_directed<float>(long double, Round);
template double round_directed<double>(long double, Round);

namespace {
bool directed(Round r) { return r == Round::Rz || r == Round::Rm || r == Round::Rp; }

// add sub mul fma div sqrt rcp with .rz / .rm / .rp.
template <typename T>
void directed_op(const Instr& in, U64* r, std::uint32_t m) {
  using L = long double;
  const Round rnd = in.rnd;
  switch (in.op) {
    case Op::Add:
      return binary<T>(in, r, m, [rnd](T a, T b) { return round_directed<T>(L(a) + L(b), rnd); });
    case Op::Sub:
      return binary<T>(in, r, m, [rnd](T a, T b) { return round_directed<T>(L(a) - L(b), rnd); });
    case Op::Mul:
      return binary<T>(in, r, m, [rnd](T a, T b) { return round_directed<T>(L(a) * L(b), rnd); });
    case Op::Div:
      return binary<T>(in, r, m, [rnd](T a, T b) { return round_directed<T>(L(a) / L(b), rnd); });
    case Op::Sqrt:
      return unary<T>(in, r, m, [rnd](T a) { return round_directed<T>(std::sqrt(L(a)), rnd); });
    case Op::Rcp:
      return unary<T>(in, r, m, [rnd](T a) { return round_directed<T>(L(1) / L(a), rnd); });
    case Op::Fma:
    case Op::Mad: {
      U64* d = slot(r, in.dst[0]);
      const U64 *a = slot(r, in.src[0]), *b = slot(r, in.src[1]), *c = slot(r, in.src[2]);
      for_lanes(m, [&](int l) {
        d[l] = wr<T>(sat01<T>(
            round_directed<T>(std::fma(L(rd<T>(a[l])), L(rd<T>(b[l])), L(rd<T>(c[l]))), rnd), in.sat));
      });
      return;
    }
    default:
      throw std::logic_error("ptx: directed rounding on opcode " + std::to_string(static_cast<int>(in.op)));
  }
}

template <typename T>
bool classify(T v, Mode mode) {
  switch (mode) {
    case Mode::Finite:
      return std::isfinite(v);
    case Mode::Infinite:
      return std::isinf(v);
    case Mode::Number:
      return !std::isnan(v);
    case Mode::NotANumber:
      return std::isnan(v);
    case Mode::Normal:
      return std::isnormal(v);
    case Mode::Subnormal:
      return std::fpclassify(v) == FP_SUBNORMAL;
    default:
      throw std::logic_error("ptx: testp without a class");
  }
}

template <typename T>
void float_op(const Instr& in, U64* r, std::uint32_t* p, std::uint32_t m) {
  if (directed(in.rnd)) return directed_op<T>(in, r, m);
  switch (in.op) {
    case Op::Add:
      return binary<T>(in, r, m, [](T a, T b) { return a + b; });
    case Op::Sub:
      return binary<T>(in, r, m, [](T a, T b) { return a - b; });
    case Op::Mul:
      return binary<T>(in, r, m, [](T a, T b) { return a * b; });
    case Op::Div:
      return binary<T>(in, r, m, [](T a, T b) { return a / b; });
    case Op::Min:
      return binary<T>(in, r, m, [](T a, T b) { return std::fmin(a, b); });
    case Op::Max:
      return binary<T>(in, r, m, [](T a, T b) { return std::fmax(a, b); });
    case Op::Copysign:
      return binary<T>(in, r, m, [](T a, T b) { return std::copysign(b, a); });
    case Op::Fma:
    case Op::Mad: {
      U64* d = slot(r, in.dst[0]);
      const U64 *a = slot(r, in.src[0]), *b = slot(r, in.src[1]), *c = slot(r, in.src[2]);
      const bool sat = in.sat;
      for_lanes(m,
                [&](int l) { d[l] = wr<T>(sat01<T>(std::fma(rd<T>(a[l]), rd<T>(b[l]), rd<T>(c[l])), sat)); });
      return;
    }
    case Op::Abs:
      return unary<T>(in, r, m, [](T a) { return std::fabs(a); });
    case Op::Neg:
      return unary<T>(in, r, m, [](T a) { return -a; });
    case Op::Rcp:
      return unary<T>(in, r, m, [](T a) { return T{1} / a; });
    case Op::Sqrt:
      return unary<T>(in, r, m, [](T a) { return std::sqrt(a); });
    case Op::Rsqrt:
      return unary<T>(in, r, m, [](T a) { return T{1} / std::sqrt(a); });
    case Op::Ex2:
      return unary<T>(in, r, m, [](T a) { return std::exp2(a); });
    case Op::Lg2:
      return unary<T>(in, r, m, [](T a) { return std::log2(a); });
    case Op::Sin:
      return unary<T>(in, r, m, [](T a) { return std::sin(a); });
    case Op::Cos:
      return unary<T>(in, r, m, [](T a) { return std::cos(a); });
    case Op::Tanh:
      return unary<T>(in, r, m, [](T a) { return std::tanh(a); });
    case Op::Testp: {
      const U64* a = slot(r, in.src[0]);
      std::uint32_t v = 0;
      for_lanes(m, [&](int l) { v |= static_cast<std::uint32_t>(classify(rd<T>(a[l]), in.mode)) << l; });
      p[in.dst[0]] = (p[in.dst[0]] & ~m) | v;
      return;
    }
    default:
      throw std::logic_error("ptx: exec_float cannot run opcode " + std::to_string(static_cast<int>(in.op)));
  }
}
}  // namespace

void exec_float(const Instr& in, U64* r, std::uint32_t* p, std::uint32_t m) {
  with_float_type(in.type, [&](auto t) { float_op<decltype(t)>(in, r, p, m); });
}

}  // namespace rfvar::arch::ptx
