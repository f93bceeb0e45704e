// A line-at-a-time state machine over a kernel-N.traceg: header, then #BEGIN_TB blocks holding
// `warp = w` / `insts = n` sections. Steps get provisional PC indices (order of first appearance);
// finish() sorts the PCs and renumbers.
#include "frontend/accelsim/kernel_trace_reader.h"

#include <algorithm>
#include <limits>
#include <cstdio>
#include <fstream>
#include <span>
#include <unordered_map>

#include "frontend/accelsim/kernel_header.h"
#include "frontend/accelsim/lane_memory.h"
#include "frontend/accelsim/opcode_table.h"
#include "frontend/accelsim/text_fields.h"
#include "frontend/accelsim/trace_line.h"

namespace rfvar::arch::accelsim {
namespace {

// "key = value" -> value, if `t` is such a line for `key`.
bool key_value(std::string_view t, std::string_view key, std::string_view& value) {
  if (!t.starts_with(key)) return false;
  const std::string_view rest = trim(t.substr(key.size()));
  if (rest.empty() || rest.front() != '=') return false;
  value = trim(rest.substr(1));
  return true;
}

std::string hex_pc(std::uint64_t pc) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%04llx", static_cast<unsigned long long>(pc));
  return buf;
}

class Reader {
 public:
  // `text_bytes`: the size of the whole trace text, which bounds the blocks it can hold.
  Reader(std::string_view source, const ReadOptions& options, std::size_t text_bytes)
      : source_(source), options_(options), text_bytes_(text_bytes) {
    if (options.line_bytes <= 0) throw InputError("accelsim reader: line_bytes must be > 0");
    kernel_.source = source_;
  }

  void add_line(std::string_view text) {
    ++line_;
    const std::string_view t = trim(text);
    if (t.empty()) return;
    switch (state_) {
      case State::Header:
        return header_line(t);
      case State::Between:
        return between_line(t);
      case State::BlockHead:
        return block_head_line(t);
      case State::InBlock:
        return in_block_line(t);
      case State::WarpHead:
        return warp_head_line(t);
      case State::Insts:
        return insts_line(t);
    }
  }

  SassKernel finish() {
    const Where w = here();
    if (state_ == State::Header) fail(w, "no #BEGIN_TB: the trace holds no thread block");
    if (state_ == State::Insts)
      fail(w, "the file ends inside " + warp_name() + " after " + std::to_string(insts_count_ - insts_left_) +
                  " instruction lines, fewer than " + insts_promise() + " says");
    if (state_ != State::Between)
      fail(w, "missing #END_TB: the file ends inside " + block_name_ + " opened at line " +
                  std::to_string(block_open_line_));
    const auto missing = std::find(block_line_.begin(), block_line_.end(), 0);
    if (missing != block_line_.end()) {
      const std::int64_t id = missing - block_line_.begin();
      fail(w, std::to_string(std::count(block_line_.begin(), block_line_.end(), 0)) + " of " +
                  std::to_string(block_line_.size()) + " blocks are missing, the first is " + block_of(id));
    }
    renumber_pcs();
    return std::move(kernel_);
  }

 private:
  enum class State { Header, Between, BlockHead, InBlock, WarpHead, Insts };

  Where here() const { return {source_, line_}; }

  void header_line(std::string_view t) {
    if (t.front() == '-') return read_header_line(t, here(), header_);
    if (t == "#BEGIN_TB") {
      check_header(header_, here());
      const KernelHeader& h = header_.header;
      kernel_.header = h;
      format_ = {h.lineinfo, h.tracer_version >= 5};
      warps_per_block_ = static_cast<int>((h.block.count() + 31) / 32);
      // Every block of the grid must be in the file (finish()), and a block takes at least its
      // "#BEGIN_TB", "thread block = x,y,z" and "#END_TB" lines: a larger grid cannot be complete,
      // and is refused before one slot per block is allocated (fuzz_accelsim found a 200 M-block grid).
      constexpr std::uint64_t kMinBlockBytes = 36;
      if (static_cast<std::uint64_t>(h.grid.count()) > text_bytes_ / kMinBlockBytes + 1)
        fail(here(), "grid of " + std::to_string(h.grid.count()) + " blocks, but a trace of " +
                         std::to_string(text_bytes_) + " bytes holds at most " +
                         std::to_string(text_bytes_ / kMinBlockBytes + 1) +
                         " (every block must be traced: #BEGIN_TB, thread block = x,y,z, #END_TB)");
      block_line_.assign(static_cast<std::size_t>(h.grid.count()), 0);
      kernel_.trace.blocks.resize(block_line_.size());
      return begin_block();
    }
    if (t.front() == '#') return;  // "#traces format = ..." and other comments
    fail(here(), "expected a header line '-key = value' or #BEGIN_TB, got " + excerpt(t));
  }

  void between_line(std::string_view t) {
    if (t == "#BEGIN_TB") return begin_block();
    fail(here(), "expected #BEGIN_TB, got " + excerpt(t));
  }

  void begin_block() {
    block_open_line_ = line_;
    state_ = State::BlockHead;
  }

  void block_head_line(std::string_view t) {
    std::string_view v;
    if (!key_value(t, "thread block", v))
      fail(here(), "expected 'thread block = x,y,z' after #BEGIN_TB, got " + excerpt(t));
    std::uint32_t c[3] = {0, 0, 0};
    std::string_view s = v;
    for (int k = 0; k < 3; ++k) {
      const std::size_t comma = s.find(',');
      if ((k < 2) == (comma == std::string_view::npos) || !parse_dec(trim(s.substr(0, comma)), c[k]))
        fail(here(), "bad thread block " + excerpt(v) + ": expected x,y,z");
      s = k < 2 ? s.substr(comma + 1) : std::string_view{};
    }
    const Dim3& g = header_.header.grid;
    if (c[0] >= g.x || c[1] >= g.y || c[2] >= g.z)
      fail(here(), "thread block " + excerpt(v) + " outside the grid (" + std::to_string(g.x) + "," +
                       std::to_string(g.y) + "," + std::to_string(g.z) + ")");
    block_id_ = c[0] + std::int64_t{c[1]} * g.x + std::int64_t{c[2]} * g.x * g.y;
    block_name_ =
        "block (" + std::to_string(c[0]) + "," + std::to_string(c[1]) + "," + std::to_string(c[2]) + ")";
    std::int64_t& seen = block_line_[static_cast<std::size_t>(block_id_)];
    if (seen != 0) fail(here(), block_name_ + " given twice (first at line " + std::to_string(seen) + ")");
    seen = line_;
    block_ = &kernel_.trace.blocks[static_cast<std::size_t>(block_id_)];
    block_->warps.assign(static_cast<std::size_t>(warps_per_block_), WarpTrace{});
    warp_line_.assign(static_cast<std::size_t>(warps_per_block_), 0);
    warp_ = nullptr;
    state_ = State::InBlock;
  }

  void in_block_line(std::string_view t) {
    std::string_view v;
    if (t == "#END_TB") return end_block();
    if (key_value(t, "warp", v)) {
      if (!parse_dec(v, warp_index_) || warp_index_ < 0 || warp_index_ >= warps_per_block_)
        fail(here(), "bad warp " + excerpt(v) + ": blocks of " +
                         std::to_string(header_.header.block.count()) + " threads have warps 0.." +
                         std::to_string(warps_per_block_ - 1));
      std::int64_t& seen = warp_line_[static_cast<std::size_t>(warp_index_)];
      if (seen != 0)
        fail(here(), "warp " + std::to_string(warp_index_) + " of " + block_name_ +
                         " given twice (first at line " + std::to_string(seen) + ")");
      seen = line_;
      warp_ = &block_->warps[static_cast<std::size_t>(warp_index_)];
      state_ = State::WarpHead;
      return;
    }
    std::string hint;
    if (warp_ != nullptr) hint = " (more instruction lines than " + insts_promise() + "?)";
    if (t == "#BEGIN_TB") hint = " (missing #END_TB for " + block_name_ + ")";
    fail(here(), "expected 'warp = N' or #END_TB, got " + excerpt(t) + hint);
  }

  void warp_head_line(std::string_view t) {
    std::string_view v;
    if (!key_value(t, "insts", v) || !parse_dec(v, insts_count_) || insts_count_ < 0)
      fail(here(), "expected 'insts = N' (N >= 0) after 'warp = " + std::to_string(warp_index_) + "', got " +
                       excerpt(t));
    insts_line_ = line_;
    insts_left_ = insts_count_;
    // The count is a promise the lines must keep: reserve no more than a modest prefix of it.
    warp_->steps.reserve(static_cast<std::size_t>(std::min<std::int64_t>(insts_count_, 1 << 16)));
    state_ = insts_count_ > 0 ? State::Insts : State::InBlock;
  }

  void insts_line(std::string_view t) {
    const char c = t.front();
    if (c == '#' || c == 'w' || c == 't' || c == 'i')
      fail(here(), warp_name() + " has " + std::to_string(insts_count_ - insts_left_) +
                       " instruction lines, fewer than " + insts_promise() + " says; found " + excerpt(t));
    parse_inst_line(t, format_, here(), tokens_, inst_);
    const std::int32_t pc = static_index();
    const SassInstr& s = code_[static_cast<std::size_t>(pc)];
    warp_->steps.push_back({pc, inst_.mask});
    ++kernel_.warp_instructions;
    if (s.mem_traced()) {
      const std::span<const std::uint64_t> addrs(inst_.addr.data(), static_cast<std::size_t>(inst_.naddr));
      TraceMem m;
      m.first = static_cast<std::uint32_t>(warp_->lines.size());
      m.count =
          s.space == MemSpace::Shared
              ? shared_conflict_degree(addrs, s.mem_width)
              : append_lines(addrs, static_cast<std::uint64_t>(options_.line_bytes), s.space, warp_->lines);
      warp_->mem.push_back(m);
    }
    if (--insts_left_ == 0) {
      if (s.op != OpClass::Exit)
        fail(here(), warp_name() + " ends with " + excerpt(s.opcode) +
                         ", not EXIT (Accel-Sim traces end every warp with EXIT)");
      state_ = State::InBlock;
    }
  }

  void end_block() {
    for (int w = 0; w < warps_per_block_; ++w)
      if (warp_line_[static_cast<std::size_t>(w)] == 0)
        fail(here(), block_name_ + " opened at line " + std::to_string(block_open_line_) +
                         " has no 'warp = " + std::to_string(w) + "' (blocks of " +
                         std::to_string(header_.header.block.count()) + " threads have " +
                         std::to_string(warps_per_block_) + " warps)");
    state_ = State::Between;
  }

  // The provisional index of this line's PC; a new PC is classified, a known one must match.
  std::int32_t static_index() {
    const auto [it, fresh] = pc_index_.try_emplace(inst_.pc, static_cast<std::int32_t>(code_.size()));
    if (!fresh) {
      check_same(code_[static_cast<std::size_t>(it->second)]);
      return it->second;
    }
    const auto cls = classify_opcode(inst_.opcode);
    if (!cls)
      fail(here(), "unknown SASS opcode " + excerpt(inst_.opcode) +
                       " (docs/accelsim-traces.md lists the accepted ones)");
    const bool memory = cls->op == OpClass::Load || cls->op == OpClass::Store;
    if (inst_.mem_width > 0 && !memory)
      fail(here(), excerpt(inst_.opcode) + " is not a memory instruction but has memory width " +
                       std::to_string(inst_.mem_width));
    SassInstr s;
    s.pc = inst_.pc;
    s.opcode = std::string(inst_.opcode);
    s.dst.assign(inst_.dst.begin(), inst_.dst.begin() + inst_.ndst);
    s.src.assign(inst_.src.begin(), inst_.src.begin() + inst_.nsrc);
    s.mem_width = inst_.mem_width;
    s.op = cls->op;
    s.space = cls->space;
    s.first_line = line_;
    code_.push_back(std::move(s));
    return it->second;
  }

  void check_same(const SassInstr& s) const {
    const bool same =
        s.opcode == inst_.opcode && s.mem_width == inst_.mem_width &&
        std::equal(s.dst.begin(), s.dst.end(), inst_.dst.begin(), inst_.dst.begin() + inst_.ndst) &&
        std::equal(s.src.begin(), s.src.end(), inst_.src.begin(), inst_.src.begin() + inst_.nsrc);
    if (!same)
      fail(here(), "PC " + hex_pc(s.pc) + " differs from its first occurrence at line " +
                       std::to_string(s.first_line) + " (opcode " + excerpt(s.opcode) +
                       ", registers and memory width must be the same each time)");
  }

  void renumber_pcs() {
    std::vector<std::int32_t> order(code_.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<std::int32_t>(i);
    std::sort(order.begin(), order.end(), [&](std::int32_t a, std::int32_t b) {
      return code_[static_cast<std::size_t>(a)].pc < code_[static_cast<std::size_t>(b)].pc;
    });
    std::vector<std::int32_t> final_index(code_.size());
    kernel_.code.reserve(code_.size());
    for (std::size_t i = 0; i < order.size(); ++i) {
      final_index[static_cast<std::size_t>(order[i])] = static_cast<std::int32_t>(i);
      kernel_.code.push_back(std::move(code_[static_cast<std::size_t>(order[i])]));
    }
    for (BlockTrace& b : kernel_.trace.blocks)
      for (WarpTrace& w : b.warps)
        for (TraceStep& s : w.steps) s.pc = final_index[static_cast<std::size_t>(s.pc)];
  }

  std::string block_of(std::int64_t id) const {
    const Dim3& g = header_.header.grid;
    return "block (" + std::to_string(id % g.x) + "," + std::to_string(id / g.x % g.y) + "," +
           std::to_string(id / (std::int64_t{g.x} * g.y)) + ")";
  }
  std::string warp_name() const { return "warp " + std::to_string(warp_index_) + " of " + block_name_; }
  std::string insts_promise() const {
    return "'insts = " + std::to_string(insts_count_) + "' at line " + std::to_string(insts_line_);
  }

  std::string source_;
  ReadOptions options_;
  std::size_t text_bytes_ = 0;
  std::int64_t line_ = 0;
  State state_ = State::Header;
  HeaderState header_;
  LineFormat format_;
  int warps_per_block_ = 1;
  SassKernel kernel_;
  std::vector<SassInstr> code_;  // provisional order
  std::unordered_map<std::uint64_t, std::int32_t> pc_index_;
  std::vector<std::int64_t> block_line_;  // [block id] line of its 'thread block', 0 = not seen
  // The open block and warp.
  std::int64_t block_open_line_ = 0;
  std::int64_t block_id_ = 0;
  std::string block_name_;
  BlockTrace* block_ = nullptr;
  std::vector<std::int64_t> warp_line_;  // [warp in block] line of its 'warp =', 0 = not seen
  WarpTrace* warp_ = nullptr;
  int warp_index_ = 0;
  std::int64_t insts_count_ = 0;
  std::int64_t insts_left_ = 0;
  std::int64_t insts_line_ = 0;
  std::vector<std::string_view> tokens_;
  InstLine inst_;
};

}  // namespace

SassKernel parse_kernel_trace(std::string_view text, std::string_view source_name,
                              const ReadOptions& options) {
  Reader r(source_name, options, text.size());
  while (!text.empty()) {
    const std::size_t nl = text.find('\n');
    r.add_line(text.substr(0, nl));
    text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
  }
  return r.finish();
}

SassKernel read_kernel_trace(const std::filesystem::path& file, const ReadOptions& options) {
  const std::string name = file.string();
  if (name.ends_with(".xz"))
    throw InputError(name + ": compressed traces (.traceg.xz) are not supported; decompress first (xz -dk " +
                     name + ")");
  std::ifstream in(file, std::ios::binary);
  if (!in) throw InputError(name + ": cannot open the kernel trace");
  std::error_code ec;
  const std::uintmax_t bytes = std::filesystem::file_size(file, ec);  // no size (a FIFO): no bound from it
  Reader r(name, options, ec ? std::numeric_limits<std::size_t>::max() : static_cast<std::size_t>(bytes));
  // Chunks of 1 MiB; a line cut by a chunk boundary is completed in `carry`.
  std::string chunk(std::size_t{1} << 20, '\0');
  std::string carry;
  while (in.read(chunk.data(), static_cast<std::streamsize>(chunk.size())) || in.gcount() > 0) {
    std::string_view data(chunk.data(), static_cast<std::size_t>(in.gcount()));
    for (std::size_t nl; (nl = data.find('\n')) != std::string_view::npos; data.remove_prefix(nl + 1)) {
      if (carry.empty()) {
        r.add_line(data.substr(0, nl));
      } else {
        carry.append(data.substr(0, nl));
        r.add_line(carry);
        carry.clear();
      }
    }
    carry.append(data);
  }
  if (!carry.empty()) r.add_line(carry);
  return r.finish();
}

}  // namespace rfvar::arch::accelsim
