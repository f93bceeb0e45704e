// The `.rftrace` binary format (docs/traces.md "Format"): varints, sections, delta-coded steps.
#include "workload/trace_file.h"

#include <bit>
#include <cstring>
#include <fstream>
#include <functional>
#include <limits>
#include <type_traits>

#include "common/config.h"
#include "common/limits.h"

namespace rfvar::arch {

namespace {

using Fail = std::function<void(const std::string&)>;  // throws; never returns

using u64 = std::uint64_t;
using i64 = std::int64_t;
using std::to_string;
u64 zz(i64 v) { return (static_cast<u64>(v) << 1) ^ static_cast<u64>(v >> 63); }
i64 unzz(u64 v) { return static_cast<i64>(v >> 1) ^ -static_cast<i64>(v & 1); }

// Appends values to a section's payload. Its methods mirror Reader's, so one template per record
// (io_*) writes and reads it.
struct Writer {
  std::string b;
  void u(u64 v) {
    while (v >= 0x80) b.push_back(static_cast<char>((v & 0x7F) | 0x80)), v >>= 7;
    b.push_back(static_cast<char>(v));
  }
  template <class T>
  void num(const T& v) {
    if constexpr (std::is_floating_point_v<T>) {
      const auto bits = std::bit_cast<std::conditional_t<sizeof(T) == 4, std::uint32_t, u64>>(v);
      for (std::size_t i = 0; i < sizeof(T); ++i) b.push_back(static_cast<char>(bits >> (8 * i)));
    } else if constexpr (std::is_signed_v<T>) {
      u(zz(v));
    } else {
      u(static_cast<u64>(v));  // unsigned, bool and the enums (8-bit unsigned underlying types)
    }
  }
  void str(const std::string& s) { u(s.size()), b.append(s); }
  template <class T, class F>
  void seq(std::size_t /*min_bytes*/, const std::vector<T>& v, F&& f) {
    for (u(v.size()); const T& x : v) f(x);
  }
};

// Reads one section's payload; every read checks the payload's end and the value's range.
struct Reader {
  const unsigned char* p;
  const unsigned char* end;
  std::string_view file;
  std::string section;
  std::ptrdiff_t block = -1, warp = -1;  // where in a trace section

  [[noreturn]] void fail(const std::string& what) const {
    std::string at = section;
    if (block >= 0) at += " block " + to_string(block);
    if (warp >= 0) at += " warp " + to_string(warp);
    throw InputError(std::string(file) + ": " + at + ": " + what);
  }
  std::size_t left() const { return static_cast<std::size_t>(end - p); }
  u64 u() {
    u64 v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (p == end) fail("truncated (the section ends inside a value)");
      const unsigned char c = *p++;
      v |= static_cast<u64>(c & 0x7F) << shift;
      if (!(c & 0x80)) return v;
    }
    fail("malformed varint (more than 10 bytes)");
  }
  template <class T>
  void num(T& v) {
    if constexpr (std::is_enum_v<T>) {  // fixed 8-bit underlying types; check_static() checks the range
      std::underlying_type_t<T> x;
      num(x), v = static_cast<T>(x);
    } else if constexpr (std::is_floating_point_v<T>) {
      if (left() < sizeof(T)) fail("truncated (the section ends inside a value)");
      std::conditional_t<sizeof(T) == 4, std::uint32_t, u64> bits = 0;
      for (std::size_t i = 0; i < sizeof(T); ++i) bits |= static_cast<decltype(bits)>(*p++) << (8 * i);
      v = std::bit_cast<T>(bits);
    } else if constexpr (std::is_signed_v<T>) {
      const i64 x = unzz(u());
      using L = std::numeric_limits<T>;
      if (x < L::min() || x > L::max()) fail("value " + to_string(x) + " out of range");
      v = static_cast<T>(x);
    } else {  // unsigned and bool
      const u64 x = u();
      if (x > std::numeric_limits<T>::max()) fail("value " + to_string(x) + " out of range");
      v = static_cast<T>(x);
    }
  }
  // An element count; each element takes at least `min_bytes`, so a corrupt count cannot allocate
  // more than the section holds.
  std::size_t count(std::size_t min_bytes = 1) {
    const u64 n = u();
    if (n > left() / min_bytes) fail("count " + to_string(n) + " exceeds what is left of the section");
    return static_cast<std::size_t>(n);
  }
  void str(std::string& s) {
    const std::size_t n = count();
    s.assign(reinterpret_cast<const char*>(p), n), p += n;
  }
  template <class T, class F>
  void seq(std::size_t min_bytes, std::vector<T>& v, F&& f) {
    for (v.resize(count(min_bytes)); T & x : v) f(x);
  }
};

template <class IO, class I>
void io_instr(IO& io, I& in, std::uint64_t version) {
  io.num(in.op), io.num(in.ndst), io.num(in.nsrc);
  for (auto& r : in.dst) io.num(r);
  for (auto& r : in.src) io.num(r);
  io.num(in.space), io.num(in.transactions), io.num(in.l1_hit), io.num(in.l2_hit);
  io.num(in.branch), io.num(in.target), io.num(in.reconv), io.num(in.trip), io.num(in.depth);
  io.num(in.addr), io.num(in.mem_trace);
  io.num(in.cond.kind), io.num(in.cond.a), io.num(in.cond.b), io.num(in.cond.p), io.num(in.line);
  if (version >= 2) io.num(in.guarded);  // version 1 did not store it: read as false
}

template <class IO, class S>
void io_stream(IO& io, S& s) {
  io.num(s.region), io.num(s.loop_depth), io.num(s.loop_depth2), io.num(s.lane_bytes), io.num(s.iter_bytes);
  io.num(s.iter2_bytes), io.num(s.block_bytes), io.num(s.wrap_bytes), io.num(s.offset_bytes);
  io.num(s.dim_x), io.num(s.pitch_bytes), io.num(s.grid_x), io.num(s.block_y_bytes), io.num(s.scatter_bytes);
  io.num(s.scatter_key);
}

template <class IO, class K>
void io_kernel(IO& io, K& k, std::uint64_t version) {
  io.str(k.name);
  io.num(k.block_threads), io.num(k.regs_per_thread), io.num(k.reg_ids), io.num(k.smem_bytes);
  io.num(k.max_loop_depth), io.num(k.pvd_regs);
  io.seq(20, k.code, [&](auto& in) { io_instr(io, in, version); });  // minimum bytes per element
  io.seq(15, k.addr_streams, [&](auto& s) { io_stream(io, s); });
  io.seq(1, k.reg_lanes, [&](auto& x) { io.num(x); });
  io.seq(8, k.static_reg_weight, [&](auto& x) { io.num(x); });
}

template <class IO, class B>
void io_benchmark_head(IO& io, B& b) {  // everything but the kernels' bodies (one section each)
  io.str(b.name), io.str(b.source_file), io.str(b.description);
  io.seq(2, b.launches, [&](auto& l) { io.num(l.kernel), io.num(l.grid); });
}

const Kernel& kernel_of(const Benchmark& b, std::size_t launch) {
  return b.kernels[static_cast<std::size_t>(b.launches[launch].kernel)];
}

// The static side: enums, register ids, indices, sizes.
void check_static(const Benchmark& b, const Fail& fail) {
  for (const Kernel& k : b.kernels) {
    const std::string kn = "kernel '" + k.name + "'";
    if (k.block_threads < 1 || k.block_threads > 1024 || k.regs_per_thread < 0 || k.reg_ids < 0 ||
        k.reg_ids > kMaxRegIds || k.smem_bytes < 0)
      fail(kn + ": block_threads (1-1024), regs_per_thread, reg_ids (0-4096) or smem_bytes out of range");
    const auto n = static_cast<std::int32_t>(k.code.size());
    for (std::size_t i = 0; i < k.code.size(); ++i) {
      const Instr& in = k.code[i];
      const std::string at = kn + " instruction " + to_string(i) + ": ";
      if (in.op >= OpClass::Count || in.space > MemSpace::Const || in.branch > BranchKind::Jump ||
          in.cond.kind > CondKind::RandomWarp)
        fail(at + "op, memory space, branch or condition kind out of range");
      if (in.ndst > kMaxDst || in.nsrc > kMaxSrc) fail(at + "more than 4 destinations or 6 sources");
      for (int j = 0; j < in.ndst + in.nsrc; ++j) {
        const RegId r = j < in.ndst ? in.dst[j] : in.src[j - in.ndst];
        if (r >= k.reg_ids) fail(at + "register " + to_string(r) + " >= reg_ids " + to_string(k.reg_ids));
      }
      if (in.target < -1 || in.target > n || in.reconv < -1 || in.reconv > n)
        fail(at + "branch target out of range");
      if (in.addr < -1 || in.addr >= static_cast<int>(k.addr_streams.size()))
        fail(at + "address stream out of range");
    }
    const auto regs = static_cast<std::size_t>(k.reg_ids);
    if (!k.reg_lanes.empty() && k.reg_lanes.size() != static_cast<std::size_t>(k.warps_per_block()) * regs)
      fail(kn + ": reg_lanes holds " + to_string(k.reg_lanes.size()) + " entries, not warps x reg_ids");
    if (!k.static_reg_weight.empty() && k.static_reg_weight.size() != regs)
      fail(kn + ": " + to_string(k.static_reg_weight.size()) + " static_reg_weight entries, not reg_ids");
  }
  for (std::size_t l = 0; l < b.launches.size(); ++l)
    if (const Launch& la = b.launches[l]; la.kernel < 0 || la.kernel >= std::ssize(b.kernels) || la.grid < 1)
      fail("launch " + to_string(l) + ": kernel index or grid out of range");
}

// One warp: pcs in range, ends with an Exit, one memory record per memory step, lines in range.
// `at()` names the warp in a message (built only on a failure: it runs for every warp of a load).
template <typename At>
void check_warp(const Kernel& k, const WarpTrace& t, const At& at, const Fail& throws) {
  const auto fail = [&](const std::string& what) { throws(at() + what); };
  if (t.steps.empty()) fail("no steps (every warp of a recorded block ends with its Exit)");
  std::size_t mem = 0;
  for (const TraceStep& s : t.steps) {
    if (s.pc < 0 || s.pc >= static_cast<std::int32_t>(k.code.size()))
      fail("pc " + to_string(s.pc) + " outside the kernel's " + to_string(k.code.size()) + " instructions");
    const Instr& in = k.code[static_cast<std::size_t>(s.pc)];
    if (!in.mem_trace || mem++ >= t.mem.size() || in.space == MemSpace::Shared) continue;
    if (const TraceMem& m = t.mem[mem - 1]; u64{m.first} + m.count > t.lines.size())
      fail("memory record " + to_string(mem - 1) + " ends past line " + to_string(t.lines.size()));
  }
  if (mem != t.mem.size())
    fail(to_string(t.mem.size()) + " memory records for " + to_string(mem) + " memory steps");
  if (k.code[static_cast<std::size_t>(t.steps.back().pc)].op != OpClass::Exit)
    fail("the last step (pc " + to_string(t.steps.back().pc) + ") is not an Exit");
}

void check_launch(const Benchmark& b, std::size_t l, const LaunchTrace& lt, const Fail& fail) {
  const Kernel& k = kernel_of(b, l);
  const std::string at = "launch " + to_string(l);
  if (lt.launch != static_cast<std::int32_t>(l)) fail(at + ": trace names launch " + to_string(lt.launch));
  if (lt.blocks.size() != static_cast<std::size_t>(b.launches[l].grid))
    fail(at + ": " + to_string(lt.blocks.size()) + " blocks for a grid of " + to_string(b.launches[l].grid));
  for (std::size_t bid = 0; bid < lt.blocks.size(); ++bid) {
    const BlockTrace& bt = lt.blocks[bid];
    if (bt.warps.empty()) continue;  // not recorded
    const auto ab = [&] { return at + " block " + to_string(bid); };
    if (bt.warps.size() != static_cast<std::size_t>(k.warps_per_block()))
      fail(ab() + ": " + to_string(bt.warps.size()) + " warps for blocks of " + to_string(k.warps_per_block()));
    for (std::size_t w = 0; w < bt.warps.size(); ++w)
      check_warp(k, bt.warps[w], [&] { return ab() + " warp " + to_string(w) + ": "; }, fail);
  }
}

// Steps: zigzag(pc - previous pc - 1) << 1 | mask-changed, then the mask if it changed. Memory
// records: zigzag(first - end of the previous record's lines) << 1 | has-lines (not shared), count.
// Lines: zigzag deltas, the previous line carried through the launch.
void encode_warp(Writer& w, const Kernel& k, const WarpTrace& t, u64& prev_line) {
  w.u(t.steps.size());
  i64 prev = -1;
  std::uint32_t mask = 0;
  for (const TraceStep& s : t.steps) {
    w.u(zz(s.pc - prev - 1) << 1 | (s.mask != mask ? 1u : 0u));
    if (s.mask != mask) w.u(s.mask);
    prev = s.pc, mask = s.mask;
  }
  w.u(t.mem.size());
  u64 cursor = 0;
  std::size_t j = 0;
  for (const TraceStep& s : t.steps) {
    const Instr& in = k.code[static_cast<std::size_t>(s.pc)];
    if (!in.mem_trace) continue;
    const TraceMem& m = t.mem[j++];
    const bool lines = in.space != MemSpace::Shared;
    w.u(zz(static_cast<i64>(m.first) - static_cast<i64>(cursor)) << 1 | (lines ? 1u : 0u)), w.u(m.count);
    cursor = m.first + (lines ? m.count : 0);
  }
  w.u(t.lines.size());
  for (const u64 line : t.lines) w.u(zz(static_cast<i64>(line - prev_line))), prev_line = line;
}

// check_warp() checks what decoding leaves open (memory records against memory steps, the Exit).
void decode_warp(Reader& r, std::size_t code_size, WarpTrace& t, u64& prev_line) {
  t.steps.resize(r.count());
  i64 prev = -1;
  std::uint32_t mask = 0;
  for (TraceStep& s : t.steps) {
    const u64 v = r.u();
    if (v & 1) r.num(mask);
    prev += 1 + unzz(v >> 1);
    if (prev < 0 || prev >= static_cast<i64>(code_size))
      r.fail("pc " + to_string(prev) + " outside its kernel (" + to_string(code_size) + " instructions)");
    s = {static_cast<std::int32_t>(prev), mask};
  }
  t.mem.resize(r.count(2));
  u64 cursor = 0;
  for (TraceMem& m : t.mem) {
    const u64 v = r.u();
    const i64 first = static_cast<i64>(cursor) + unzz(v >> 1);
    if (first < 0 || first > i64{0xFFFFFFFF}) r.fail("a memory record's first line is out of range");
    m.first = static_cast<std::uint32_t>(first);
    r.num(m.count);
    cursor = m.first + ((v & 1) ? m.count : 0);
  }
  t.lines.resize(r.count());
  for (u64& line : t.lines) line = prev_line + static_cast<u64>(unzz(r.u())), prev_line = line;
}

// The next section of `file` (the whole file's reader), which must be `tag`: a reader over its payload.
Reader next_section(Reader& file, char tag, const std::string& name) {
  if (file.p == file.end) file.fail("truncated: the file ends where the " + name + " section belongs");
  const unsigned char t = *file.p++;
  if (t != static_cast<unsigned char>(tag))
    file.fail("unexpected section tag " + to_string(t) + " where the " + name + " section belongs");
  const u64 len = file.u();
  if (len > file.left())
    file.fail("truncated: the " + name + " section needs " + to_string(len - file.left()) + " more bytes");
  Reader r{file.p, file.p + len, file.file, name};
  file.p += len;
  return r;
}

void done(const Reader& r) {
  if (r.p != r.end) r.fail(to_string(r.left()) + " unread bytes at the end of the section");
}

}  // namespace

TraceCounts count_trace(const TraceWorkload& wl) {
  TraceCounts c{wl.launches().size(), 0, 0};
  for (const LaunchTrace& lt : wl.launches())
    for (const BlockTrace& bt : lt.blocks) {
      c.blocks += bt.warps.empty() ? 0 : 1;
      for (const WarpTrace& w : bt.warps) c.warp_instructions += w.steps.size();
    }
  return c;
}

u64 save_trace_file(const std::filesystem::path& file, const TraceWorkload& wl, const TraceFileInfo& info) {
  const std::string f = file.string();
  const Benchmark& b = wl.benchmark();
  const Fail fail = [&](const std::string& what) { throw InputError(f + ": cannot save: " + what); };
  check_static(b, fail);
  for (std::size_t l = 0; l < wl.launches().size(); ++l) check_launch(b, l, wl.launches()[l], fail);
  const std::filesystem::path tmp = f + ".tmp";
  std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
  if (!out) throw InputError(f + ": cannot write (cannot create " + tmp.string() + ")");
  Writer w, head;
  const auto section = [&](char tag, const auto& fill) {  // tag byte, varint payload length, payload
    w.b.clear(), fill(), head.b.assign(1, tag), head.u(w.b.size());
    out.write(head.b.data(), static_cast<std::streamsize>(head.b.size()));
    out.write(w.b.data(), static_cast<std::streamsize>(w.b.size()));
  };
  head.b.assign(kTraceMagic, sizeof kTraceMagic), head.u(kTraceFormatVersion);
  out.write(head.b.data(), static_cast<std::streamsize>(head.b.size()));
  section('H', [&] { w.str(info.producer), w.num(info.seed), w.num(info.line_bytes); });
  section('B', [&] { w.u(b.kernels.size()), io_benchmark_head(w, b); });
  for (const Kernel& k : b.kernels) section('K', [&] { io_kernel(w, k, kTraceFormatVersion); });
  for (std::size_t l = 0; l < wl.launches().size(); ++l)
    section('T', [&] {
      u64 prev_line = 0;
      w.u(wl.launches()[l].blocks.size());
      for (const BlockTrace& bt : wl.launches()[l].blocks) {
        w.u(bt.warps.size());
        for (const WarpTrace& t : bt.warps) encode_warp(w, kernel_of(b, l), t, prev_line);
      }
    });
  section('E', [&] { w.u(count_trace(wl).warp_instructions); });
  const auto bytes = static_cast<u64>(out.tellp());
  out.close();
  std::error_code ec;
  if (out) std::filesystem::rename(tmp, file, ec);
  if (!out || ec) {
    std::filesystem::remove(tmp, ec);
    throw InputError(f + ": cannot write " + tmp.string() + " or rename it onto " + f);
  }
  return bytes;
}

LoadedTrace load_trace_file(const std::filesystem::path& file) {
  const std::string f = file.string();
  // No size bound: a whole grid's trace can pass limits.max_input_mib (docs/cli.md "Errors and limits").
  const std::string buf = read_text_input(file, std::numeric_limits<std::uint64_t>::max());
  if (buf.size() < sizeof kTraceMagic || std::memcmp(buf.data(), kTraceMagic, sizeof kTraceMagic) != 0)
    throw InputError(f + ": not an rfvar trace file (it does not start with \"RFVTRACE\")");
  const auto* p = reinterpret_cast<const unsigned char*>(buf.data());
  Reader whole{p + sizeof kTraceMagic, p + buf.size(), f, "file"};
  const u64 version = whole.u();
  if (version < 1 || version > kTraceFormatVersion)
    whole.fail("trace format version " + to_string(version) + "; this rfvar reads versions 1-" +
               to_string(kTraceFormatVersion) + " (record the trace again with 'rfvar trace')");
  TraceFileInfo info;
  Reader r = next_section(whole, 'H', "info");
  r.str(info.producer), r.num(info.seed), r.num(info.line_bytes), done(r);
  Benchmark b;
  r = next_section(whole, 'B', "benchmark");
  b.kernels.resize(r.count());
  io_benchmark_head(r, b), done(r);
  for (std::size_t i = 0; i < b.kernels.size(); ++i)
    r = next_section(whole, 'K', "kernel " + to_string(i)), io_kernel(r, b.kernels[i], version), done(r);
  const Fail fail = [&](const std::string& what) { throw InputError(f + ": " + what); };
  check_static(b, fail);
  std::vector<LaunchTrace> launches(b.launches.size());
  for (std::size_t l = 0; l < launches.size(); ++l) {
    r = next_section(whole, 'T', "launch " + to_string(l));
    LaunchTrace& lt = launches[l];
    lt.launch = static_cast<std::int32_t>(l), lt.blocks.resize(r.count());
    u64 prev_line = 0;
    for (r.block = 0; r.block < std::ssize(lt.blocks); ++r.block, r.warp = -1) {
      std::vector<WarpTrace>& warps = lt.blocks[static_cast<std::size_t>(r.block)].warps;
      warps.resize(r.count());
      for (r.warp = 0; r.warp < std::ssize(warps); ++r.warp)
        decode_warp(r, kernel_of(b, l).code.size(), warps[static_cast<std::size_t>(r.warp)], prev_line);
    }
    r.block = -1, done(r);
    check_launch(b, l, lt, fail);
  }
  LoadedTrace out{TraceWorkload(std::move(b), std::move(launches)), std::move(info)};
  r = next_section(whole, 'E', "end");
  u64 total = 0;
  r.num(total), done(r);
  if (const u64 steps = count_trace(out.workload).warp_instructions; total != steps)
    r.fail("counts " + to_string(total) + " warp instructions, the traces hold " + to_string(steps));
  if (whole.left() > 0) whole.fail(to_string(whole.left()) + " trailing bytes after the end section");
  return out;
}

}  // namespace rfvar::arch
