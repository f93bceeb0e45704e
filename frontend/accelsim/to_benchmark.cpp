#include "frontend/accelsim/to_benchmark.h"

#include <algorithm>

#include "frontend/accelsim/trace_error.h"

namespace rfvar::arch::accelsim {
namespace {

Instr to_instr(const SassInstr& s, const std::string& source) {
  const Where w{source, s.first_line};
  std::vector<std::uint16_t> dst;
  for (const std::uint16_t r : s.dst)
    if (std::find(dst.begin(), dst.end(), r) == dst.end()) dst.push_back(r);
  if (dst.size() > static_cast<std::size_t>(kMaxDst))
    fail(w, excerpt(s.opcode) + " writes " + std::to_string(dst.size()) +
                " registers; an instruction of the SM "
                "model writes at most " +
                std::to_string(kMaxDst));
  if (s.src.size() > static_cast<std::size_t>(kMaxSrc))
    fail(w, excerpt(s.opcode) + " reads " + std::to_string(s.src.size()) +
                " registers; an instruction of the SM "
                "model reads at most " +
                std::to_string(kMaxSrc));
  Instr in;
  in.op = s.op;
  in.ndst = static_cast<std::uint8_t>(dst.size());
  std::copy(dst.begin(), dst.end(), in.dst);
  in.nsrc = static_cast<std::uint8_t>(s.src.size());
  std::copy(s.src.begin(), s.src.end(), in.src);
  in.space = s.space;
  in.mem_trace = s.mem_traced();
  in.line = static_cast<std::int32_t>(s.first_line);
  return in;
}

// Register facts from the dynamic trace: lanes per (warp in block, register), accesses per warp.
void register_facts(const SassKernel& sk, Kernel& k) {
  const auto ids = static_cast<std::size_t>(k.reg_ids);
  k.reg_lanes.assign(static_cast<std::size_t>(k.warps_per_block()) * ids, 0u);
  std::vector<double> accesses(ids, 0.0);
  std::int64_t warps = 0;
  for (const BlockTrace& b : sk.trace.blocks)
    for (std::size_t wib = 0; wib < b.warps.size(); ++wib) {
      if (!b.warps[wib].steps.empty()) ++warps;
      for (const TraceStep& st : b.warps[wib].steps) {
        const SassInstr& s = sk.code[static_cast<std::size_t>(st.pc)];
        for (const std::vector<std::uint16_t>* list : {&s.dst, &s.src})
          for (const std::uint16_t r : *list) {
            k.reg_lanes[wib * ids + r] |= st.mask;
            accesses[r] += 1.0;
          }
      }
    }
  k.static_reg_weight.assign(ids, 0.0);
  if (warps > 0)
    for (std::size_t r = 0; r < ids; ++r) k.static_reg_weight[r] = accesses[r] / static_cast<double>(warps);
}

Kernel to_kernel(const SassKernel& sk) {
  Kernel k;
  const LaunchShape shape = sk.shape();
  k.name = sk.header.name;
  k.block_threads = shape.block_threads;
  k.smem_bytes = shape.smem_bytes;
  k.regs_per_thread = std::max(1, shape.nregs);
  k.reg_ids = k.regs_per_thread;
  for (const SassInstr& s : sk.code) {
    for (const std::uint16_t r : s.dst) k.reg_ids = std::max(k.reg_ids, r + 1);
    for (const std::uint16_t r : s.src) k.reg_ids = std::max(k.reg_ids, r + 1);
  }
  k.code.reserve(sk.code.size());
  for (const SassInstr& s : sk.code) k.code.push_back(to_instr(s, sk.source));
  register_facts(sk, k);
  return k;
}

// An empty warp (`insts = 0`) exits at once: one EXIT step with no active lane.
void end_empty_warps(const SassKernel& sk, LaunchTrace& trace) {
  const auto exit =
      std::find_if(sk.code.begin(), sk.code.end(), [](const SassInstr& s) { return s.op == OpClass::Exit; });
  for (BlockTrace& b : trace.blocks)
    for (WarpTrace& w : b.warps)
      if (w.steps.empty()) {
        if (exit == sk.code.end())
          fail({sk.source, 1}, "the kernel traces no EXIT to end its empty warps with");
        w.steps.push_back({static_cast<std::int32_t>(exit - sk.code.begin()), 0u});
      }
}

}  // namespace

TraceBenchmark to_benchmark(SassTrace trace, const std::string& name) {
  TraceBenchmark out;
  out.benchmark.name = name;
  out.benchmark.source_file = trace.source;
  out.benchmark.description = "Accel-Sim SASS trace " + trace.source;
  for (std::size_t i = 0; i < trace.kernels.size(); ++i) {
    SassKernel& sk = trace.kernels[i];
    out.benchmark.kernels.push_back(to_kernel(sk));
    out.benchmark.launches.push_back({static_cast<std::int32_t>(i), sk.shape().grid_blocks});
    sk.trace.launch = static_cast<std::int32_t>(i);
    end_empty_warps(sk, sk.trace);
    out.traces.push_back(std::move(sk.trace));
  }
  return out;
}

}  // namespace rfvar::arch::accelsim
