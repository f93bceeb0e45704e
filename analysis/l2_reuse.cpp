// GPU-wide L2 reuse of address streams (see l2_reuse.h for the contract).
#include "analysis/l2_reuse.h"

#include <cstddef>

#include "analysis/gpu_rounds.h"
#include "analysis/kernel_walk.h"
#include "analysis/l2_filter.h"
#include "arch/core/occupancy.h"

namespace rfvar::arch {

L2Params L2Params::from_config(const Config& c) {
  L2Params p;
  p.size_bytes = static_cast<int>(c.get_int("arch.l2_size_bytes", Range::closed(128, 1 << 30)));
  p.line_bytes = static_cast<int>(c.get_int("arch.l2_line_bytes", Range::closed(4, 4096)));
  p.ways = static_cast<int>(c.get_int("arch.l2_ways", Range::closed(1, 256)));
  if (p.size_bytes % (p.line_bytes * p.ways) != 0)
    throw ConfigError("arch.l2_size_bytes must be a multiple of arch.l2_line_bytes * arch.l2_ways");
  return p;
}

L2Params L2Params::from_arch(const ArchParams& p) {
  return L2Params{p.l2_size_bytes, p.l2_line_bytes, p.l2_ways};
}

namespace {

// Walks every launch of `b` over all SMs (gpu_rounds.h), each warp's accesses from its SIMT walk.
class Gpu {
 public:
  Gpu(const Benchmark& b, const ArchParams& p, const L2Params& l2, RngStream rng, L2Reuse& out)
      : b_(b),
        p_(p),
        l1p_{p.l1_size_bytes, p.l1_line_bytes, p.l1_ways},
        caches_(p.sms, l1p_, l2),
        rng_(rng),
        out_(out) {
    index_.resize(b.kernels.size());
    for (std::size_t ki = 0; ki < b.kernels.size(); ++ki) {
      const Kernel& k = b.kernels[ki];
      index_[ki].assign(k.code.size(), -1);
      for (std::size_t pc = 0; pc < k.code.size(); ++pc) {
        const Instr& in = k.code[pc];
        const bool mem = (in.op == OpClass::Load || in.op == OpClass::Store) &&
                         (in.space == MemSpace::Global || in.space == MemSpace::Local);
        if (!mem) continue;
        index_[ki][pc] = static_cast<int>(out_.instructions.size());
        out_.instructions.push_back({static_cast<int>(ki), static_cast<int>(pc), in.line, in.op == OpClass::Store,
                                     in.addr >= 0, static_cast<double>(in.l2_hit), 0, 0, 0});
      }
    }
  }

  void run_launch(const Launch& l) {
    const Kernel& k = b_.kernels[static_cast<std::size_t>(l.kernel)];
    const int resident = max_blocks_per_sm(k, p_);
    const int wpb = k.warps_per_block();
    caches_.new_launch();  // a fresh L1 per launch, as the SM model's
    warps_.assign(static_cast<std::size_t>(p_.sms * resident * wpb), WarpRun{});
    auto at = [&](int sm, int slot, int w) -> WarpRun& {
      return warps_[static_cast<std::size_t>((sm * resident + slot) * wpb + w)];
    };
    walk_launch_rounds(
        p_.sms, resident, l.grid, wpb,
        [&](int sm, int slot, int block) {
          for (int w = 0; w < wpb; ++w) {
            WarpRun& r = at(sm, slot, w);
            r = WarpRun{};
            walk_warp(k, l1p_, block, w, rng_, &r.trace);
          }
        },
        [&](int sm, int slot, int w) { return step(l.kernel, sm, at(sm, slot, w)); });
  }

 private:
  struct WarpRun {
    WalkTrace trace;
    std::size_t next = 0;   // next access of trace.accesses
    std::uint32_t pos = 0;  // warp instructions executed
  };

  bool step(int kernel, int sm, WarpRun& w) {
    if (w.next < w.trace.accesses.size() && w.trace.accesses[w.next].at == w.pos) access(kernel, sm, w.trace, w.next++);
    ++out_.warp_instructions;
    return ++w.pos < w.trace.instructions;
  }

  void access(int kernel, int sm, const WalkTrace& t, std::size_t i) {
    const WarpAccess& a = t.accesses[i];
    L2InstrReuse& r = out_.instructions[static_cast<std::size_t>(index_[static_cast<std::size_t>(kernel)]
                                                                        [static_cast<std::size_t>(a.pc)])];
    for (std::uint32_t j = a.first; j < a.first + a.count; ++j)
      caches_.request(sm, t.lines[j], r.store, r, out_);
  }

  const Benchmark& b_;
  const ArchParams& p_;
  L1Cache::Params l1p_;
  L2Filter caches_;
  RngStream rng_;
  L2Reuse& out_;
  std::vector<std::vector<int>> index_;  // [kernel][pc] -> index into out_.instructions, -1 if none
  std::vector<WarpRun> warps_;           // [(sm * resident + slot) * warps per block + warp]
};

}  // namespace

L2Reuse derive_l2_reuse(const Benchmark& b, const ArchParams& p, const L2Params& l2, RngStream rng) {
  L2Reuse out;
  Gpu gpu(b, p, l2, rng, out);
  for (const Launch& l : b.launches) gpu.run_launch(l);
  return out;
}

}  // namespace rfvar::arch
