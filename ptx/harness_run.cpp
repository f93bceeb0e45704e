// Running a harness: buffers, their initialization, parameter packing and the launch sequence.
#include <cmath>
#include <cstdint>
#include <cstring>

#include "ptx/harness.h"
#include "ptx/parser.h"
#include "common/config.h"
#include "common/rng.h"

namespace rfvar::arch::ptx {

namespace {
// Stores `v` (an integer if `iv`, else the double `dv`) as element k of a buffer of type t.
void store(unsigned char* p, Type t, std::int64_t iv, double dv, bool is_int) {
  const int n = type_bytes(t);
  if (t == Type::F32) {
    const float f = is_int ? static_cast<float>(iv) : static_cast<float>(dv);
    std::memcpy(p, &f, 4);
  } else if (t == Type::F64) {
    const double d = is_int ? static_cast<double>(iv) : dv;
    std::memcpy(p, &d, 8);
  } else {
    const std::int64_t v = is_int ? iv : static_cast<std::int64_t>(std::llround(dv));
    std::memcpy(p, &v, static_cast<std::size_t>(n));  // little-endian truncation
  }
}

// A double clamped into the int64 range (harness bounds of 64-bit buffers).
std::int64_t to_int64(double v) {
  if (v <= -9.2233720368547758e18) return INT64_MIN;
  if (v >= 9.2233720368547758e18) return INT64_MAX;
  return static_cast<std::int64_t>(v);
}

bool nonzero(const unsigned char* p, Type t) {
  std::uint64_t v = 0;
  std::memcpy(&v, p, static_cast<std::size_t>(type_bytes(t)));
  if (t == Type::F32) return std::bit_cast<float>(static_cast<std::uint32_t>(v)) != 0.0f;
  if (t == Type::F64) return std::bit_cast<double>(v) != 0.0;
  return v != 0;
}

void init_buffer(const BufferSpec& b, unsigned char* p, std::uint64_t seed, std::uint32_t index) {
  const int n = type_bytes(b.type);
  RngStream rng(seed, 0, Stream::Harness, index);
  const bool fl = is_float(b.type);
  for (std::uint64_t k = 0; k < b.count; ++k) {
    unsigned char* e = p + k * static_cast<std::uint64_t>(n);
    switch (b.init) {
      case BufferSpec::Init::Zero:
        return;
      case BufferSpec::Init::Const:
        store(e, b.type, 0, b.value, false);
        break;
      case BufferSpec::Init::Iota:
        store(e, b.type, 0, b.start + static_cast<double>(k) * b.step, false);
        break;
      case BufferSpec::Init::Uniform:
        if (fl) {
          store(e, b.type, 0, b.min + (b.max - b.min) * rng.uniform(), false);
        } else {
          const std::int64_t lo = to_int64(b.min), hi = to_int64(b.max);
          const std::uint64_t range = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo) + 1;
          const std::uint64_t r = range == 0               ? rng.next_u64()  // the whole 64-bit range
                                  : range <= 0xFFFFFFFFull ? rng.below(static_cast<std::uint32_t>(range))
                                                           : rng.next_u64() % range;
          store(e, b.type, static_cast<std::int64_t>(static_cast<std::uint64_t>(lo) + r), 0.0, true);
        }
        break;
    }
  }
}

class Runner {
 public:
  Runner(const Harness& h, const RunOptions& opt) : h_(h), opt_(opt) {}

  HarnessRun run() {
    check_limits();
    out_.program = load_ptx(h_.ptx, opt_.max_input_bytes);
    load_module(out_.program, mem_);
    for (std::size_t k = 0; k < h_.buffers.size(); ++k) {
      const BufferSpec& b = h_.buffers[k];
      const std::uint64_t bytes = b.count * static_cast<std::uint64_t>(type_bytes(b.type));
      const std::uint64_t addr = mem_.allocate(bytes);
      out_.addresses[b.name] = addr;
      init_buffer(b, mem_.at(addr, bytes), opt_.seed, static_cast<std::uint32_t>(k));
    }
    out_.initial = snapshot();
    for (std::size_t s = 0; s < h_.steps.size(); ++s) step(s);
    out_.final = snapshot();
    return std::move(out_);
  }

 private:
  [[noreturn]] void fail(const std::string& key, const std::string& what) const {
    throw InputError(h_.file + ": " + key + ": " + what);
  }

  // Every limit that the harness file alone decides, before any work (common/limits.h).
  void check_limits() const {
    std::uint64_t bytes = 0;
    for (const BufferSpec& b : h_.buffers) {
      const std::uint64_t tb = static_cast<std::uint64_t>(type_bytes(b.type));
      if (b.count > opt_.max_device_bytes / tb || bytes + b.count * tb > opt_.max_device_bytes)
        Limits::exceeded(h_.file + ": buffer '" + b.name + "': device bytes of the buffers", "max_device_mib",
                         static_cast<double>(bytes) + static_cast<double>(b.count) * static_cast<double>(tb),
                         static_cast<double>(opt_.max_device_bytes));
      bytes += b.count * tb;
    }
    for (std::size_t s = 0; s < h_.steps.size(); ++s) {
      const StepSpec& st = h_.steps[s];
      if (!st.while_nonzero.empty() && st.max_passes > opt_.max_loop_passes)
        Limits::exceeded(h_.file + ": step " + std::to_string(s + 1) + " max_passes", "max_loop_passes",
                         static_cast<double>(st.max_passes), static_cast<double>(opt_.max_loop_passes));
      for (const LaunchSpec& l : st.launches)
        if (l.repeat > opt_.max_loop_passes)
          Limits::exceeded(h_.file + ": " + l.where + " repeat", "max_loop_passes", static_cast<double>(l.repeat),
                           static_cast<double>(opt_.max_loop_passes));
    }
  }

  std::int64_t eval(const Expr& e, std::int64_t i, const std::string& key) const {
    std::int64_t v = 0;
    if (!e.at_checked(i, v)) fail(key, "the expression overflows 64 bits at i = " + std::to_string(i));
    return v;
  }

  BufferBytes snapshot() const {
    BufferBytes b;
    for (const BufferSpec& s : h_.buffers) {
      const std::uint64_t bytes = s.count * static_cast<std::uint64_t>(type_bytes(s.type));
      const unsigned char* p = mem_.at(out_.addresses.at(s.name), bytes);
      b[s.name].assign(p, p + bytes);
    }
    return b;
  }

  const BufferSpec& buffer(const std::string& name) const {
    for (const BufferSpec& b : h_.buffers)
      if (b.name == name) return b;
    throw std::logic_error("ptx harness: unknown buffer " + name);
  }

  void step(std::size_t s) {
    const StepSpec& st = h_.steps[s];
    if (st.while_nonzero.empty()) {
      launch(st.launches[0], s);
      return;
    }
    const BufferSpec& flag = buffer(st.while_nonzero);
    unsigned char* p =
        mem_.at(out_.addresses.at(flag.name), static_cast<std::uint64_t>(type_bytes(flag.type)));
    for (std::int64_t pass = 0;; ++pass) {
      if (pass >= st.max_passes)
        fail("step " + std::to_string(s + 1) + " max_passes",
             "'" + flag.name + "' still nonzero after " + std::to_string(st.max_passes) + " passes");
      store(p, flag.type, st.reset, 0.0, true);
      for (const LaunchSpec& l : st.launches) launch(l, s);
      if (!nonzero(p, flag.type)) break;
    }
  }

  std::uint32_t dim(const Expr& e, std::int64_t i, const std::string& key) const {
    const std::int64_t v = eval(e, i, key);
    if (v < 1 || v > 0x7FFFFFFF)
      fail(key, "evaluates to " + std::to_string(v) + " (>= 1 expected) at i = " + std::to_string(i));
    return static_cast<std::uint32_t>(v);
  }

  void launch(const LaunchSpec& l, std::size_t s) {
    const Entry* e = out_.program.find(l.kernel);
    if (!e) fail(l.where + " kernel", "no .entry '" + l.kernel + "' in " + h_.ptx.filename().string());
    if (l.args.size() != e->params.size())
      fail(l.where + " args", std::to_string(l.args.size()) + " values, '" + l.kernel + "' takes " +
                                  std::to_string(e->params.size()) + " parameters");
    for (std::int64_t i = 0; i < l.repeat; ++i) {
      LaunchShape shape;
      for (int d = 0; d < 3; ++d) {
        shape.grid[static_cast<std::size_t>(d)] =
            dim(l.grid[static_cast<std::size_t>(d)], i, l.where + " grid");
        shape.block[static_cast<std::size_t>(d)] =
            dim(l.block[static_cast<std::size_t>(d)], i, l.where + " block");
      }
      const std::int64_t dyn = eval(l.dynamic_shared_bytes, i, l.where + " dynamic_shared_bytes");
      if (dyn < 0 || dyn > 0xFFFFFFFF)
        fail(l.where + " dynamic_shared_bytes", "evaluates to " + std::to_string(dyn) + " (0 .. 4294967295 expected)");
      shape.dynamic_shared_bytes = static_cast<std::uint32_t>(dyn);
      const std::vector<unsigned char> params = pack(l, *e, i);
      LaunchStats stats;
      LaunchTrace t = run_launch(out_.program, *e, shape, params, mem_, opt_.trace, &stats);
      t.launch = static_cast<std::int32_t>(out_.traces.size());
      out_.traces.push_back(std::move(t));
      out_.launches.push_back({l.kernel, shape, s, stats.warp_instructions});
      out_.warp_instructions += stats.warp_instructions;
    }
  }

  std::vector<unsigned char> pack(const LaunchSpec& l, const Entry& e, std::int64_t i) const {
    std::vector<unsigned char> out(static_cast<std::size_t>(e.param_bytes), 0);
    for (std::size_t k = 0; k < l.args.size(); ++k) {
      const Param& p = e.params[k];
      const std::string key = l.where + " args[" + std::to_string(k) + "]";
      unsigned char* at = out.data() + p.offset;
      if (const auto* b = std::get_if<BufferArg>(&l.args[k])) {
        if (p.bytes != 8)
          fail(key, "buffer '" + b->name + "' passed to the " + std::to_string(p.bytes) + "-byte parameter " +
                        p.name);
        const std::uint64_t addr = out_.addresses.at(b->name);
        std::memcpy(at, &addr, 8);
      } else if (const auto* x = std::get_if<Expr>(&l.args[k])) {
        store(at, p.type == Type::B8 ? Type::U8 : p.type, eval(*x, i, key), 0.0, true);
      } else {
        if (!is_float(p.type)) fail(key, "a float passed to the integer parameter " + p.name);
        store(at, p.type, 0, std::get<double>(l.args[k]), false);
      }
    }
    return out;
  }

  const Harness& h_;
  const RunOptions& opt_;
  DeviceMemory mem_;
  HarnessRun out_;
};
}  // namespace

HarnessRun run_harness(const Harness& h, const RunOptions& opt) { return Runner(h, opt).run(); }

}  // namespace rfvar::arch::ptx
