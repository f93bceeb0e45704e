// A one-warp workload for the register-sharing tests (test_sm_sharing.cpp, test_sm_partial.cpp): a
// hand-made trace whose memory steps carry their lanes' TraceKeys (workload/trace.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "workload/kernel_parser.h"
#include "workload/trace_workload.h"

namespace rfvar::arch::testing {

// One full warp (block of 32 threads, 8 registers) running `body` (.kernel instructions,
// docs/kernel-format.md) once. Its memory steps get, in order, the keys `keys`, the active lanes
// `masks` (default all) and one line request each: `lines` (default each key's base / 128, so equal
// keys are equal lines).
inline TraceWorkload keyed_workload(const std::string& body, const std::vector<TraceKey>& keys,
                                    const std::vector<std::uint32_t>& masks = {},
                                    const std::vector<std::uint64_t>& lines = {}) {
  Benchmark b = parse_benchmark("rfvar-kernel 1\nbenchmark t\nkernel k block=32 regs=8\n" + body + "end\nlaunch k grid=1\n",
                                "t.kernel");
  Kernel& k = b.kernels[0];
  LaunchTrace lt;
  lt.blocks.resize(1);
  WarpTrace t;
  for (std::size_t pc = 0; pc < k.code.size(); ++pc) {
    Instr& in = k.code[pc];
    t.steps.push_back({static_cast<std::int32_t>(pc), ~0u});
    if (in.op != OpClass::Load && in.op != OpClass::Store) continue;
    const std::size_t m = t.mem.size();
    if (m < masks.size()) t.steps.back().mask = masks[m];
    in.mem_trace = true;
    const TraceKey& kk = keys.at(m);
    t.mem.push_back({static_cast<std::uint32_t>(t.lines.size()), 1});
    t.lines.push_back(lines.empty() ? kk.base / 128 : lines.at(m));
    t.keys.push_back(kk);
  }
  lt.blocks[0].warps.push_back(t);
  return TraceWorkload(std::move(b), {lt});
}

}  // namespace rfvar::arch::testing
