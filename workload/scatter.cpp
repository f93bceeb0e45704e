#include "workload/scatter.h"

#include <Random123/philox.h>

namespace rfvar::arch {

namespace {
constexpr std::uint32_t kScatterTag = 0x5CA77E5Au;  // keeps these draws apart from any RngStream key
}

std::int64_t scatter_offset(const AddrStream& s, int bid, int tid, std::int32_t iter, std::int32_t iter2) {
  if (s.scatter_bytes == 0) return 0;
  const std::int64_t elements = s.wrap_bytes / s.scatter_bytes;  // the parser guarantees >= 1
  using Philox = r123::Philox4x32;
  const Philox::key_type key = {{s.scatter_key, kScatterTag}};
  const Philox::ctr_type ctr = {{static_cast<std::uint32_t>(bid), static_cast<std::uint32_t>(tid),
                                 static_cast<std::uint32_t>(iter), static_cast<std::uint32_t>(iter2)}};
  const Philox::ctr_type r = Philox()(ctr, key);
  const std::uint64_t h = (static_cast<std::uint64_t>(r[0]) << 32) | r[1];
  return s.scatter_bytes * static_cast<std::int64_t>(h % static_cast<std::uint64_t>(elements));
}

}  // namespace rfvar::arch
