// The `.kernel` front end's SIMT walk (structured control flow of docs/kernel-format.md).
#include "workload/kernel_workload.h"

#include "workload/coalescer.h"
#include "workload/draw.h"
#include "workload/simt_walk.h"

namespace rfvar::arch {

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
  // Data-dependent conditions draw per warp instruction and lane (draw.h), so that the trace does not
  // depend on timing.
  const auto draw = [&](std::int32_t pc, std::uint32_t step, int lane) {
    const std::uint64_t b = draw_step_word(wib, step) ^ (static_cast<std::uint64_t>(pc) << 40) ^ 0x80;
    return workload_draw(key_, a, lane < 0 ? b : b + static_cast<std::uint64_t>(lane));
  };
  simt_walk(k, bid, wib, draw, [&](std::int32_t pc, std::uint32_t mask, const std::int32_t* loop_count) {
    out.steps.push_back({pc, mask});
    const Instr& in = k.code[static_cast<std::size_t>(pc)];
    if (!in.mem_trace) return;
    const AddrStream& s = k.addr_streams[static_cast<std::size_t>(in.addr)];
    const std::int32_t iter = s.loop_depth == kNoLoop ? 0 : loop_count[s.loop_depth];
    const std::int32_t iter2 = s.loop_depth2 == kNoLoop ? 0 : loop_count[s.loop_depth2];
    std::uint64_t lines[32];
    const int n = coalesce(s, bid, wib, iter, iter2, mask, line_bytes_, lines);
    out.mem.push_back({static_cast<std::uint32_t>(out.lines.size()), static_cast<std::uint32_t>(n)});
    out.lines.insert(out.lines.end(), lines, lines + n);
  });
}

}  // namespace rfvar::arch
