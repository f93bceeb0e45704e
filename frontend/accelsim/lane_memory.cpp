#include "frontend/accelsim/lane_memory.h"

#include <algorithm>
#include <array>

namespace rfvar::arch::accelsim {

std::uint64_t space_tag(MemSpace space) {
  switch (space) {
    case MemSpace::Local:
      return std::uint64_t{1} << kSpaceTagShift;
    case MemSpace::Const:
      return std::uint64_t{2} << kSpaceTagShift;
    default:
      return 0;  // global
  }
}

std::uint32_t append_lines(std::span<const std::uint64_t> addrs, std::uint64_t line_bytes, MemSpace space,
                           std::vector<std::uint64_t>& lines) {
  constexpr std::uint64_t kLow = (std::uint64_t{1} << kSpaceTagShift) - 1;
  const std::uint64_t tag = space_tag(space);
  const std::size_t first = lines.size();
  for (const std::uint64_t a : addrs) {
    const std::uint64_t line = ((a / line_bytes) & kLow) | tag;
    if (std::find(lines.begin() + static_cast<std::ptrdiff_t>(first), lines.end(), line) == lines.end())
      lines.push_back(line);
  }
  return static_cast<std::uint32_t>(lines.size() - first);
}

std::uint32_t shared_conflict_degree(std::span<const std::uint64_t> addrs, int width_bytes) {
  // Every 4-byte word each lane touches, deduplicated (broadcast), then counted per bank.
  constexpr std::size_t kMaxWords = 32 * (kMaxLaneBytes / kSharedBankBytes + 1);
  std::array<std::uint64_t, kMaxWords> words;
  std::size_t n = 0;
  const std::uint64_t last = static_cast<std::uint64_t>(std::clamp(width_bytes, 1, kMaxLaneBytes)) - 1;
  for (const std::uint64_t a : addrs.first(std::min<std::size_t>(addrs.size(), 32)))
    for (std::uint64_t w = a / kSharedBankBytes; w <= (a + last) / kSharedBankBytes; ++w) words[n++] = w;
  std::sort(words.begin(), words.begin() + static_cast<std::ptrdiff_t>(n));
  std::array<std::uint32_t, kSharedBanks> per_bank{};
  std::uint32_t degree = 1;
  for (std::size_t i = 0; i < n; ++i)
    if (i == 0 || words[i] != words[i - 1]) degree = std::max(degree, ++per_bank[words[i] % kSharedBanks]);
  return degree;
}

}  // namespace rfvar::arch::accelsim
