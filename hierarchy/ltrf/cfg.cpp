#include "hierarchy/ltrf/cfg.h"

#include <algorithm>
#include <utility>

#include "common/config.h"

namespace rfvar::arch::ltrf {

RegSet Instruction::regs() const {
  RegSet s;
  for (int r : reads) s.set(static_cast<std::size_t>(r));
  for (int r : writes) s.set(static_cast<std::size_t>(r));
  return s;
}

int Cfg::instruction_count() const {
  int n = 0;
  for (const auto& b : blocks) n += static_cast<int>(b.instrs.size());
  return n;
}

void Cfg::validate() const {
  if (blocks.empty()) throw InputError("control-flow graph has no blocks");
  if (entry < 0 || entry >= size())
    throw InputError("control-flow graph entry block " + std::to_string(entry) + " outside 0.." +
                     std::to_string(size() - 1));
  for (int b = 0; b < size(); ++b) {
    const BasicBlock& bb = blocks[static_cast<std::size_t>(b)];
    const std::string where = "block " + std::to_string(b) + (bb.name.empty() ? "" : " (" + bb.name + ")");
    if (bb.instrs.empty()) throw InputError(where + " has no instructions");
    for (int s : bb.succs)
      if (s < 0 || s >= size())
        throw InputError(where + ": successor " + std::to_string(s) + " outside 0.." + std::to_string(size() - 1));
    for (std::size_t i = 0; i < bb.instrs.size(); ++i) {
      const Instruction& in = bb.instrs[i];
      for (const auto* list : {&in.reads, &in.writes})
        for (int r : *list)
          if (r < 0 || r >= kMaxCfgRegs)
            throw InputError(where + ", instruction " + std::to_string(i) + ": register " + std::to_string(r) +
                             " outside 0.." + std::to_string(kMaxCfgRegs - 1));
    }
  }
}

std::vector<std::vector<int>> predecessors(const Cfg& cfg) {
  std::vector<std::vector<int>> preds(cfg.blocks.size());
  for (int b = 0; b < cfg.size(); ++b)
    for (int s : cfg.blocks[static_cast<std::size_t>(b)].succs) {
      auto& p = preds[static_cast<std::size_t>(s)];
      if (std::find(p.begin(), p.end(), b) == p.end()) p.push_back(b);
    }
  return preds;
}

namespace {

// Iterative DFS from the entry; calls on_edge(src, k, target_on_stack) for every edge and records
// the post-order.
template <typename OnEdge>
std::vector<int> dfs(const Cfg& cfg, OnEdge on_edge) {
  enum class Mark { White, OnStack, Done };
  std::vector<Mark> mark(cfg.blocks.size(), Mark::White);
  std::vector<int> post;
  std::vector<std::pair<int, std::size_t>> stack;  // block, next successor index
  stack.emplace_back(cfg.entry, 0);
  mark[static_cast<std::size_t>(cfg.entry)] = Mark::OnStack;
  while (!stack.empty()) {
    auto& [b, k] = stack.back();
    const auto& succs = cfg.blocks[static_cast<std::size_t>(b)].succs;
    if (k == succs.size()) {
      mark[static_cast<std::size_t>(b)] = Mark::Done;
      post.push_back(b);
      stack.pop_back();
      continue;
    }
    const int s = succs[k];
    const int src = b;
    const std::size_t idx = k++;
    on_edge(src, idx, mark[static_cast<std::size_t>(s)] == Mark::OnStack);
    if (mark[static_cast<std::size_t>(s)] == Mark::White) {
      mark[static_cast<std::size_t>(s)] = Mark::OnStack;
      stack.emplace_back(s, 0);
    }
  }
  return post;
}

}  // namespace

std::vector<int> reverse_postorder(const Cfg& cfg) {
  std::vector<int> post = dfs(cfg, [](int, std::size_t, bool) {});
  std::reverse(post.begin(), post.end());
  return post;
}

std::vector<std::vector<bool>> back_edges(const Cfg& cfg) {
  std::vector<std::vector<bool>> back(cfg.blocks.size());
  for (std::size_t b = 0; b < cfg.blocks.size(); ++b) back[b].assign(cfg.blocks[b].succs.size(), false);
  dfs(cfg, [&](int src, std::size_t k, bool on_stack) {
    if (on_stack) back[static_cast<std::size_t>(src)][k] = true;
  });
  return back;
}

}  // namespace rfvar::arch::ltrf
