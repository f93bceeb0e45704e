// Line-oriented parser of the kernel text format; see docs/kernel-format.md for the grammar.
#include "arch/workload/kernel_parser.h"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <map>
#include <optional>
#include <regex>
#include <sstream>

#include "common/config.h"

namespace rfvar::arch {
namespace {

struct OpInfo {
  OpClass op;
  MemSpace space;
};

const std::map<std::string, OpInfo>& op_table() {
  static const std::map<std::string, OpInfo> t = {
      {"ialu", {OpClass::IntAlu, MemSpace::None}},     {"imul", {OpClass::IntMul, MemSpace::None}},
      {"imad", {OpClass::IntMad, MemSpace::None}},     {"idiv", {OpClass::IntDiv, MemSpace::None}},
      {"falu", {OpClass::FpAlu, MemSpace::None}},      {"fmul", {OpClass::FpMul, MemSpace::None}},
      {"fmad", {OpClass::FpMad, MemSpace::None}},      {"fdiv", {OpClass::FpDiv, MemSpace::None}},
      {"dalu", {OpClass::DpAlu, MemSpace::None}},      {"sfu", {OpClass::Sfu, MemSpace::None}},
      {"ld.global", {OpClass::Load, MemSpace::Global}}, {"ld.local", {OpClass::Load, MemSpace::Local}},
      {"ld.shared", {OpClass::Load, MemSpace::Shared}}, {"ld.const", {OpClass::Load, MemSpace::Const}},
      {"st.global", {OpClass::Store, MemSpace::Global}}, {"st.local", {OpClass::Store, MemSpace::Local}},
      {"st.shared", {OpClass::Store, MemSpace::Shared}},
  };
  return t;
}

std::vector<std::string> split_ws(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

// One open structured-control-flow construct while a kernel body is read.
struct Frame {
  enum Kind { Loop, If } kind;
  int head = 0;         // Loop: first body pc; If: pc of the If branch
  int trip = 1;         // Loop
  int jump_pc = -1;     // If with else: pc of the Jump ending the then-part
  bool has_else = false;
  bool pvd = false;     // If: programmatic condition leaving a lane subset active
  Cond cond{};          // If: its condition (lanes of the then-part; the else-part takes the rest)
  double weight = 1.0;  // execution weight of the body (loop trips multiplied in)
  int line = 0;
};

class Parser {
 public:
  explicit Parser(std::string_view source) : source_(source) {}

  Benchmark run(std::string_view text) {
    std::istringstream in{std::string(text)};
    std::string raw;
    while (std::getline(in, raw)) {
      ++line_;
      if (auto h = raw.find('#'); h != std::string::npos) raw.resize(h);
      auto words = split_ws(raw);
      if (words.empty()) continue;
      statement(words, raw);
    }
    if (kernel_) fail("kernel '" + kernel_->name + "' has no 'end'");
    if (!saw_version_) fail_at(1, "missing 'rfvar-kernel 1' header line");
    if (b_.name.empty()) fail_at(line_, "missing 'benchmark NAME' line");
    if (b_.kernels.empty()) fail_at(line_, "no kernel defined");
    resolve_launches();
    b_.source_file = std::string(source_);
    return std::move(b_);
  }

 private:
  [[noreturn]] void fail_at(int line, const std::string& why) const {
    throw InputError(std::string(source_) + ":" + std::to_string(line) + ": " + why);
  }
  [[noreturn]] void fail(const std::string& why) const { fail_at(line_, why); }

  long long to_int(const std::string& s, const std::string& what, long long lo, long long hi) const {
    long long v = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || p != s.data() + s.size()) fail(what + " '" + s + "' is not an integer");
    if (v < lo || v > hi)
      fail(what + " " + s + " out of range [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
    return v;
  }
  double to_prob(const std::string& s, const std::string& what) const {
    try {
      std::size_t n = 0;
      double v = std::stod(s, &n);
      if (n != s.size() || !(v >= 0.0 && v <= 1.0)) throw std::invalid_argument("");
      return v;
    } catch (const std::exception&) {
      fail(what + " '" + s + "' is not a probability in [0, 1]");
    }
  }
  std::map<std::string, std::string> key_values(const std::vector<std::string>& w, std::size_t from,
                                                 const std::vector<std::string>& allowed) const {
    std::map<std::string, std::string> kv;
    for (std::size_t i = from; i < w.size(); ++i) {
      auto eq = w[i].find('=');
      if (eq == std::string::npos || eq == 0) fail("expected key=value, got '" + w[i] + "'");
      std::string k = w[i].substr(0, eq);
      if (std::find(allowed.begin(), allowed.end(), k) == allowed.end()) {
        std::string a;
        for (const auto& x : allowed) a += (a.empty() ? "" : ", ") + x;
        fail("unknown key '" + k + "'; accepted: " + a);
      }
      kv[k] = w[i].substr(eq + 1);
    }
    return kv;
  }

  void statement(const std::vector<std::string>& w, const std::string& raw) {
    const std::string& k = w[0];
    if (!saw_version_) {
      if (k != "rfvar-kernel" || w.size() != 2 || w[1] != "1")
        fail("the first line must be 'rfvar-kernel 1' (format version)");
      saw_version_ = true;
      return;
    }
    if (kernel_) return body(w, raw);
    if (k == "benchmark") {
      if (w.size() != 2) fail("expected 'benchmark NAME'");
      if (!b_.name.empty()) fail("second 'benchmark' line");
      b_.name = w[1];
    } else if (k == "description") {
      b_.description = raw.substr(raw.find("description") + 11);
      b_.description.erase(0, b_.description.find_first_not_of(" \t"));
    } else if (k == "kernel") {
      begin_kernel(w);
    } else if (k == "launch") {
      pending_launches_.push_back({w, line_});
    } else {
      fail("unknown statement '" + k + "' outside a kernel; accepted: benchmark, description, kernel, launch");
    }
  }

  void begin_kernel(const std::vector<std::string>& w) {
    if (w.size() < 2) fail("expected 'kernel NAME block=N regs=N [smem=BYTES]'");
    for (const auto& k : b_.kernels)
      if (k.name == w[1]) fail("kernel '" + w[1] + "' defined twice");
    auto kv = key_values(w, 2, {"block", "regs", "smem"});
    if (!kv.count("block") || !kv.count("regs")) fail("kernel needs block=N and regs=N");
    kernel_ = Kernel{};
    kernel_->name = w[1];
    kernel_->block_threads = static_cast<int>(to_int(kv["block"], "block", 1, 1024));
    kernel_->regs_per_thread = static_cast<int>(to_int(kv["regs"], "regs", 1, kMaxRegs - 1));
    kernel_->smem_bytes = kv.count("smem") ? static_cast<int>(to_int(kv["smem"], "smem", 0, 49152)) : 0;
    inside_.assign(static_cast<std::size_t>(kernel_->regs_per_thread), 0);
    outside_.assign(static_cast<std::size_t>(kernel_->regs_per_thread), 0);
    kernel_->static_reg_weight.assign(static_cast<std::size_t>(kernel_->regs_per_thread), 0.0);
    kernel_->reg_lanes.assign(static_cast<std::size_t>(kernel_->warps_per_block() * kernel_->regs_per_thread), 0u);
    kernel_line_ = line_;
  }

  double weight() const { return frames_.empty() ? 1.0 : frames_.back().weight; }
  bool in_pvd() const {
    return std::any_of(frames_.begin(), frames_.end(), [](const Frame& f) { return f.pvd; });
  }
  int pc() const { return static_cast<int>(kernel_->code.size()); }
  void emit(Instr i) {
    i.line = line_;
    kernel_->code.push_back(i);
  }

  void body(const std::vector<std::string>& w, const std::string& raw) {
    const std::string& k = w[0];
    if (k == "end") {
      if (!frames_.empty()) fail_at(frames_.back().line, "unclosed 'loop' or 'if' at end of kernel");
      if (w.size() != 1) fail("'end' takes no arguments");
      finish_kernel();
    } else if (k == "loop") {
      if (w.size() != 2) fail("expected 'loop TRIPS'");
      if (frames_.size() >= 8) fail("loops and ifs nested deeper than 8");
      Frame f{Frame::Loop};
      f.head = pc();
      f.trip = static_cast<int>(to_int(w[1], "loop trip count", 1, 1000000));
      f.weight = weight() * f.trip;
      f.pvd = false;
      f.line = line_;
      frames_.push_back(f);
    } else if (k == "endloop") {
      if (frames_.empty() || frames_.back().kind != Frame::Loop) fail("'endloop' without 'loop'");
      Frame f = frames_.back();
      frames_.pop_back();
      int depth = 0;
      for (const auto& g : frames_) depth += g.kind == Frame::Loop;
      Instr b;
      b.op = OpClass::Branch;
      b.branch = BranchKind::LoopBack;
      b.target = f.head;
      b.trip = f.trip;
      b.depth = static_cast<std::uint8_t>(depth);
      kernel_->max_loop_depth = std::max(kernel_->max_loop_depth, depth + 1);
      emit(b);
    } else if (k == "if") {
      if (frames_.size() >= 8) fail("loops and ifs nested deeper than 8");
      Instr b;
      b.op = OpClass::Branch;
      b.branch = BranchKind::If;
      b.cond = parse_cond(raw.substr(raw.find("if") + 2));
      Frame f{Frame::If};
      f.head = pc();
      f.pvd = b.cond.programmatic() && b.cond.kind != CondKind::BidModLess;
      f.cond = b.cond;
      f.weight = weight() * (b.cond.kind == CondKind::RandomWarp ? b.cond.p : 1.0);
      f.line = line_;
      frames_.push_back(f);
      emit(b);
    } else if (k == "else") {
      if (frames_.empty() || frames_.back().kind != Frame::If || frames_.back().has_else)
        fail("'else' without 'if'");
      Frame& f = frames_.back();
      f.has_else = true;
      f.jump_pc = pc();
      Instr j;
      j.op = OpClass::Branch;
      j.branch = BranchKind::Jump;
      emit(j);
      kernel_->code[static_cast<std::size_t>(f.head)].target = pc();
    } else if (k == "endif") {
      if (frames_.empty() || frames_.back().kind != Frame::If) fail("'endif' without 'if'");
      Frame f = frames_.back();
      frames_.pop_back();
      Instr& b = kernel_->code[static_cast<std::size_t>(f.head)];
      b.reconv = pc();
      if (!f.has_else) b.target = pc();
      if (f.jump_pc >= 0) kernel_->code[static_cast<std::size_t>(f.jump_pc)].target = pc();
    } else if (k == "bar") {
      if (w.size() != 1) fail("'bar' takes no arguments");
      Instr b;
      b.op = OpClass::Barrier;
      emit(b);
    } else {
      instruction(w);
    }
  }

  Cond parse_cond(std::string s) const {
    s.erase(std::remove_if(s.begin(), s.end(), [](char c) { return c == ' ' || c == '\t'; }), s.end());
    static const std::regex two(R"((tid|bid)%(\d+)<(\d+))"), one(R"((tid|lane)(<|>=)(\d+))"),
        rnd(R"((rand|wrand)([0-9.eE+-]+))");
    std::smatch m;
    Cond c;
    if (std::regex_match(s, m, two)) {
      c.kind = m[1] == "tid" ? CondKind::TidModLess : CondKind::BidModLess;
      c.a = static_cast<int>(to_int(m[2], "modulus", 1, 1 << 20));
      c.b = static_cast<int>(to_int(m[3], "bound", 0, 1 << 20));
    } else if (std::regex_match(s, m, one)) {
      if (m[1] == "lane" && m[2] != "<") fail("lane conditions accept only '<'");
      c.kind = m[1] == "lane" ? CondKind::LaneLess : (m[2] == "<" ? CondKind::TidLess : CondKind::TidAtLeast);
      c.a = static_cast<int>(to_int(m[3], "bound", 0, 1 << 20));
    } else if (std::regex_match(s, m, rnd)) {
      c.kind = m[1] == "rand" ? CondKind::RandomLane : CondKind::RandomWarp;
      c.p = static_cast<float>(to_prob(m[2], "probability"));
    } else {
      fail("bad condition '" + s +
           "'; accepted: tid < N, tid >= N, tid % K < M, lane < N, bid % K < M, rand P, wrand P");
    }
    return c;
  }

  int reg(const std::string& s) const {
    if (s.size() < 2 || s[0] != 'r') fail("expected a register rN, got '" + s + "'");
    int r = static_cast<int>(to_int(s.substr(1), "register", 0, kMaxRegs - 1));
    if (r >= kernel_->regs_per_thread)
      fail("register " + s + " >= regs=" + std::to_string(kernel_->regs_per_thread) + " of the kernel");
    return r;
  }

  void note_access(int r) {
    kernel_->static_reg_weight[static_cast<std::size_t>(r)] += weight();
    (in_pvd() ? inside_ : outside_)[static_cast<std::size_t>(r)] += 1;
    const int regs = kernel_->regs_per_thread;
    for (int wib = 0; wib < kernel_->warps_per_block(); ++wib) {  // lanes of each warp reaching here
      std::uint32_t m = warp_lanes(kernel_->block_threads, wib);
      for (const Frame& f : frames_)
        if (f.kind == Frame::If && f.pvd) {  // a thread-ID split: then-part lanes, else-part the rest
          const std::uint32_t c = programmatic_lanes(f.cond, wib);
          m &= f.has_else ? ~c : c;
        }
      kernel_->reg_lanes[static_cast<std::size_t>(wib * regs + r)] |= m;
    }
  }

  void instruction(const std::vector<std::string>& w) {
    auto it = op_table().find(w[0]);
    if (it == op_table().end()) {
      std::string a;
      for (const auto& [n, _] : op_table()) a += (a.empty() ? "" : " ") + n;
      fail("unknown opcode '" + w[0] + "'; accepted: " + a + " (and loop/endloop/if/else/endif/bar/end)");
    }
    Instr in;
    in.op = it->second.op;
    in.space = it->second.space;
    std::size_t i = 1;
    if (w.size() >= 3 && w[2] == "=") {
      in.dst = static_cast<std::uint8_t>(reg(w[1]));
      i = 3;
    }
    for (; i < w.size() && w[i].find('=') == std::string::npos; ++i) {
      if (in.nsrc == kMaxSrc) fail("more than 3 source registers");
      in.src[in.nsrc++] = static_cast<std::uint8_t>(reg(w[i]));
    }
    const bool mem = in.space != MemSpace::None;
    static const std::vector<std::string> kMemKeys = {"tx",   "l1",  "l2",  "addr", "lane",  "iter", "iter2", "blk",
                                                      "wrap", "off", "dimx", "pitch", "gridx", "blky",
                                                      "scatter", "skey"};
    auto kv = key_values(w, i, mem ? kMemKeys : std::vector<std::string>{});
    if (in.op == OpClass::Load && in.dst == kNoReg) fail("a load needs a destination: ld.SPACE rD = rADDR");
    if (in.op == OpClass::Store && in.dst != kNoReg) fail("a store has no destination: st.SPACE rADDR rDATA");
    if (mem && in.nsrc == 0) fail("a memory instruction needs an address register");
    if (kv.count("tx")) in.transactions = static_cast<std::uint8_t>(to_int(kv["tx"], "tx", 1, 32));
    if (in.space == MemSpace::Shared && (kv.count("l1") || kv.count("l2")))
      fail("shared memory has no l1/l2 hit rates (use tx=WAYS for bank conflicts)");
    if (kv.count("l1")) in.l1_hit = static_cast<float>(to_prob(kv["l1"], "l1"));
    if (kv.count("l2")) in.l2_hit = static_cast<float>(to_prob(kv["l2"], "l2"));
    address_stream(in, kv);
    if (in.dst != kNoReg) note_access(in.dst);
    for (int s = 0; s < in.nsrc; ++s) note_access(in.src[s]);
    emit(in);
  }

  // The optional address stream of a global/local access (docs/kernel-format.md, "Address streams").
  void address_stream(Instr& in, std::map<std::string, std::string>& kv) {
    bool any = false;
    for (const char* k :
         {"addr", "lane", "iter", "iter2", "blk", "wrap", "off", "dimx", "pitch", "gridx", "blky", "scatter", "skey"})
      any = any || kv.count(k);
    if (!any) return;
    if (!kv.count("addr"))
      fail("lane=, iter=, iter2=, blk=, wrap=, off=, dimx=, pitch=, gridx=, blky=, scatter= and skey= describe an "
           "address stream and need addr=REGION");
    if (in.space != MemSpace::Global && in.space != MemSpace::Local)
      fail("addr= is accepted on ld/st .global and .local only (shared and constant memory have no L1 tags)");
    if (kv.count("tx") || kv.count("l1"))
      fail("with addr= the requests and L1 hits come from coalescing and the L1 tags; drop tx= and l1=");
    constexpr long long kMaxStride = 1ll << 32;
    AddrStream a;
    a.region = static_cast<std::uint8_t>(to_int(kv["addr"], "addr (region id)", 0, 255));
    if (kv.count("lane")) a.lane_bytes = to_int(kv["lane"], "lane (bytes per thread)", -kMaxStride, kMaxStride);
    if (kv.count("iter")) a.iter_bytes = to_int(kv["iter"], "iter (bytes per loop iteration)", -kMaxStride, kMaxStride);
    if (kv.count("iter2"))
      a.iter2_bytes = to_int(kv["iter2"], "iter2 (bytes per iteration of the next-outer loop)", -kMaxStride, kMaxStride);
    if (kv.count("blk")) a.block_bytes = to_int(kv["blk"], "blk (bytes per block)", -kMaxStride, kMaxStride);
    if (kv.count("wrap")) a.wrap_bytes = to_int(kv["wrap"], "wrap (footprint bytes)", 1, 1ll << 40);
    if (kv.count("off")) a.offset_bytes = to_int(kv["off"], "off (bytes)", -kMaxStride, kMaxStride);
    if (kv.count("dimx"))
      a.dim_x = static_cast<std::int32_t>(to_int(kv["dimx"], "dimx (threads per row)", 1, 1024));
    if (kv.count("pitch")) a.pitch_bytes = to_int(kv["pitch"], "pitch (bytes per row)", -kMaxStride, kMaxStride);
    if (kv.count("pitch") != kv.count("dimx"))
      fail("dimx= and pitch= come together (a 2-D block: row length, row pitch)");
    if (kv.count("gridx"))
      a.grid_x = static_cast<std::int32_t>(to_int(kv["gridx"], "gridx (blocks per grid row)", 1, 1 << 24));
    if (kv.count("blky")) a.block_y_bytes = to_int(kv["blky"], "blky (bytes per grid row)", -kMaxStride, kMaxStride);
    if (kv.count("gridx") != kv.count("blky"))
      fail("gridx= and blky= come together (a 2-D grid: blocks per row, bytes per row)");
    scatter(a, kv);
    int loops = 0;
    for (const auto& f : frames_) loops += f.kind == Frame::Loop;
    if (loops > 0) a.loop_depth = static_cast<std::uint8_t>(loops - 1);  // the innermost loop's counter
    else if (a.iter_bytes != 0) fail("iter= needs an enclosing loop");
    if (loops > 1) a.loop_depth2 = static_cast<std::uint8_t>(loops - 2);  // the next-outer loop's counter
    else if (a.iter2_bytes != 0) fail("iter2= needs two enclosing loops (it counts the outer one's iterations)");
    if (kernel_->addr_streams.size() >= 32767) fail("more than 32767 address streams in one kernel");
    in.addr = static_cast<std::int16_t>(kernel_->addr_streams.size());
    kernel_->addr_streams.push_back(a);
  }

  // The irregular term (`scatter=E [skey=K]`): a pseudo-random E-byte element of the footprint.
  void scatter(AddrStream& a, std::map<std::string, std::string>& kv) {
    if (!kv.count("scatter")) {
      if (kv.count("skey")) fail("skey= keys the pseudo-random element of scatter=; give scatter=ELEMENT_BYTES");
      return;
    }
    a.scatter_bytes = to_int(kv["scatter"], "scatter (element bytes)", 1, 1 << 20);
    if (a.wrap_bytes < a.scatter_bytes)
      fail("scatter= picks an element of the footprint: give wrap=BYTES of at least one element");
    a.scatter_key = static_cast<std::uint32_t>(kv.count("skey") ? to_int(kv["skey"], "skey (hash key)", 0, 65535)
                                                                : a.region);
    if (!kv.count("lane")) a.lane_bytes = 0;  // the element alone decides the address
  }

  void finish_kernel() {
    Instr e;
    e.op = OpClass::Exit;
    emit(e);
    for (int r = 0; r < kernel_->regs_per_thread; ++r)
      if (inside_[static_cast<std::size_t>(r)] > 0 && outside_[static_cast<std::size_t>(r)] == 0)
        kernel_->pvd_regs |= 1ull << r;
    if (kernel_->code.size() == 1) fail_at(kernel_line_, "kernel '" + kernel_->name + "' has no instructions");
    b_.kernels.push_back(std::move(*kernel_));
    kernel_.reset();
  }

  void resolve_launches() {
    for (const auto& [w, line] : pending_launches_) {
      line_ = line;
      if (w.size() < 3) fail("expected 'launch KERNEL grid=N[..M] [times=T]'");
      int k = -1;
      for (std::size_t i = 0; i < b_.kernels.size(); ++i)
        if (b_.kernels[i].name == w[1]) k = static_cast<int>(i);
      if (k < 0) fail("launch of undefined kernel '" + w[1] + "'");
      auto kv = key_values(w, 2, {"grid", "times"});
      if (!kv.count("grid")) fail("launch needs grid=N or grid=A..B");
      const std::string g = kv["grid"];
      const auto dots = g.find("..");
      const int lo = static_cast<int>(to_int(g.substr(0, dots), "grid", 1, 1 << 24));
      const int hi = dots == std::string::npos ? lo : static_cast<int>(to_int(g.substr(dots + 2), "grid", 1, 1 << 24));
      const int times = kv.count("times") ? static_cast<int>(to_int(kv["times"], "times", 1, 100000)) : 1;
      const int step = hi >= lo ? 1 : -1;
      for (int t = 0; t < times; ++t)
        for (int x = lo;; x += step) {
          b_.launches.push_back({k, x});
          if (x == hi) break;
        }
      if (b_.launches.size() > 100000) fail("more than 100000 launches");
    }
    if (b_.launches.empty()) fail_at(line_, "no 'launch' line");
  }

  std::string_view source_;
  int line_ = 0;
  int kernel_line_ = 0;
  bool saw_version_ = false;
  Benchmark b_;
  std::optional<Kernel> kernel_;
  std::vector<Frame> frames_;
  std::vector<int> inside_, outside_;
  std::vector<std::pair<std::vector<std::string>, int>> pending_launches_;
};

}  // namespace

Benchmark parse_benchmark(std::string_view text, std::string_view source_name) {
  return Parser(source_name).run(text);
}

std::filesystem::path kernel_file_path(const std::string& name_or_path) {
  const bool is_path = name_or_path.find('/') != std::string::npos ||
                       (name_or_path.size() > 7 && name_or_path.ends_with(".kernel"));
  return is_path ? std::filesystem::path(name_or_path) : data_dir() / "kernels" / (name_or_path + ".kernel");
}

std::vector<std::string> available_benchmarks() { return benchmarks_in(data_dir() / "kernels"); }

std::vector<std::string> benchmarks_in(const std::filesystem::path& dir) {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(dir, ec))
    if (e.path().extension() == ".kernel") out.push_back(e.path().stem().string());
  std::sort(out.begin(), out.end());
  return out;
}

Benchmark load_benchmark(const std::string& name_or_path) {
  const auto path = kernel_file_path(name_or_path);
  std::ifstream in(path);
  if (!in) {
    std::string avail;
    for (const auto& n : available_benchmarks()) avail += (avail.empty() ? "" : ", ") + n;
    throw InputError("unknown kernel '" + name_or_path + "' (no file " + path.string() + "); available: " + avail);
  }
  std::stringstream ss;
  ss << in.rdbuf();
  return parse_benchmark(ss.str(), path.string());
}

const char* op_name(OpClass op) {
  static const char* names[] = {"ialu", "imul", "imad", "idiv", "falu",    "fmul",   "fmad", "fdiv",
                                "dalu", "sfu",  "ld",   "st",   "barrier", "branch", "exit"};
  const auto i = static_cast<std::size_t>(op);
  return i < std::size(names) ? names[i] : "?";
}

}  // namespace rfvar::arch
