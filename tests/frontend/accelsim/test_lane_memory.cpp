// Line requests and shared-memory bank conflicts of one warp access (frontend/accelsim/lane_memory.h).
#include <doctest/doctest.h>

#include <vector>

#include "frontend/accelsim/lane_memory.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar::arch;
using namespace rfvar::arch::accelsim;

namespace {
std::vector<std::uint64_t> strided(std::uint64_t base, std::int64_t stride, int lanes) {
  std::vector<std::uint64_t> a;
  for (int k = 0; k < lanes; ++k) a.push_back(base + static_cast<std::uint64_t>(stride * k));
  return a;
}
}  // namespace

TEST_SUITE("accelsim") {
  TEST_CASE(
      "GIVEN lane addresses WHEN coalesced THEN distinct lines come in first-appearance order with the space "
      "tag") {
    std::vector<std::uint64_t> lines = {42};  // appended after what is there
    CHECK(append_lines(strided(0x1000, 4, 32), 128, MemSpace::Global, lines) == 1);
    CHECK(lines == std::vector<std::uint64_t>{42, 0x20});
    CHECK(append_lines(std::vector<std::uint64_t>{0x300, 0x100, 0x310, 0x100}, 128, MemSpace::Local, lines) ==
          2);
    CHECK(lines == std::vector<std::uint64_t>{42, 0x20, (1ull << 56) | 6, (1ull << 56) | 2});
    CHECK(append_lines(std::vector<std::uint64_t>{0x80}, 128, MemSpace::Const, lines) == 1);
    CHECK(lines.back() == ((2ull << 56) | 1));
    CHECK(append_lines({}, 128, MemSpace::Global, lines) == 0);
    // 32 lanes 128 bytes apart: 32 lines.
    std::vector<std::uint64_t> wide;
    CHECK(append_lines(strided(0, 128, 32), 128, MemSpace::Global, wide) == 32);
  }

  TEST_CASE(
      "GIVEN shared-memory lane addresses WHEN the conflict degree is taken THEN it is the busiest bank's "
      "word count") {
    CHECK(shared_conflict_degree(strided(0, 4, 32), 4) == 1);              // one word per bank
    CHECK(shared_conflict_degree(strided(0, 8, 32), 4) == 2);              // even banks twice
    CHECK(shared_conflict_degree(strided(0, 0, 32), 4) == 1);              // broadcast
    CHECK(shared_conflict_degree(strided(0, 128, 32), 4) == 32);           // all in bank 0
    CHECK(shared_conflict_degree(strided(0, 8, 32), 8) == 2);              // 64-bit: 64 words over 32 banks
    CHECK(shared_conflict_degree(strided(0, 16, 32), 16) == 4);            // 128-bit: 128 words
    CHECK(shared_conflict_degree({}, 4) == 1);                             // no lane: still one pass
    CHECK(shared_conflict_degree(std::vector<std::uint64_t>{2}, 4) == 1);  // misaligned: spans words 0 and 1
    CHECK(shared_conflict_degree(std::vector<std::uint64_t>{0, 130}, 4) ==
          2);  // words 0 and 32, 33: bank 0 twice
  }
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
