// GPU-wide L2 reuse of address streams (see l2_reuse.h for the contract).
#include "arch/memory/l2_reuse.h"

#include <cstddef>

#include "arch/memory/l1_cache.h"
#include "arch/occupancy.h"
#include "arch/workload/kernel_walk.h"

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

namespace {

struct WarpRun {
  WalkTrace trace;
  std::size_t next = 0;   // next access of trace.accesses
  std::uint32_t pos = 0;  // warp instructions executed
};

struct BlockSlot {
  int block = -1;  // -1: empty
  int live = 0;    // warps not yet finished
  std::vector<WarpRun> warps;
};

struct SmRun {
  explicit SmRun(const L1Cache::Params& l1) : l1(l1) {}
  L1Cache l1;
  int next_block = 0;  // the next block this SM receives (b % sms == sm)
  std::vector<BlockSlot> slots;
};

class Gpu {
 public:
  Gpu(const Benchmark& b, const ArchParams& p, const L2Params& l2, RngStream rng, L2Reuse& out)
      : b_(b), p_(p), l1p_{p.l1_size_bytes, p.l1_line_bytes, p.l1_ways},
        l2_(L1Cache::Params{l2.size_bytes, l2.line_bytes, l2.ways}), l1_to_l2_(l2.line_bytes), rng_(rng), out_(out) {
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
    std::vector<SmRun> sms;
    sms.reserve(static_cast<std::size_t>(p_.sms));
    for (int s = 0; s < p_.sms; ++s) {
      sms.emplace_back(l1p_);  // a fresh L1 per launch, as the SM model's
      SmRun& sm = sms.back();
      sm.next_block = s;
      sm.slots.resize(static_cast<std::size_t>(resident));
      for (BlockSlot& slot : sm.slots) dispatch(k, l.grid, sm, slot);
    }
    for (bool busy = true; busy;) {  // one round: every resident warp executes one warp instruction
      busy = false;
      for (SmRun& sm : sms)
        for (BlockSlot& slot : sm.slots) {
          if (slot.block < 0) continue;
          busy = true;
          for (WarpRun& w : slot.warps) step(l.kernel, sm, w, slot);
          if (slot.live == 0) dispatch(k, l.grid, sm, slot);  // retire; the next block starts next round
        }
    }
  }

 private:
  void dispatch(const Kernel& k, int grid, SmRun& sm, BlockSlot& slot) {
    slot.block = -1;
    slot.warps.clear();
    if (sm.next_block >= grid) return;
    slot.block = sm.next_block;
    sm.next_block += p_.sms;  // GPGPU-Sim round robin: block b on SM b % sms
    slot.warps.resize(static_cast<std::size_t>(k.warps_per_block()));
    for (int w = 0; w < k.warps_per_block(); ++w)
      walk_warp(k, l1p_, slot.block, w, rng_, &slot.warps[static_cast<std::size_t>(w)].trace);
    slot.live = k.warps_per_block();
  }

  void step(int kernel, SmRun& sm, WarpRun& w, BlockSlot& slot) {
    if (w.pos >= w.trace.instructions) return;
    if (w.next < w.trace.accesses.size() && w.trace.accesses[w.next].at == w.pos) access(kernel, sm, w.trace, w.next++);
    ++out_.warp_instructions;
    if (++w.pos == w.trace.instructions) --slot.live;
  }

  void access(int kernel, SmRun& sm, const WalkTrace& t, std::size_t i) {
    const WarpAccess& a = t.accesses[i];
    L2InstrReuse& r = out_.instructions[static_cast<std::size_t>(index_[static_cast<std::size_t>(kernel)]
                                                                        [static_cast<std::size_t>(a.pc)])];
    for (std::uint32_t j = a.first; j < a.first + a.count; ++j) {
      const std::uint64_t line = t.lines[j];
      std::uint64_t ready = 0;
      ++r.line_requests;
      if (!r.store) {
        if (sm.l1.load(line, ready)) continue;  // an L1 hit (or merge) never reaches the L2
        sm.l1.allocate(line, 0);
      } else {
        sm.l1.store(line);  // write-evict; the store goes on to the L2
      }
      const std::uint64_t l2_line = line * static_cast<std::uint64_t>(p_.l1_line_bytes) / l1_to_l2_;
      ++r.l2_requests;
      ++out_.l2_requests;
      if (l2_.load(l2_line, ready)) {
        ++r.l2_hits;
        ++out_.l2_hits;
      } else {
        l2_.allocate(l2_line, 0);  // allocate on read and on write miss (write-allocate)
      }
    }
  }

  const Benchmark& b_;
  const ArchParams& p_;
  L1Cache::Params l1p_;
  L1Cache l2_;  // the same LRU tag array class, with the L2's geometry
  std::uint64_t l1_to_l2_;
  RngStream rng_;
  L2Reuse& out_;
  std::vector<std::vector<int>> index_;  // [kernel][pc] -> index into out_.instructions, -1 if none
};

}  // namespace

L2Reuse derive_l2_reuse(const Benchmark& b, const ArchParams& p, const L2Params& l2, RngStream rng) {
  L2Reuse out;
  Gpu gpu(b, p, l2, rng, out);
  for (const Launch& l : b.launches) gpu.run_launch(l);
  return out;
}

}  // namespace rfvar::arch
