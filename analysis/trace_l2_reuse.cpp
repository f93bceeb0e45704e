// GPU-wide L2 reuse of recorded warp traces (see trace_l2_reuse.h for the contract).
#include "analysis/trace_l2_reuse.h"

#include <cstddef>
#include <stdexcept>
#include <string>

#include "analysis/gpu_rounds.h"
#include "analysis/l2_filter.h"
#include "arch/core/occupancy.h"

namespace rfvar::arch {

namespace {

bool cached(const Instr& in) {
  return in.mem_trace && (in.op == OpClass::Load || in.op == OpClass::Store) &&
         (in.space == MemSpace::Global || in.space == MemSpace::Local);
}

struct WarpRun {
  const WarpTrace* t = nullptr;
  int block = 0;
  std::size_t pos = 0;  // next step
  std::size_t mem = 0;  // next TraceMem
};

}  // namespace

L2Reuse derive_trace_l2_reuse(const Benchmark& b, const std::vector<LaunchTrace>& launches,
                              const ArchParams& p, const L2Params& l2) {
  L2Reuse out;
  std::vector<std::vector<int>> index(b.kernels.size());  // [kernel][pc] -> out.instructions, -1 if none
  for (std::size_t ki = 0; ki < b.kernels.size(); ++ki) {
    const Kernel& k = b.kernels[ki];
    index[ki].assign(k.code.size(), -1);
    for (std::size_t pc = 0; pc < k.code.size(); ++pc) {
      const Instr& in = k.code[pc];
      if (!cached(in)) continue;
      index[ki][pc] = static_cast<int>(out.instructions.size());
      out.instructions.push_back({static_cast<int>(ki), static_cast<int>(pc), in.line,
                                  in.op == OpClass::Store, true, static_cast<double>(in.l2_hit), 0, 0, 0});
    }
  }
  if (launches.size() != b.launches.size())
    throw std::invalid_argument("trace L2 reuse of '" + b.name + "': " + std::to_string(launches.size()) +
                                " launch traces for " + std::to_string(b.launches.size()) + " launches");
  L2Filter caches(p.sms, L1Cache::Params{p.l1_size_bytes, p.l1_line_bytes, p.l1_ways}, l2);
  std::vector<WarpRun> warps;
  for (std::size_t li = 0; li < b.launches.size(); ++li) {
    const Launch& l = b.launches[li];
    const Kernel& k = b.kernels[static_cast<std::size_t>(l.kernel)];
    const std::vector<int>& idx = index[static_cast<std::size_t>(l.kernel)];
    const LaunchTrace& lt = launches[li];
    const int resident = max_blocks_per_sm(k, p), wpb = k.warps_per_block();
    caches.new_launch();  // a fresh L1 per launch, as the SM model's
    warps.assign(static_cast<std::size_t>(p.sms * resident * wpb), WarpRun{});
    auto at = [&](int sm, int slot, int w) -> WarpRun& {
      return warps[static_cast<std::size_t>((sm * resident + slot) * wpb + w)];
    };
    auto fail = [&](int block, const std::string& what) {
      throw std::invalid_argument("trace L2 reuse of '" + b.name + "' launch " + std::to_string(li) +
                                  " block " + std::to_string(block) + ": " + what);
    };
    walk_launch_rounds(
        p.sms, resident, l.grid, wpb,
        [&](int sm, int slot, int block) {
          if (static_cast<std::size_t>(block) >= lt.blocks.size() ||
              lt.blocks[static_cast<std::size_t>(block)].warps.size() != static_cast<std::size_t>(wpb))
            fail(block, "not recorded");
          for (int w = 0; w < wpb; ++w) {
            at(sm, slot, w) = WarpRun{
                &lt.blocks[static_cast<std::size_t>(block)].warps[static_cast<std::size_t>(w)], block, 0, 0};
            if (at(sm, slot, w).t->steps.empty()) fail(block, "warp " + std::to_string(w) + " has no steps");
          }
        },
        [&](int sm, int slot, int w) {
          WarpRun& r = at(sm, slot, w);
          const TraceStep& s = r.t->steps[r.pos];
          const Instr& in = k.code.at(static_cast<std::size_t>(s.pc));
          if (in.mem_trace) {
            if (r.mem >= r.t->mem.size()) fail(r.block, "a traced step without its memory record");
            const TraceMem& m = r.t->mem[r.mem++];
            if (cached(in)) {
              L2InstrReuse& ir =
                  out.instructions[static_cast<std::size_t>(idx[static_cast<std::size_t>(s.pc)])];
              for (std::uint32_t j = m.first; j < m.first + m.count; ++j)
                caches.request(sm, r.t->lines.at(j), ir.store, ir, out);
            }
          }
          ++out.warp_instructions;
          return ++r.pos < r.t->steps.size();
        });
  }
  return out;
}

}  // namespace rfvar::arch
