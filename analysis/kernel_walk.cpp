// Functional walk of warps through the workload IR (see kernel_walk.h for the contract).
#include "analysis/kernel_walk.h"

#include <bit>

#include "arch/memory/l1_cache.h"
#include "workload/coalescer.h"
#include "workload/simt_walk.h"

namespace rfvar::arch {
namespace {

class Walker {
 public:
  Walker(const Kernel& k, const L1Cache::Params& l1, int block_id, int warp, RngStream& rng, WalkStats& s,
         WalkTrace* trace)
      : k_(k), bid_(block_id), warp_(warp), line_bytes_(l1.line_bytes), rng_(rng), s_(s), trace_(trace), l1_(l1) {}

  // The warp's SIMT walk (simt_walk.h); `rand` / `wrand` draw from the RngStream in dynamic order.
  void run_all() {
    simt_walk(
        k_, bid_, warp_, [&](std::int32_t, std::uint32_t, int) { return rng_.uniform(); },
        [&](std::int32_t pc, std::uint32_t mask, const std::int32_t* loop_count) {
          loop_count_ = loop_count;
          count(k_.code[static_cast<std::size_t>(pc)], mask);
        },
        [&](const Instr& in) {
          s_.divergent_ifs += 1;
          if (in.cond.programmatic()) s_.divergent_ifs_programmatic += 1;
        });
  }

 private:
  void count(const Instr& in, std::uint32_t mask) {
    if (trace_ != nullptr) ++trace_->instructions;
    s_.warp_instructions += 1;
    s_.active_lanes += std::popcount(mask);
    for (int i = 0; i < in.ndst; ++i) s_.reg_accesses[in.dst[i]] += 1;
    for (int i = 0; i < in.nsrc; ++i) s_.reg_accesses[in.src[i]] += 1;
    switch (in.op) {
      case OpClass::Load:
      case OpClass::Store:
        if (in.space == MemSpace::Shared) {
          s_.shared_instructions += 1;
        } else if (in.space == MemSpace::Global || in.space == MemSpace::Local) {
          s_.global_instructions += 1;
          s_.offchip_requests += in.addr >= 0 ? static_cast<double>(stream_misses(in, mask, pc_of(in)))
                                              : in.transactions * (in.op == OpClass::Store ? 1.0 : 1.0 - in.l1_hit);
        }
        break;
      case OpClass::Barrier: s_.barriers += 1; break;
      case OpClass::Branch:
      case OpClass::Exit: break;
      case OpClass::DpAlu:
        s_.dp_instructions += 1;
        s_.alu_instructions += 1;
        break;
      default: s_.alu_instructions += 1; break;
    }
  }

  // The 128 B lines of an address-stream access (workload/coalescer.h) that miss in an L1 this
  // warp has to itself (loads allocate, stores write-evict and always go off-chip): the reuse within
  // one warp (a struct's fields on the same lines, a re-read) without any issue-order assumption.
  // With a trace, the lines are also recorded as access `pc` (counted before this instruction).
  int stream_misses(const Instr& in, std::uint32_t mask, int pc) {
    const AddrStream& a = k_.addr_streams[static_cast<std::size_t>(in.addr)];
    std::uint64_t lines[32];
    const std::int32_t iter = a.loop_depth == kNoLoop ? 0 : loop_count_[a.loop_depth];
    const std::int32_t iter2 = a.loop_depth2 == kNoLoop ? 0 : loop_count_[a.loop_depth2];
    const int n = coalesce(a, bid_, warp_, iter, iter2, mask, line_bytes_, lines);
    if (trace_ != nullptr && n > 0) {
      trace_->accesses.push_back({trace_->instructions - 1, pc, static_cast<std::uint32_t>(trace_->lines.size()),
                                  static_cast<std::uint32_t>(n)});
      trace_->lines.insert(trace_->lines.end(), lines, lines + n);
    }
    int misses = 0;
    for (int i = 0; i < n; ++i) {
      std::uint64_t ready = 0;
      if (in.op == OpClass::Store) {
        l1_.store(lines[i]);
        ++misses;
      } else if (!l1_.load(lines[i], ready)) {
        l1_.allocate(lines[i], 0);
        ++misses;
      }
    }
    return misses;
  }

  int pc_of(const Instr& in) const { return static_cast<int>(&in - k_.code.data()); }

  const Kernel& k_;
  int bid_;
  int warp_;
  int line_bytes_;
  RngStream& rng_;
  WalkStats& s_;
  WalkTrace* trace_;  // null: counts only
  const std::int32_t* loop_count_ = nullptr;  // the walk's iteration of the enclosing loop at each depth
  L1Cache l1_;                              // this warp's lines (stream accesses only)
};

}  // namespace

void WalkStats::add(const WalkStats& o) {
  warp_instructions += o.warp_instructions;
  active_lanes += o.active_lanes;
  global_instructions += o.global_instructions;
  offchip_requests += o.offchip_requests;
  shared_instructions += o.shared_instructions;
  alu_instructions += o.alu_instructions;
  dp_instructions += o.dp_instructions;
  barriers += o.barriers;
  divergent_ifs += o.divergent_ifs;
  divergent_ifs_programmatic += o.divergent_ifs_programmatic;
  if (reg_accesses.size() < o.reg_accesses.size()) reg_accesses.resize(o.reg_accesses.size(), 0.0);
  for (std::size_t r = 0; r < o.reg_accesses.size(); ++r) reg_accesses[r] += o.reg_accesses[r];
}

int blocks_on_sm(int grid, int sm, int sms) { return grid > sm ? (grid - sm + sms - 1) / sms : 0; }

double rf_fraction(const Kernel& k, int blocks, int registers_per_sm) {
  const int pad = (k.block_threads + 31) / 32 * 32;
  const int regs = (k.regs_per_thread + 3) / 4 * 4;
  return static_cast<double>(blocks) * pad * regs / registers_per_sm;
}

WalkStats walk_warp(const Kernel& k, const L1Cache::Params& l1, int block_id, int warp, RngStream& rng,
                    WalkTrace* trace) {
  WalkStats s;
  s.reg_accesses.assign(static_cast<std::size_t>(k.regs_per_thread), 0.0);
  Walker(k, l1, block_id, warp, rng, s, trace).run_all();
  return s;
}

WalkStats walk_kernel_launch(const Kernel& k, const L1Cache::Params& l1, int grid, int sm, int sms, RngStream& rng) {
  WalkStats s;
  s.reg_accesses.assign(static_cast<std::size_t>(k.regs_per_thread), 0.0);
  for (int b = sm; b < grid; b += sms)
    for (int w = 0; w < k.warps_per_block(); ++w) s.add(walk_warp(k, l1, b, w, rng));
  return s;
}

}  // namespace rfvar::arch
