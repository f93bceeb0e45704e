// Line-oriented parser of the kernel text format; see docs/kernel-format.md for the grammar.
#include "workload/kernel_parser.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>

#include "workload/addr_stream_parser.h"
#include "workload/cond_parser.h"
#include "workload/kernel_fields.h"
#include "workload/lanes.h"
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

// The statement parser; its FieldReader base holds the source name and the current line.
class Parser : private FieldReader {
 public:
  Parser(std::string_view source, std::uint64_t max_warp_instructions)
      : FieldReader(source), max_warp_instructions_(max_warp_instructions) {}

  Benchmark run(std::string_view text) {
    std::istringstream in{std::string(text)};
    std::string raw;
    while (std::getline(in, raw)) {
      set_line(line() + 1);
      if (auto h = raw.find('#'); h != std::string::npos) raw.resize(h);
      auto words = split_ws(raw);
      if (words.empty()) continue;
      statement(words, raw);
    }
    if (kernel_) fail("kernel '" + kernel_->name + "' has no 'end'");
    if (!saw_version_) fail_at(1, "missing 'rfvar-kernel 1' header line");
    if (b_.name.empty()) fail_at(line(), "missing 'benchmark NAME' line");
    if (b_.kernels.empty()) fail_at(line(), "no kernel defined");
    resolve_launches();
    b_.source_file = std::string(source());
    return std::move(b_);
  }

 private:

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
      pending_launches_.push_back({w, line()});
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
    warp_instructions_ = 0.0;
    kernel_->name = w[1];
    kernel_->block_threads = static_cast<int>(to_int(kv["block"], "block", 1, 1024));
    kernel_->regs_per_thread = static_cast<int>(to_int(kv["regs"], "regs", 1, kMaxRegs - 1));
    kernel_->reg_ids = kernel_->regs_per_thread;  // architectural registers: one id each
    kernel_->smem_bytes = kv.count("smem") ? static_cast<int>(to_int(kv["smem"], "smem", 0, 49152)) : 0;
    inside_.assign(static_cast<std::size_t>(kernel_->regs_per_thread), 0);
    outside_.assign(static_cast<std::size_t>(kernel_->regs_per_thread), 0);
    kernel_->static_reg_weight.assign(static_cast<std::size_t>(kernel_->regs_per_thread), 0.0);
    kernel_->reg_lanes.assign(static_cast<std::size_t>(kernel_->warps_per_block() * kernel_->regs_per_thread), 0u);
    kernel_line_ = line();
  }

  double weight() const { return frames_.empty() ? 1.0 : frames_.back().weight; }
  bool in_pvd() const {
    return std::any_of(frames_.begin(), frames_.end(), [](const Frame& f) { return f.pvd; });
  }
  int pc() const { return static_cast<int>(kernel_->code.size()); }
  void emit(Instr i) {
    // A warp's expected dynamic instructions (loop trips multiplied in): nested loops whose
    // product no real kernel reaches are refused here, not after hours of simulation.
    warp_instructions_ += weight();
    if (warp_instructions_ > static_cast<double>(max_warp_instructions_))
      Limits::exceeded(std::string(source()) + ":" + std::to_string(line()) + ": warp instructions of kernel '" +
                           kernel_->name + "' (loop trips multiplied)",
                       "max_warp_instructions", warp_instructions_, static_cast<double>(max_warp_instructions_));
    i.line = line();
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
      f.line = line();
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
      b.cond = parse_cond(raw.substr(raw.find("if") + 2), *this);
      Frame f{Frame::If};
      f.head = pc();
      f.pvd = b.cond.programmatic() && b.cond.kind != CondKind::BidModLess;
      f.cond = b.cond;
      f.weight = weight() * (b.cond.kind == CondKind::RandomWarp ? b.cond.p : 1.0);
      f.line = line();
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
      in.dst[0] = static_cast<RegId>(reg(w[1]));
      in.ndst = 1;
      i = 3;
    }
    for (; i < w.size() && w[i].find('=') == std::string::npos; ++i) {
      if (in.nsrc == 3) fail("more than 3 source registers");  // the format's limit
      in.src[in.nsrc++] = static_cast<RegId>(reg(w[i]));
    }
    const bool mem = in.space != MemSpace::None;
    static const std::vector<std::string> kMemKeys = {"tx",   "l1",  "l2",  "addr", "lane",  "iter", "iter2", "blk",
                                                      "wrap", "off", "dimx", "pitch", "gridx", "blky",
                                                      "scatter", "skey"};
    auto kv = key_values(w, i, mem ? kMemKeys : std::vector<std::string>{});
    if (in.op == OpClass::Load && in.ndst == 0) fail("a load needs a destination: ld.SPACE rD = rADDR");
    if (in.op == OpClass::Store && in.ndst != 0) fail("a store has no destination: st.SPACE rADDR rDATA");
    if (mem && in.nsrc == 0) fail("a memory instruction needs an address register");
    if (kv.count("tx")) in.transactions = static_cast<std::uint8_t>(to_int(kv["tx"], "tx", 1, 32));
    if (in.space == MemSpace::Shared && (kv.count("l1") || kv.count("l2")))
      fail("shared memory has no l1/l2 hit rates (use tx=WAYS for bank conflicts)");
    if (kv.count("l1")) in.l1_hit = static_cast<float>(to_prob(kv["l1"], "l1"));
    if (kv.count("l2")) in.l2_hit = static_cast<float>(to_prob(kv["l2"], "l2"));
    address_stream(in, kv);
    if (in.ndst) note_access(in.dst[0]);
    for (int s = 0; s < in.nsrc; ++s) note_access(in.src[s]);
    emit(in);
  }

  // The optional address stream of a global/local access, appended to the kernel's streams.
  void address_stream(Instr& in, const KeyValues& kv) {
    int loops = 0;
    for (const auto& f : frames_) loops += f.kind == Frame::Loop;
    const auto a = parse_addr_stream(in.space, kv, loops, *this);
    if (!a) return;
    if (kernel_->addr_streams.size() >= 32767) fail("more than 32767 address streams in one kernel");
    in.addr = static_cast<std::int16_t>(kernel_->addr_streams.size());
    in.mem_trace = true;  // the `.kernel` front end records its coalesced lines (kernel_workload.h)
    kernel_->addr_streams.push_back(*a);
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
    for (const auto& [w, at] : pending_launches_) {
      set_line(at);
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
    if (b_.launches.empty()) fail_at(line(), "no 'launch' line");
  }

  int kernel_line_ = 0;
  bool saw_version_ = false;
  Benchmark b_;
  std::optional<Kernel> kernel_;
  std::uint64_t max_warp_instructions_;
  double warp_instructions_ = 0.0;  // of the kernel being read
  std::vector<Frame> frames_;
  std::vector<int> inside_, outside_;
  std::vector<std::pair<std::vector<std::string>, int>> pending_launches_;
};

}  // namespace

Benchmark parse_benchmark(std::string_view text, std::string_view source_name, std::uint64_t max_warp_instructions) {
  return Parser(source_name, max_warp_instructions).run(text);
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

Benchmark load_benchmark(const std::string& name_or_path, const Limits& limits) {
  const auto path = kernel_file_path(name_or_path);
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) {
    std::string avail;
    for (const auto& n : available_benchmarks()) avail += (avail.empty() ? "" : ", ") + n;
    throw InputError("unknown kernel '" + name_or_path + "' (no file " + path.string() + "); available: " + avail);
  }
  return parse_benchmark(read_text_input(path, limits.max_input_bytes), path.string(), limits.max_warp_instructions);
}

const char* op_name(OpClass op) {
  static const char* names[] = {"ialu", "imul", "imad", "idiv", "falu",    "fmul",   "fmad", "fdiv",
                                "dalu", "sfu",  "ld",   "st",   "barrier", "branch", "exit"};
  const auto i = static_cast<std::size_t>(op);
  return i < std::size(names) ? names[i] : "?";
}

}  // namespace rfvar::arch
