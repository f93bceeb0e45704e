#include "ptx/interpreter.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "ptx/exec.h"
#include "common/config.h"

namespace rfvar::arch::ptx {

namespace {
// A warp runs until a barrier or its exit; this many instructions in one run means it never will.
constexpr std::uint64_t kMaxWarpRun = 4'000'000'000ull;
// Dynamic shared memory per block: far above any GPU's (Fermi 48 KiB, Hopper 227 KiB).
constexpr std::uint32_t kMaxDynamicShared = 16u << 20;

struct SimtEntry {
  std::int32_t pc;
  std::int32_t rpc;  // reconvergence pc, -1: none (the lanes exit)
  std::uint32_t mask;
};

struct Warp {
  std::uint64_t* r = nullptr;
  std::uint32_t* p = nullptr;
  std::vector<SimtEntry> stack;
  WarpPlace place;
  std::uint64_t issued = 0;  // warp instructions issued in this launch (limits.max_warp_instructions)
  bool at_barrier = false;
  bool done = false;
};

void pop_reconverged(std::vector<SimtEntry>& s) {
  while (!s.empty() && (s.back().mask == 0 || s.back().pc == s.back().rpc)) s.pop_back();
}

class LaunchRunner {
 public:
  LaunchRunner(const Program& prog, const Entry& e, const LaunchShape& shape,
               std::span<const unsigned char> params, DeviceMemory& mem, const TraceOptions& opt)
      : prog_(prog), e_(e), shape_(shape), opt_(opt) {
    const bool dims_ok = shape.block[0] <= 1024 && shape.block[1] <= 1024 && shape.block[2] <= 1024;  // no wrap below
    const std::uint64_t threads = dims_ok ? std::uint64_t{shape.block[0]} * shape.block[1] * shape.block[2] : 1025;
    if (threads == 0 || threads > 1024) fail("block of " + std::to_string(threads) + " threads (1 .. 1024)");
    // Every warp of every block issues at least its exit: a grid whose warps alone pass the
    // launch limit is refused before anything runs (and before the product could overflow).
    std::uint64_t blocks = 1;
    const std::uint64_t warps_per_block = (threads + 31) / 32;
    for (const std::uint32_t g : shape.grid) {
      if (g == 0) fail("empty grid");
      if (blocks > opt.max_launch_instructions / g || blocks * g > opt.max_launch_instructions / warps_per_block)
        Limits::exceeded(prog.file + ": launch of '" + e.name + "': warps of the grid " + std::to_string(shape.grid[0]) +
                             " x " + std::to_string(shape.grid[1]) + " x " + std::to_string(shape.grid[2]),
                         "max_launch_instructions",
                         static_cast<double>(shape.grid[0]) * shape.grid[1] * shape.grid[2] * static_cast<double>(warps_per_block),
                         static_cast<double>(opt.max_launch_instructions));
      blocks *= g;
    }
    if (shape.dynamic_shared_bytes > kMaxDynamicShared)
      fail("dynamic shared memory of " + std::to_string(shape.dynamic_shared_bytes) + " bytes (at most " +
           std::to_string(kMaxDynamicShared) + ")");
    if (params.size() != static_cast<std::size_t>(e.param_bytes))
      fail(std::to_string(params.size()) + " parameter bytes, the entry takes " +
           std::to_string(e.param_bytes));
    threads_ = static_cast<int>(threads);
    nwarps_ = (threads_ + 31) / 32;
    blocks_ = blocks;
    params_.assign(params.begin(), params.end());
    shared_.resize(static_cast<std::size_t>(e.dynamic_shared_offset + shape.dynamic_shared_bytes));
    local_.resize(static_cast<std::size_t>(e.local_bytes) * static_cast<std::size_t>(threads_));
    ctx_.global = &mem;
    ctx_.shared = shared_.data();
    ctx_.shared_bytes = shared_.size();
    ctx_.local = local_.data();
    ctx_.local_bytes = static_cast<std::uint64_t>(e.local_bytes);
    ctx_.params = params_.data();
    ctx_.param_bytes = params_.size();
    ctx_.consts = prog.const_image.data();
    ctx_.const_bytes = prog.const_image.size();
    ctx_.line_bytes = opt.line_bytes;
    ctx_.keys = opt.keys;
    ctx_.file = &prog.file;
    ctx_.scratch = scratch_.get();
    const std::size_t vs = static_cast<std::size_t>(e.value_slots) * 32;
    regs_.assign(vs * static_cast<std::size_t>(nwarps_), 0);
    preds_.assign(static_cast<std::size_t>(std::max(e.pred_slots, 1)) * static_cast<std::size_t>(nwarps_), 0);
    warps_.resize(static_cast<std::size_t>(nwarps_));
    for (int w = 0; w < nwarps_; ++w) {
      Warp& wp = warps_[static_cast<std::size_t>(w)];
      wp.r = regs_.data() + vs * static_cast<std::size_t>(w);
      wp.p =
          preds_.data() + static_cast<std::size_t>(std::max(e.pred_slots, 1)) * static_cast<std::size_t>(w);
      for (const ConstSlot& c : e.consts) std::fill_n(slot(wp.r, c.slot), 32, c.bits);
      auto uni = [&](SpecialReg s, std::uint64_t v) {
        std::fill_n(slot(wp.r, static_cast<std::int32_t>(s)), 32, v);
      };
      uni(SpecialReg::Zero, 0);
      uni(SpecialReg::NtidX, shape.block[0]), uni(SpecialReg::NtidY, shape.block[1]),
          uni(SpecialReg::NtidZ, shape.block[2]);
      uni(SpecialReg::NctaidX, shape.grid[0]), uni(SpecialReg::NctaidY, shape.grid[1]),
          uni(SpecialReg::NctaidZ, shape.grid[2]);
      uni(SpecialReg::WarpId, static_cast<std::uint64_t>(w)),
          uni(SpecialReg::NWarpId, static_cast<std::uint64_t>(nwarps_));
      for (int l = 0; l < 32; ++l) {
        const std::uint32_t t = static_cast<std::uint32_t>(w * 32 + l);
        slot(wp.r, static_cast<std::int32_t>(SpecialReg::TidX))[l] = t % shape.block[0];
        slot(wp.r, static_cast<std::int32_t>(SpecialReg::TidY))[l] = (t / shape.block[0]) % shape.block[1];
        slot(wp.r, static_cast<std::int32_t>(SpecialReg::TidZ))[l] = t / (shape.block[0] * shape.block[1]);
        slot(wp.r, static_cast<std::int32_t>(SpecialReg::LaneId))[l] = static_cast<std::uint64_t>(l);
        const std::uint32_t eq = 1u << l, lt = eq - 1;
        slot(wp.r, static_cast<std::int32_t>(SpecialReg::LanemaskEq))[l] = eq;
        slot(wp.r, static_cast<std::int32_t>(SpecialReg::LanemaskLe))[l] = lt | eq;
        slot(wp.r, static_cast<std::int32_t>(SpecialReg::LanemaskLt))[l] = lt;
        slot(wp.r, static_cast<std::int32_t>(SpecialReg::LanemaskGe))[l] = ~lt;
        slot(wp.r, static_cast<std::int32_t>(SpecialReg::LanemaskGt))[l] = ~(lt | eq);
      }
    }
  }

  LaunchTrace run(LaunchStats* stats) {
    LaunchTrace lt;
    if (opt_.record) lt.blocks.resize(blocks_);
    for (std::uint64_t b = 0; b < blocks_; ++b) run_block(b, opt_.record ? &lt.blocks[b] : nullptr);
    if (stats) stats->warp_instructions += count_;
    return lt;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    throw InputError(prog_.file + ": launch of '" + e_.name + "': " + what);
  }

  [[noreturn]] void over_limit(const Warp& w) const {
    const std::string at = prog_.file + ": launch of '" + e_.name + "'";
    if (w.issued > opt_.max_warp_instructions)
      Limits::exceeded(at + ": warp instructions of warp " + std::to_string(w.place.warp_uid) +
                           " (a loop that never ends?)",
                       "max_warp_instructions", static_cast<double>(w.issued), static_cast<double>(opt_.max_warp_instructions));
    Limits::exceeded(at + ": warp instructions of the launch", "max_launch_instructions", static_cast<double>(count_),
                     static_cast<double>(opt_.max_launch_instructions));
  }

  void run_block(std::uint64_t b, BlockTrace* bt) {
    std::fill(shared_.begin(), shared_.end(), 0);
    std::fill(local_.begin(), local_.end(), 0);
    std::fill(preds_.begin(), preds_.end(), 0);
    const std::uint64_t cx = b % shape_.grid[0], cy = (b / shape_.grid[0]) % shape_.grid[1];
    const std::uint64_t cz = b / (std::uint64_t{shape_.grid[0]} * shape_.grid[1]);
    if (bt) bt->warps.resize(static_cast<std::size_t>(nwarps_));
    for (int w = 0; w < nwarps_; ++w) {
      Warp& wp = warps_[static_cast<std::size_t>(w)];
      std::fill_n(slot(wp.r, static_cast<std::int32_t>(SpecialReg::CtaidX)), 32, cx);
      std::fill_n(slot(wp.r, static_cast<std::int32_t>(SpecialReg::CtaidY)), 32, cy);
      std::fill_n(slot(wp.r, static_cast<std::int32_t>(SpecialReg::CtaidZ)), 32, cz);
      const int n = std::min(32, threads_ - w * 32);
      const std::uint32_t lanes = n == 32 ? 0xFFFFFFFFu : (1u << n) - 1;
      wp.stack.assign(1, SimtEntry{0, -1, lanes});
      wp.place.first_thread = w * 32;
      wp.place.warp_uid = b * static_cast<std::uint64_t>(nwarps_) + static_cast<std::uint64_t>(w);
      wp.at_barrier = wp.done = false;
      wp.issued = 0;
      if (e_.pred_true >= 0) wp.p[e_.pred_true] = 0xFFFFFFFFu;
    }
    for (;;) {
      for (int w = 0; w < nwarps_; ++w) {
        Warp& wp = warps_[static_cast<std::size_t>(w)];
        if (!wp.done && !wp.at_barrier) run_warp(wp, bt ? &bt->warps[static_cast<std::size_t>(w)] : nullptr);
      }
      bool waiting = false;
      for (Warp& wp : warps_)
        if (wp.at_barrier) waiting = true, wp.at_barrier = false;
      if (!waiting) break;
    }
  }

  // Runs the warp until it reaches a barrier or exits; an opcode / type combination the executors
  // do not implement becomes an InputError naming the instruction's line.
  void run_warp(Warp& w, WarpTrace* tr) {
    try {
      run_warp_unchecked(w, tr);
    } catch (const std::logic_error& e) {
      const SimtEntry& top = w.stack.back();
      const InstrInfo& info = e_.info[static_cast<std::size_t>(top.pc)];
      throw InputError(prog_.file + ":" + std::to_string(info.line) + ": unsupported instruction '" +
                       info.opcode + "' (" + e.what() + ")");
    }
  }

  void run_warp_unchecked(Warp& w, WarpTrace* tr) {
    const Instr* code = e_.code.data();
    const std::int32_t n = static_cast<std::int32_t>(e_.code.size());
    std::uint64_t* r = w.r;
    std::uint32_t* p = w.p;
    const std::uint64_t limit = count_ + kMaxWarpRun;
    for (;;) {
      SimtEntry& top = w.stack.back();
      const std::int32_t pc = top.pc;
      const std::uint32_t mask = top.mask;
      if (pc < 0 || pc >= n) fail("a warp ran past the end of the entry (pc " + std::to_string(pc) + ")");
      const Instr& in = code[pc];
      if (++count_ > limit)
        fail("a warp issued " + std::to_string(kMaxWarpRun) +
             " instructions without reaching a barrier or its exit "
             "(a spin wait on another warp? warps run until they block)");
      if (++w.issued > opt_.max_warp_instructions || count_ > opt_.max_launch_instructions) over_limit(w);
      if (tr) tr->steps.push_back({pc, mask});
      std::uint32_t m = mask;
      if (in.guard >= 0) m &= in.guard_neg ? ~p[in.guard] : p[in.guard];
      switch (in.op) {
        case Op::Bra: {
          const std::uint32_t nt = mask & ~m;
          if (nt == 0)
            top.pc = in.target;
          else if (m == 0 || in.target == pc + 1)
            top.pc = pc + 1;
          else {
            const std::int32_t rpc = e_.reconverge[static_cast<std::size_t>(pc)];
            top.pc = rpc;
            w.stack.push_back({in.target, rpc, m});
            w.stack.push_back({pc + 1, rpc, nt});
          }
          break;
        }
        case Op::Ret:
        case Op::Exit:
          top.pc = pc + 1;
          for (SimtEntry& s : w.stack) s.mask &= ~m;
          pop_reconverged(w.stack);
          if (w.stack.empty()) {
            w.done = true;
            return;
          }
          continue;
        case Op::Bar:
          top.pc = pc + 1;
          pop_reconverged(w.stack);
          w.at_barrier = true;
          return;
        case Op::Ld:
        case Op::St:
        case Op::Atom:
        case Op::Red:
          exec_mem(in, e_.info[static_cast<std::size_t>(pc)], r, m, w.place, ctx_, tr);
          top.pc = pc + 1;
          break;
        case Op::Cvta:
          exec_mem(in, e_.info[static_cast<std::size_t>(pc)], r, m, w.place, ctx_, nullptr);
          top.pc = pc + 1;
          break;
        case Op::Mov:
        case Op::Cvt:
        case Op::Setp:
        case Op::Set:
        case Op::Selp:
        case Op::Slct:
          exec_move(in, r, p, m);
          top.pc = pc + 1;
          break;
        case Op::Shfl:
        case Op::Vote:
        case Op::Activemask:
          exec_warp(in, r, p, m, mask);
          top.pc = pc + 1;
          break;
        case Op::Prefetch:
        case Op::Membar:
        case Op::BarWarp:
          top.pc = pc + 1;
          break;
        default:
          if (is_float(in.type))
            exec_float(in, r, p, m);
          else
            exec_int(in, r, p, m);
          top.pc = pc + 1;
          break;
      }
      pop_reconverged(w.stack);
    }
  }

  const Program& prog_;
  const Entry& e_;
  LaunchShape shape_;
  TraceOptions opt_;
  int threads_ = 0, nwarps_ = 0;
  std::uint64_t blocks_ = 0;
  std::vector<unsigned char> params_, shared_, local_;
  std::vector<std::uint64_t> regs_;
  std::vector<std::uint32_t> preds_;
  std::vector<Warp> warps_;
  std::unique_ptr<MemScratch> scratch_ = std::make_unique<MemScratch>();
  MemContext ctx_;
  std::uint64_t count_ = 0;
};
}  // namespace

void load_module(const Program& prog, DeviceMemory& mem) {
  if (prog.global_image_bytes == 0) return;
  if (mem.size() != 0) throw std::logic_error("ptx: load_module on a DeviceMemory already in use");
  mem.allocate(static_cast<std::uint64_t>(prog.global_image_bytes));
  for (const Variable& v : prog.globals)
    if (v.space == Space::Global && !v.init.empty())
      std::memcpy(mem.at(kGlobalBase + static_cast<std::uint64_t>(v.offset), v.init.size()), v.init.data(),
                  v.init.size());
}

LaunchTrace run_launch(const Program& prog, const Entry& entry, const LaunchShape& shape,
                       std::span<const unsigned char> params, DeviceMemory& mem, const TraceOptions& opt,
                       LaunchStats* stats) {
  return LaunchRunner(prog, entry, shape, params, mem, opt).run(stats);
}

}  // namespace rfvar::arch::ptx
