#include "hierarchy/ltrf/liveness.h"

#include <algorithm>

namespace rfvar::arch::ltrf {

namespace {

RegSet reads_of(const Instruction& in) {
  RegSet s;
  for (int r : in.reads) s.set(static_cast<std::size_t>(r));
  return s;
}

RegSet writes_of(const Instruction& in) {
  RegSet s;
  for (int r : in.writes) s.set(static_cast<std::size_t>(r));
  return s;
}

}  // namespace

Liveness::Liveness(const Cfg& cfg) {
  cfg.validate();
  const std::size_t nb = cfg.blocks.size();
  in_.resize(nb);
  out_.resize(nb);
  reads_.resize(nb);
  // Block summaries: use = read before written in the block, def = written in the block.
  std::vector<RegSet> use(nb), def(nb), bin(nb), bout(nb);
  for (std::size_t b = 0; b < nb; ++b) {
    const auto& instrs = cfg.blocks[b].instrs;
    in_[b].resize(instrs.size());
    out_[b].resize(instrs.size());
    reads_[b].resize(instrs.size());
    for (std::size_t i = 0; i < instrs.size(); ++i) {
      reads_[b][i] = reads_of(instrs[i]);
      use[b] |= reads_[b][i] & ~def[b];
      def[b] |= writes_of(instrs[i]);
    }
  }
  // Block-level fixed point, visiting blocks in post-order (reverse of RPO) for fast convergence:
  //   out(b) = U in(s) over successors s;  in(b) = use(b) | (out(b) & ~def(b)).
  std::vector<int> order = reverse_postorder(cfg);
  std::reverse(order.begin(), order.end());
  for (std::size_t b = 0; b < nb; ++b)  // unreachable blocks are analysed too
    if (std::find(order.begin(), order.end(), static_cast<int>(b)) == order.end()) order.push_back(static_cast<int>(b));
  bool changed = true;
  while (changed) {
    changed = false;
    ++iterations_;
    for (int bi : order) {
      const auto b = static_cast<std::size_t>(bi);
      RegSet out;
      for (int s : cfg.blocks[b].succs) out |= bin[static_cast<std::size_t>(s)];
      const RegSet in = use[b] | (out & ~def[b]);
      if (in != bin[b] || out != bout[b]) changed = true;
      bin[b] = in;
      bout[b] = out;
    }
  }
  // Per instruction, backwards through each block.
  for (std::size_t b = 0; b < nb; ++b) {
    const auto& instrs = cfg.blocks[b].instrs;
    RegSet live = bout[b];
    for (std::size_t i = instrs.size(); i-- > 0;) {
      out_[b][i] = live;
      live = (live & ~writes_of(instrs[i])) | reads_[b][i];
      in_[b][i] = live;
    }
  }
}

RegSet Liveness::last_reads(InstrRef at) const {
  const auto b = static_cast<std::size_t>(at.block);
  const auto i = static_cast<std::size_t>(at.index);
  return reads_[b][i] & ~out_[b][i];
}

}  // namespace rfvar::arch::ltrf
