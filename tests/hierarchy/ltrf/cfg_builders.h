// Hand-built control-flow graphs shared by the LTRF analysis tests.
#pragma once

#include <initializer_list>
#include <string>
#include <vector>

#include "hierarchy/ltrf/cfg.h"
#include "common/rng.h"

namespace rfvar::arch::ltrf::testing {

inline Instruction op(std::vector<int> reads, std::vector<int> writes, bool long_latency = false) {
  Instruction in;
  in.reads = std::move(reads);
  in.writes = std::move(writes);
  in.long_latency = long_latency;
  return in;
}

inline Instruction call(std::vector<int> reads, std::vector<int> writes) {
  Instruction in = op(std::move(reads), std::move(writes));
  in.call = true;
  return in;
}

inline BasicBlock block(std::string name, std::vector<Instruction> instrs, std::vector<int> succs) {
  return BasicBlock{std::move(name), std::move(instrs), std::move(succs)};
}

// LTRF Fig. 6: two nested loops. A (0) is the outer loop's header and exit test, B (1) the inner
// loop's header, C (2) its latch (back to B) and the outer latch (back to A); X (3) the exit.
//   A: r0 = r0 + r1          -> B, X
//   B: r2 = r3 * r2          -> C
//   C: r4 = r2 + r4          -> B, A
//   X: store r4, r5          (end)
inline Cfg fig6_nested_loops() {
  Cfg g;
  g.blocks = {block("A", {op({0, 1}, {0})}, {1, 3}), block("B", {op({3, 2}, {2})}, {2}),
              block("C", {op({2, 4}, {4})}, {1, 0}), block("X", {op({4, 5}, {})}, {})};
  return g;
}

// Random graph for invariant checks: `blocks` blocks in a chain with extra forward and backward
// edges, instructions naming registers 0..regs-1. Drawn from RngStream(seed, 0, Stream::Test).
inline Cfg random_cfg(std::uint64_t seed, int blocks, int regs, int max_instrs) {
  RngStream rng(seed, 0, Stream::Test);
  auto pick = [&](int n) { return static_cast<int>(rng.uniform() * n); };
  Cfg g;
  for (int b = 0; b < blocks; ++b) {
    BasicBlock bb;
    bb.name = "b" + std::to_string(b);
    const int n = 1 + pick(max_instrs);
    for (int i = 0; i < n; ++i) {
      Instruction in = op({pick(regs), pick(regs)}, {pick(regs)}, rng.uniform() < 0.1);
      in.call = rng.uniform() < 0.03;
      bb.instrs.push_back(in);
    }
    if (b + 1 < blocks) bb.succs.push_back(b + 1);
    if (b + 2 < blocks && rng.uniform() < 0.3) bb.succs.push_back(b + 2 + pick(blocks - b - 2));
    if (b > 0 && rng.uniform() < 0.2) bb.succs.push_back(pick(b + 1));  // backward or self edge
    g.blocks.push_back(std::move(bb));
  }
  return g;
}

}  // namespace rfvar::arch::ltrf::testing
