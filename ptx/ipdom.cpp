#include "ptx/ipdom.h"

namespace rfvar::arch::ptx {

std::vector<std::int32_t> reconvergence_points(const std::vector<Instr>& code) {
  const int n = static_cast<int>(code.size());
  const int exit = n;
  std::vector<std::vector<int>> succs(static_cast<std::size_t>(n + 1)),
      preds(static_cast<std::size_t>(n + 1));
  for (int pc = 0; pc < n; ++pc) {
    const Instr& in = code[static_cast<std::size_t>(pc)];
    auto& s = succs[static_cast<std::size_t>(pc)];
    const bool guarded = in.guard >= 0;
    if (in.op == Op::Bra) {
      s.push_back(in.target);
      if (guarded && in.target != pc + 1) s.push_back(pc + 1);
    } else if (in.op == Op::Ret || in.op == Op::Exit) {
      s.push_back(exit);
      if (guarded) s.push_back(pc + 1);
    } else {
      s.push_back(pc + 1);
    }
    for (int t : s) preds[static_cast<std::size_t>(t)].push_back(pc);
  }
  // Post-order of the reverse graph from the exit (iterative DFS).
  std::vector<int> po(static_cast<std::size_t>(n + 1), -1), order;
  std::vector<char> seen(static_cast<std::size_t>(n + 1), 0);
  std::vector<std::pair<int, std::size_t>> stack{{exit, 0}};
  seen[static_cast<std::size_t>(exit)] = 1;
  while (!stack.empty()) {
    auto& [v, i] = stack.back();
    const auto& p = preds[static_cast<std::size_t>(v)];
    if (i < p.size()) {
      const int w = p[i++];
      if (!seen[static_cast<std::size_t>(w)]) {
        seen[static_cast<std::size_t>(w)] = 1;
        stack.push_back({w, 0});
      }
    } else {
      po[static_cast<std::size_t>(v)] = static_cast<int>(order.size());
      order.push_back(v);
      stack.pop_back();
    }
  }
  std::vector<int> idom(static_cast<std::size_t>(n + 1), -1);
  idom[static_cast<std::size_t>(exit)] = exit;
  auto intersect = [&](int a, int b) {
    while (a != b) {
      while (po[static_cast<std::size_t>(a)] < po[static_cast<std::size_t>(b)])
        a = idom[static_cast<std::size_t>(a)];
      while (po[static_cast<std::size_t>(b)] < po[static_cast<std::size_t>(a)])
        b = idom[static_cast<std::size_t>(b)];
    }
    return a;
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
      const int v = *it;
      if (v == exit) continue;
      int nd = -1;
      for (int s : succs[static_cast<std::size_t>(v)]) {
        if (idom[static_cast<std::size_t>(s)] < 0) continue;
        nd = nd < 0 ? s : intersect(s, nd);
      }
      if (nd != idom[static_cast<std::size_t>(v)]) {
        idom[static_cast<std::size_t>(v)] = nd;
        changed = true;
      }
    }
  }
  std::vector<std::int32_t> out(static_cast<std::size_t>(n), -1);
  for (int pc = 0; pc < n; ++pc) {
    const int d = idom[static_cast<std::size_t>(pc)];
    out[static_cast<std::size_t>(pc)] = d < 0 || d == exit ? -1 : d;
  }
  return out;
}

}  // namespace rfvar::arch::ptx
