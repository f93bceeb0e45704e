#include "common/rng.h"

namespace rfvar {

void RngStream::fill_normal_float(float* out, std::size_t n, std::uint64_t first_block) const {
  std::size_t i = 0;
  std::uint64_t b = first_block;
  for (; i + 4 <= n; i += 4, ++b) {
    const auto r = block(b);
    const r123::float2 z0 = r123::boxmuller(r[0], r[1]);
    const r123::float2 z1 = r123::boxmuller(r[2], r[3]);
    out[i] = z0.x;
    out[i + 1] = z0.y;
    out[i + 2] = z1.x;
    out[i + 3] = z1.y;
  }
  if (i < n) {
    const auto r = block(b);
    const r123::float2 z0 = r123::boxmuller(r[0], r[1]);
    const r123::float2 z1 = r123::boxmuller(r[2], r[3]);
    const float tail[4] = {z0.x, z0.y, z1.x, z1.y};
    for (std::size_t k = 0; i < n; ++i, ++k) out[i] = tail[k];
  }
}

}  // namespace rfvar
