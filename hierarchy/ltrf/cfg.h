// A small, explicit control-flow graph: the input of every LTRF compiler analysis (liveness,
// register-interval formation, strands).
//
// Contract: a Cfg is a plain value. Blocks are indexed 0..blocks.size()-1; `entry` is the block
// where the kernel starts. Each block holds its instructions in program order; an instruction
// names the architectural registers it reads and writes (ids 0..kMaxCfgRegs-1) and flags what
// the analyses care about: `long_latency` (global memory, optionally SFU: its result arrives
// after the warp would be descheduled) and `call` (a function call: LTRF makes it an interval of
// its own). `succs` lists a block's successors (a branch's targets or the fall-through); a block
// without successors ends the kernel. validate() checks ids and throws InputError naming the block.
// The graph analyses (preds, reverse post-order, back edges) are computed by the functions below,
// deterministically from the block and successor order.
#pragma once

#include <bitset>
#include <cstddef>
#include <string>
#include <vector>

namespace rfvar::arch::ltrf {

inline constexpr int kMaxCfgRegs = 256;  // LTRF §3.2: PREFETCH bit-vectors of 256 registers
using RegSet = std::bitset<kMaxCfgRegs>;

struct Instruction {
  std::vector<int> reads;   // source registers
  std::vector<int> writes;  // destination registers
  bool long_latency = false;
  bool call = false;
  // Registers named by the instruction (reads and writes).
  RegSet regs() const;
};

struct BasicBlock {
  std::string name;
  std::vector<Instruction> instrs;
  std::vector<int> succs;
};

struct Cfg {
  std::vector<BasicBlock> blocks;
  int entry = 0;

  int size() const { return static_cast<int>(blocks.size()); }
  int instruction_count() const;
  // Throws InputError on an empty graph, an entry or successor out of range, an empty block or a
  // register id outside 0..kMaxCfgRegs-1 (message names the block and instruction).
  void validate() const;
};

// One instruction's position: block and index inside the block.
struct InstrRef {
  int block = 0;
  int index = 0;
  bool operator==(const InstrRef&) const = default;
};

// Predecessor lists, in increasing block order (a block listed once per distinct edge).
std::vector<std::vector<int>> predecessors(const Cfg& cfg);
// Blocks reachable from the entry in reverse post-order of a depth-first search that follows
// successors in their listed order.
std::vector<int> reverse_postorder(const Cfg& cfg);
// is_back_edge[b][k]: the edge b -> blocks[b].succs[k] goes to a block on the DFS stack (a loop's
// backward branch; for reducible graphs exactly the edges whose target dominates the source).
std::vector<std::vector<bool>> back_edges(const Cfg& cfg);

// Number of registers in a set.
inline int count(const RegSet& s) { return static_cast<int>(s.count()); }

}  // namespace rfvar::arch::ltrf
