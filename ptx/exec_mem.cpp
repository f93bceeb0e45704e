// ld / st / atom / red / cvta and their trace records.
#include <algorithm>
#include <array>
#include <sstream>

#include "ptx/exec.h"
#include "common/config.h"

namespace rfvar::arch::ptx {

namespace {
using U64 = std::uint64_t;

struct Access {
  unsigned char* p = nullptr;
  Space space = Space::Global;
  U64 addr = 0;  // address within its space (global: device address)
};

[[noreturn]] void out_of_bounds(const InstrInfo& info, const MemContext& ctx, Space sp, U64 addr, int lane) {
  static constexpr const char* kNames[] = {"generic", "global", "shared", "local", "const", "param"};
  std::ostringstream os;
  os << *ctx.file << ":" << info.line << ": '" << info.opcode << "' lane " << lane << ": "
     << kNames[static_cast<int>(sp)] << " address 0x" << std::hex << addr
     << " is outside the memory of that space";
  throw InputError(os.str());
}

Access resolve(Space sp, U64 addr, U64 n, int lane, const WarpPlace& w, const MemContext& ctx,
               const InstrInfo& info) {
  if (sp == Space::Generic) {
    if (addr >= kSharedWindow && addr - kSharedWindow < kWindowBytes)
      sp = Space::Shared, addr -= kSharedWindow;
    else if (addr >= kLocalWindow && addr - kLocalWindow < kWindowBytes)
      sp = Space::Local, addr -= kLocalWindow;
    else if (addr >= kConstWindow && addr - kConstWindow < kWindowBytes)
      sp = Space::Const, addr -= kConstWindow;
    else
      sp = Space::Global;
  }
  Access a{nullptr, sp, addr};
  switch (sp) {
    case Space::Global:
      a.p = ctx.global->at(addr, n);
      break;
    case Space::Shared:
      a.p = addr + n <= ctx.shared_bytes ? ctx.shared + addr : nullptr;
      break;
    case Space::Local:
      a.p = addr + n <= ctx.local_bytes ? ctx.local + (w.first_thread + lane) * ctx.local_bytes + addr
                                        : nullptr;
      break;
    case Space::Const:
      a.p = addr + n <= ctx.const_bytes ? const_cast<unsigned char*>(ctx.consts) + addr : nullptr;
      break;
    case Space::Param:
      a.p = addr + n <= ctx.param_bytes ? const_cast<unsigned char*>(ctx.params) + addr : nullptr;
      break;
    default:
      break;
  }
  if (!a.p) out_of_bounds(info, ctx, sp, addr, lane);
  return a;
}

// Records the accesses of one warp instruction into the trace.
class Recorder {
 public:
  // A shared-space instruction whose lanes are all off records degree 1 (it still issues once).
  Recorder(WarpTrace* t, const MemContext& ctx, const WarpPlace& w, bool shared, bool writes)
      : t_(t), ctx_(ctx), w_(w), s_(*ctx.scratch), shared_(shared), writes_(writes) {
    if (t_) std::fill_n(s_.per_bank, 32, 0u);
  }
  void add(const Access& a, U64 bytes, int lane) {
    if (!t_) return;
    if (ctx_.keys) add_key(a, bytes);
    const U64 first_word = a.addr / 4, last_word = (a.addr + bytes - 1) / 4;
    if (a.space == Space::Shared) {
      shared_ = true;
      for (U64 word = first_word; word <= last_word; ++word) add_word(word);
      return;
    }
    const U64 tag = space_tag(a.space) << 56;
    if (a.space == Space::Local) {  // interleaved by lane: word k of lane l at (k * 32 + l) * 4
      const U64 base = w_.warp_uid * ((ctx_.local_bytes + 3) / 4) * 128;
      for (U64 word = first_word; word <= last_word; ++word)
        add_line(((base + (word * 32 + static_cast<U64>(lane)) * 4) / ctx_.line_bytes) | tag);
      return;
    }
    for (U64 line = a.addr / ctx_.line_bytes; line <= (a.addr + bytes - 1) / ctx_.line_bytes; ++line)
      add_line(line | tag);
  }
  void finish() {
    if (!t_) return;
    TraceMem tm;
    if (shared_) {
      tm.count = degree_;
    } else {
      tm.first = static_cast<std::uint32_t>(t_->lines.size());
      tm.count = static_cast<std::uint32_t>(nlines_);
      t_->lines.insert(t_->lines.end(), s_.lines, s_.lines + nlines_);
    }
    t_->mem.push_back(tm);
    if (ctx_.keys) {
      TraceKey k = key_ok_ && nkey_ > 0 ? key_ : TraceKey{};
      k.writes = writes_;
      t_->keys.push_back(k);
    }
  }

 private:
  // The step's TraceKey: global lanes, in lane order, of one width and one stride.
  void add_key(const Access& a, U64 bytes) {
    if (a.space != Space::Global || bytes > 255) key_ok_ = false;
    if (!key_ok_) return;
    if (nkey_ == 0) {
      key_.base = a.addr, key_.width = static_cast<std::uint8_t>(bytes);
    } else if (bytes != key_.width) {
      key_ok_ = false;
    } else {
      const auto step = static_cast<std::int64_t>(a.addr - last_);
      if (nkey_ == 1) key_.stride = step;
      else if (step != key_.stride) key_ok_ = false;
    }
    last_ = a.addr;
    key_.count = static_cast<std::uint8_t>(++nkey_);
  }
  void add_line(U64 v) {
    for (std::size_t k = 0; k < nlines_; ++k)
      if (s_.lines[k] == v) return;
    if (nlines_ < MemScratch::kMaxLines) s_.lines[nlines_++] = v;
  }
  // The conflict degree: the most distinct words any bank holds.
  void add_word(U64 word) {
    const std::size_t b = word % 32;
    std::uint32_t& n = s_.per_bank[b];
    for (std::uint32_t k = 0; k < n; ++k)
      if (s_.bank_words[b][k] == word) return;
    if (n < MemScratch::kMaxWords) s_.bank_words[b][n++] = word;
    degree_ = std::max(degree_, n);
  }

  WarpTrace* t_;
  const MemContext& ctx_;
  const WarpPlace& w_;
  MemScratch& s_;
  std::size_t nlines_ = 0;
  std::uint32_t degree_ = 1;
  bool shared_ = false;
  TraceKey key_;
  int nkey_ = 0;
  U64 last_ = 0;
  bool key_ok_ = true;
  bool writes_ = false;
};

U64 address(U64 base, const Instr& in) {
  const U64 a = base + static_cast<U64>(in.offset);
  return in.addr32 ? a & 0xFFFFFFFFu : a;
}

// The `bytes` (1, 2, 4 or 8) little-endian bytes at p, zero-extended (fixed-size copies inline).
U64 read_bytes(const unsigned char* p, int bytes) {
  switch (bytes) {
    case 1:
      return *p;
    case 2: {
      std::uint16_t v;
      std::memcpy(&v, p, 2);
      return v;
    }
    case 4: {
      std::uint32_t v;
      std::memcpy(&v, p, 4);
      return v;
    }
    default: {
      U64 v;
      std::memcpy(&v, p, 8);
      return v;
    }
  }
}

void write_bytes(unsigned char* p, U64 v, int bytes) {
  switch (bytes) {
    case 1:
      *p = static_cast<unsigned char>(v);
      return;
    case 2: {
      const auto x = static_cast<std::uint16_t>(v);
      std::memcpy(p, &x, 2);
      return;
    }
    case 4: {
      const auto x = static_cast<std::uint32_t>(v);
      std::memcpy(p, &x, 4);
      return;
    }
    default:
      std::memcpy(p, &v, 8);
      return;
  }
}

// A loaded element, sign-extended if `sign`, zero-extended beyond `reg_bytes` (the register's width).
U64 load(const unsigned char* p, int bytes, bool sign, U64 reg_mask) {
  U64 v = read_bytes(p, bytes);
  if (sign && bytes < 8) {
    const int sh = 64 - 8 * bytes;
    v = static_cast<U64>(static_cast<std::int64_t>(v << sh) >> sh) & reg_mask;
  }
  return v;
}

template <typename T>
T atom_apply(Mode mode, T old, T b, T c) {
  switch (mode) {
    case Mode::AAdd:
      return static_cast<T>(old + b);
    case Mode::AExch:
      return b;
    case Mode::ACas:
      return old == b ? c : old;
    case Mode::AMin:
      return std::min(old, b);
    case Mode::AMax:
      return std::max(old, b);
    default:
      break;
  }
  if constexpr (std::is_integral_v<T>) {
    switch (mode) {
      case Mode::AInc:
        return old >= b ? T{0} : static_cast<T>(old + 1);
      case Mode::ADec:
        return (old == 0 || old > b) ? b : static_cast<T>(old - 1);
      case Mode::AAnd:
        return static_cast<T>(old & b);
      case Mode::AOr:
        return static_cast<T>(old | b);
      case Mode::AXor:
        return static_cast<T>(old ^ b);
      default:
        break;
    }
  }
  throw std::logic_error("ptx: unsupported atomic operation");
}
}  // namespace

void exec_mem(const Instr& in, const InstrInfo& info, U64* r, std::uint32_t m, const WarpPlace& w,
              const MemContext& ctx, WarpTrace* trace) {
  if (in.op == Op::Cvta) {
    U64 base = 0;
    if (in.space == Space::Shared)
      base = kSharedWindow;
    else if (in.space == Space::Local)
      base = kLocalWindow;
    else if (in.space == Space::Const)
      base = kConstWindow;
    U64* d = slot(r, in.dst[0]);
    const U64* a = slot(r, in.src[0]);
    const U64 mask = type_bytes(in.type) == 4 ? 0xFFFFFFFFu : ~U64{0};
    for_lanes(m, [&](int l) { d[l] = (in.to ? a[l] - base : a[l] + base) & mask; });
    return;
  }
  Recorder rec(trace, ctx, w, in.space == Space::Shared, in.op != Op::Ld);
  const U64* base = slot(r, in.src[0]);
  const int bytes = type_bytes(in.type);
  switch (in.op) {
    case Op::Ld: {
      const bool sign = is_signed(in.type);
      const int reg_bytes = std::max(type_bytes(in.type2), bytes);
      const U64 reg_mask = reg_bytes >= 8 ? ~U64{0} : (U64{1} << (8 * reg_bytes)) - 1;
      for_lanes(m, [&](int l) {
        const Access a =
            resolve(in.space, address(base[l], in), static_cast<U64>(bytes) * in.vec, l, w, ctx, info);
        rec.add(a, static_cast<U64>(bytes) * in.vec, l);
        for (int k = 0; k < in.vec; ++k) slot(r, in.dst[k])[l] = load(a.p + k * bytes, bytes, sign, reg_mask);
      });
      break;
    }
    case Op::St:
      for_lanes(m, [&](int l) {
        const Access a =
            resolve(in.space, address(base[l], in), static_cast<U64>(bytes) * in.vec, l, w, ctx, info);
        rec.add(a, static_cast<U64>(bytes) * in.vec, l);
        for (int k = 0; k < in.vec; ++k) write_bytes(a.p + k * bytes, slot(r, in.src[k + 1])[l], bytes);
      });
      break;
    case Op::Atom:
    case Op::Red:
      with_type(in.type, [&](auto ty) {
        using T = decltype(ty);
        const U64* b = slot(r, in.src[1]);
        const U64* c = in.mode == Mode::ACas ? slot(r, in.src[2]) : b;
        for_lanes(m, [&](int l) {
          const Access a = resolve(in.space, address(base[l], in), sizeof(T), l, w, ctx, info);
          rec.add(a, sizeof(T), l);
          T old;
          std::memcpy(&old, a.p, sizeof(T));
          const T v = atom_apply<T>(in.mode, old, rd<T>(b[l]), rd<T>(c[l]));
          std::memcpy(a.p, &v, sizeof(T));
          if (in.op == Op::Atom) slot(r, in.dst[0])[l] = wr<T>(old);
        });
      });
      break;
    default:
      throw std::logic_error("ptx: exec_mem cannot run opcode " + std::to_string(static_cast<int>(in.op)));
  }
  rec.finish();
}

}  // namespace rfvar::arch::ptx
