#include "hierarchy/ltrf/from_kernel.h"

#include <algorithm>
#include <string>

namespace rfvar::arch::ltrf {

namespace {

bool is_long_latency(const arch::Instr& in, bool sfu_long_latency) {
  if (in.op == OpClass::Load && (in.space == MemSpace::Global || in.space == MemSpace::Local)) return true;
  return sfu_long_latency && in.op == OpClass::Sfu;
}

bool ends_block(const arch::Instr& in) { return in.op == OpClass::Branch || in.op == OpClass::Exit; }

}  // namespace

KernelCfg cfg_from_kernel(const Kernel& k, bool sfu_long_latency) {
  const int n = static_cast<int>(k.code.size());
  std::vector<bool> leader(static_cast<std::size_t>(n) + 1, false);
  auto mark = [&](int pc) {
    if (pc >= 0 && pc <= n) leader[static_cast<std::size_t>(pc)] = true;
  };
  mark(0);
  for (int pc = 0; pc < n; ++pc) {
    const arch::Instr& in = k.code[static_cast<std::size_t>(pc)];
    if (!ends_block(in)) continue;
    mark(pc + 1);
    if (in.branch != BranchKind::None) mark(in.target);
    if (in.branch == BranchKind::If) mark(in.reconv);
  }
  KernelCfg out;
  out.at_pc.resize(static_cast<std::size_t>(n));
  std::vector<int> block_at(static_cast<std::size_t>(n) + 1, -1);  // leader pc -> block
  std::vector<int> last_pc;                                        // block -> its last pc
  for (int pc = 0; pc < n; ++pc) {
    if (leader[static_cast<std::size_t>(pc)]) {
      block_at[static_cast<std::size_t>(pc)] = out.cfg.size();
      out.cfg.blocks.push_back({k.name + "@" + std::to_string(pc), {}, {}});
      last_pc.push_back(pc);
    }
    last_pc.back() = pc;
    BasicBlock& bb = out.cfg.blocks.back();
    const arch::Instr& in = k.code[static_cast<std::size_t>(pc)];
    Instruction ci;
    for (int s = 0; s < in.nsrc && s < kMaxSrc; ++s)
      if (in.src[s] != kNoReg) ci.reads.push_back(in.src[s]);
    for (int d = 0; d < in.ndst; ++d) ci.writes.push_back(in.dst[d]);
    ci.long_latency = is_long_latency(in, sfu_long_latency);
    out.at_pc[static_cast<std::size_t>(pc)] = {out.cfg.size() - 1, static_cast<int>(bb.instrs.size())};
    bb.instrs.push_back(std::move(ci));
  }
  // Successors from each block's last instruction.
  for (int b = 0; b < out.cfg.size(); ++b) {
    BasicBlock& bb = out.cfg.blocks[static_cast<std::size_t>(b)];
    const int last = last_pc[static_cast<std::size_t>(b)];
    const arch::Instr& in = k.code[static_cast<std::size_t>(last)];
    auto add = [&](int pc) {
      if (pc < 0 || pc >= n) return;
      const int s = block_at[static_cast<std::size_t>(pc)];
      if (s >= 0 && std::find(bb.succs.begin(), bb.succs.end(), s) == bb.succs.end()) bb.succs.push_back(s);
    };
    if (in.op == OpClass::Exit) continue;
    switch (in.branch) {
      case BranchKind::LoopBack: add(in.target); add(last + 1); break;
      case BranchKind::If: add(last + 1); add(in.target); break;
      case BranchKind::Jump:  // guarded: a compiled conditional branch (kernel.h)
        if (in.guarded) add(last + 1);
        add(in.target);
        break;
      case BranchKind::None: add(last + 1); break;
    }
  }
  return out;
}

}  // namespace rfvar::arch::ltrf
