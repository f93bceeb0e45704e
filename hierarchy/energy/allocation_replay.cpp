#include "hierarchy/energy/allocation_replay.h"

#include <algorithm>

#include "common/config.h"

namespace rfvar::arch::energy {

std::vector<std::vector<std::uint64_t>> pc_executions(const IWorkload& w, int block_stride) {
  if (block_stride < 1) throw InputError("block stride must be >= 1");
  const Benchmark& b = w.benchmark();
  std::vector<std::vector<std::uint64_t>> ex(b.kernels.size());
  for (std::size_t k = 0; k < b.kernels.size(); ++k) ex[k].assign(b.kernels[k].code.size(), 0);
  BlockTrace scratch;
  for (int l = 0; l < static_cast<int>(b.launches.size()); ++l) {
    const Launch& la = b.launches[static_cast<std::size_t>(l)];
    auto& counts = ex[static_cast<std::size_t>(la.kernel)];
    for (int bid = 0; bid < la.grid; bid += block_stride) {
      const BlockTrace& bt = w.block(l, bid, scratch);
      for (const WarpTrace& wt : bt.warps)
        for (const TraceStep& s : wt.steps) ++counts[static_cast<std::size_t>(s.pc)];
    }
  }
  return ex;
}

AccessCounts count_accesses(const Kernel& k, const std::vector<std::uint64_t>& executions,
                            const HierarchyAllocation* alloc) {
  AccessCounts c;
  for (std::size_t pc = 0; pc < k.code.size(); ++pc) {
    const std::uint64_t n = executions[pc];
    if (n == 0) continue;
    const Instr& in = k.code[pc];
    const Datapath d = datapath_of(in);
    const PcAllocation* pa = alloc ? &alloc->at_pc[pc] : nullptr;
    for (int s = 0; s < in.nsrc; ++s)
      if (in.src[s] != kNoReg) c.read(pa ? pa->src[static_cast<std::size_t>(s)] : Level::Mrf, d, n);
    for (int t = 0; t < in.ndst; ++t) {
      const std::uint8_t m = pa ? pa->dst[static_cast<std::size_t>(t)] : kWriteMrf;
      if (m & kWriteMrf) c.write(Level::Mrf, d, n);
      if (m & kWriteOrf) c.write(Level::Orf, d, n);
      if (m & kWriteLrf) c.write(Level::Lrf, d, n);
    }
    if (pa) {
      c.write(Level::Orf, d, n * pa->orf_fills);
      c.write(Level::Lrf, d, n * pa->lrf_fills);
    }
  }
  return c;
}

}  // namespace rfvar::arch::energy
