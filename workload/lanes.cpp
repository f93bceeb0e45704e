// Lane sets of the workload IR: the lanes of a warp and those meeting a thread-ID condition (lanes.h).
#include "workload/lanes.h"

namespace rfvar::arch {

namespace {
std::uint32_t low_lanes(int n) { return n >= 32 ? ~0u : (n <= 0 ? 0u : (1u << n) - 1u); }
}  // namespace

std::uint32_t warp_lanes(int block_threads, int wib) { return low_lanes(block_threads - 32 * wib); }

std::uint32_t programmatic_lanes(const Cond& c, int wib) {
  const int base = 32 * wib;  // thread index of lane 0
  switch (c.kind) {
    case CondKind::TidLess: return low_lanes(c.a - base);
    case CondKind::TidAtLeast: return ~low_lanes(c.a - base);
    case CondKind::LaneLess: return low_lanes(c.a);
    case CondKind::TidModLess: {
      std::uint32_t m = 0;
      for (int l = 0; l < 32; ++l)
        if ((base + l) % c.a < c.b) m |= 1u << l;
      return m;
    }
    default: return ~0u;  // bid and data-dependent conditions do not split a warp by thread ID
  }
}

}  // namespace rfvar::arch
