// The `.kernel` front end's SIMT walk (structured control flow of docs/kernel-format.md).
#include "arch/workload/kernel_workload.h"

#include <stdexcept>

#include "arch/memory/coalescer.h"
#include "arch/workload/draw.h"

namespace rfvar::arch {

namespace {

struct Walker {
  struct Entry {
    std::int32_t pc, rpc;
    std::uint32_t mask;
  };
  Entry stack[20];
  int depth = 0;
  std::int32_t loop_count[8] = {};

  std::int32_t pc() const { return stack[depth].pc; }
  std::uint32_t mask() const { return stack[depth].mask; }
  void set_pc(std::int32_t pc) {
    stack[depth].pc = pc;
    while (depth > 0 && stack[depth].pc == stack[depth].rpc) --depth;  // reconverge
  }
};

// Lanes of the warp meeting `c` (Tan §3.3.4: programmatic conditions depend on thread / block IDs
// only, lanes.cpp; data-dependent ones draw per warp instruction).
std::uint32_t cond_mask(const Cond& c, int bid, int wib, std::uint64_t key, std::uint64_t a, std::uint32_t step,
                        std::int32_t pc) {
  switch (c.kind) {
    case CondKind::BidModLess: return bid % c.a < c.b ? ~0u : 0u;
    case CondKind::RandomWarp:
    case CondKind::RandomLane: {
      const std::uint64_t b = draw_step_word(wib, step) ^ (static_cast<std::uint64_t>(pc) << 40) ^ 0x80;
      if (c.kind == CondKind::RandomWarp) return workload_draw(key, a, b) < c.p ? ~0u : 0u;
      std::uint32_t m = 0;
      for (int l = 0; l < 32; ++l)
        if (workload_draw(key, a, b + static_cast<std::uint64_t>(l)) < c.p) m |= 1u << l;
      return m;
    }
    default: return programmatic_lanes(c, wib);
  }
}

}  // namespace

const BlockTrace& KernelWorkload::block(int launch, int bid, BlockTrace& scratch) const {
  const Kernel& k = b_.kernels[static_cast<std::size_t>(b_.launches[static_cast<std::size_t>(launch)].kernel)];
  scratch.warps.resize(static_cast<std::size_t>(k.warps_per_block()));
  for (int i = 0; i < k.warps_per_block(); ++i) warp(launch, bid, i, scratch.warps[static_cast<std::size_t>(i)]);
  return scratch;
}

void KernelWorkload::warp(int launch, int bid, int wib, WarpTrace& out) const {
  const Kernel& k = b_.kernels[static_cast<std::size_t>(b_.launches[static_cast<std::size_t>(launch)].kernel)];
  out.clear();
  const std::uint64_t a = draw_block_word(launch, bid);
  Walker w;
  w.stack[0] = {0, -1, warp_lanes(k.block_threads, wib)};
  for (;;) {
    const std::int32_t pc = w.pc();
    const Instr& in = k.code[static_cast<std::size_t>(pc)];
    const auto step = static_cast<std::uint32_t>(out.steps.size());
    out.steps.push_back({pc, w.mask()});
    if (in.mem_trace) {
      const AddrStream& s = k.addr_streams[static_cast<std::size_t>(in.addr)];
      const std::int32_t iter = s.loop_depth == kNoLoop ? 0 : w.loop_count[s.loop_depth];
      const std::int32_t iter2 = s.loop_depth2 == kNoLoop ? 0 : w.loop_count[s.loop_depth2];
      std::uint64_t lines[32];
      const int n = coalesce(s, bid, wib, iter, iter2, w.mask(), line_bytes_, lines);
      out.mem.push_back({static_cast<std::uint32_t>(out.lines.size()), static_cast<std::uint32_t>(n)});
      out.lines.insert(out.lines.end(), lines, lines + n);
    }
    if (in.op == OpClass::Exit) return;
    switch (in.branch) {
      case BranchKind::LoopBack:
        if (++w.loop_count[in.depth] < in.trip) {
          w.set_pc(in.target);
        } else {
          w.loop_count[in.depth] = 0;
          w.set_pc(pc + 1);
        }
        break;
      case BranchKind::Jump: w.set_pc(in.target); break;
      case BranchKind::If: {
        const std::uint32_t c = cond_mask(in.cond, bid, wib, key_, a, step, pc);
        const std::uint32_t m = w.mask();
        const std::uint32_t t = m & c, e = m & ~c;
        if (t == 0) {
          w.set_pc(in.target);
        } else if (e == 0) {
          w.set_pc(pc + 1);
        } else {
          if (w.depth + 2 >= static_cast<int>(std::size(w.stack)))
            throw std::logic_error("SIMT stack overflow in kernel '" + k.name + "'");
          w.stack[w.depth].pc = in.reconv;
          w.stack[++w.depth] = {in.target, in.reconv, e};
          w.stack[++w.depth] = {pc + 1, in.reconv, t};
        }
        break;
      }
      case BranchKind::None: w.set_pc(pc + 1); break;
    }
  }
}

}  // namespace rfvar::arch
