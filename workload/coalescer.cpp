#include "workload/coalescer.h"

#include <algorithm>
#include <bit>

#include "workload/scatter.h"

namespace rfvar::arch {

namespace {
constexpr int kRegionShift = 48;  // regions are 256 TB apart: they never alias
}

std::uint64_t stream_address(const AddrStream& s, int bid, int tid, std::int32_t iter, std::int32_t iter2) {
  std::int64_t a = s.offset_bytes + s.iter_bytes * iter + s.iter2_bytes * iter2;
  if (s.grid_x > 0) a += s.block_bytes * (bid % s.grid_x) + s.block_y_bytes * (bid / s.grid_x);
  else a += s.block_bytes * bid;
  if (s.dim_x > 0) a += s.lane_bytes * (tid % s.dim_x) + s.pitch_bytes * (tid / s.dim_x);
  else a += s.lane_bytes * tid;
  if (s.scatter_bytes != 0) [[unlikely]] a += scatter_offset(s, bid, tid, iter, iter2);
  if (s.wrap_bytes > 0) a = ((a % s.wrap_bytes) + s.wrap_bytes) % s.wrap_bytes;
  return (static_cast<std::uint64_t>(s.region) << kRegionShift) + static_cast<std::uint64_t>(a);
}

int coalesce(const AddrStream& s, int bid, int wib, std::int32_t iter, std::int32_t iter2, std::uint32_t mask,
             int line_bytes, std::uint64_t lines[32]) {
  int n = 0;
  bool sorted = true;
  const auto lb = static_cast<std::uint64_t>(line_bytes);
  for (std::uint32_t m = mask; m != 0; m &= m - 1) {
    const int lane = std::countr_zero(m);
    const std::uint64_t line = stream_address(s, bid, wib * 32 + lane, iter, iter2) / lb;
    if (n > 0 && line == lines[n - 1]) continue;  // consecutive lanes in one line (the common case)
    if (n > 0 && line < lines[n - 1]) sorted = false;
    lines[n++] = line;
  }
  if (!sorted) std::sort(lines, lines + n);
  return static_cast<int>(std::unique(lines, lines + n) - lines);
}

}  // namespace rfvar::arch
