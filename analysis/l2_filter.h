// The memory hierarchy of the L2 reuse derivations (l2_reuse.h, trace_l2_reuse.h): one L1 per SM
// and ONE L2 shared by all SMs, tags only.
//
// Contract: request() sends one coalesced line request (a line address in units of `l1_line_bytes`)
// of SM `sm` to that SM's L1 (L1Cache with arch.l1_*: loads allocate on a miss, stores write-evict
// and always go on) and every request that leaves the L1 to the L2 (LRU tag array with the L2's
// geometry, linear set index = line % sets; write-back and write-allocate like GPGPU-Sim's GTX480
// dl2, so stores are L2 accesses and allocate a line that later loads hit). It counts the request
// into `r` (line_requests, l2_requests, l2_hits) and the L2 traffic into `total`. new_launch()
// gives every SM a fresh L1 (the SM model resets its L1 at each launch); the L2 keeps its
// contents from launch to launch (GPGPU-Sim -gpgpu_flush_l2_cache 0).
#pragma once

#include <cstdint>
#include <vector>

#include "analysis/l2_reuse.h"
#include "arch/memory/l1_cache.h"

namespace rfvar::arch {

class L2Filter {
 public:
  L2Filter(int sms, const L1Cache::Params& l1, const L2Params& l2);
  void new_launch();
  void request(int sm, std::uint64_t line, bool store, L2InstrReuse& r, L2Reuse& total);

 private:
  L1Cache::Params l1p_;
  std::vector<L1Cache> l1_;  // [sm]
  L1Cache l2_;               // the same LRU tag array class, with the L2's geometry
  std::uint64_t l1_line_bytes_, l2_line_bytes_;
};

}  // namespace rfvar::arch
