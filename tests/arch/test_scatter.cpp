// Tests of the irregular address term `scatter=E` (workload/scatter.h): a pseudo-random element of
// the footprint per (key, block, thread, iteration), as a gather through an index array (BFS's
// visited[edges[i]]) reads, and its parsing (docs/kernel-format.md).
#include <doctest/doctest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "workload/coalescer.h"
#include "workload/kernel_parser.h"
#include "workload/scatter.h"
#include "common/config.h"
#include "tests/arch/kernel_parse_error.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::arch;

namespace {
AddrStream scattered(std::int64_t element_bytes, std::int64_t wrap_bytes, std::uint32_t key) {
  AddrStream s;
  s.lane_bytes = 0;
  s.scatter_bytes = element_bytes;
  s.wrap_bytes = wrap_bytes;
  s.scatter_key = key;
  return s;
}

}  // namespace

TEST_CASE("GIVEN a scattered stream WHEN the same (block, thread, iteration) is asked again THEN the same element "
          "comes back, aligned and inside the footprint") {
  const AddrStream s = scattered(4, 262144, 1);
  for (int t = 0; t < 64; ++t) {
    const std::int64_t o = scatter_offset(s, 3, t, 2, 1);
    CHECK(o == scatter_offset(s, 3, t, 2, 1));
    CHECK(o % 4 == 0);
    CHECK(o >= 0);
    CHECK(o < 262144);
  }
  CHECK(scatter_offset(scattered(0, 4096, 1), 3, 5, 2, 0) == 0);  // no scatter term
}

TEST_CASE("GIVEN two arrays indexed by the same neighbour id (one key) WHEN their elements differ in size "
          "THEN both pick the same element index; another key picks other ones") {
  const AddrStream visited = scattered(1, 65536, 1), cost = scattered(4, 262144, 1), other = scattered(1, 65536, 2);
  int same_other = 0;
  for (int i = 0; i < 6; ++i)
    for (int t = 0; t < 32; ++t) {
      CHECK(scatter_offset(cost, 7, t, i, 0) == 4 * scatter_offset(visited, 7, t, i, 0));
      same_other += scatter_offset(other, 7, t, i, 0) == scatter_offset(visited, 7, t, i, 0);
    }
  CHECK(same_other < 3);  // 192 draws over 65536 elements: a coincidence or two at most
}

TEST_CASE("GIVEN a full warp gathering 4 B elements WHEN the footprint is 1 MB or one line "
          "THEN the lanes hit nearly 32 distinct lines or exactly one") {
  // Deterministic draws (no seed); a 1 MB footprint has 8192 lines, so 32 uniform lanes collide
  // with probability ~6 %: at least 30 distinct lines in each of 10 warps, 318 or more in all.
  std::uint64_t lines[32];
  int total = 0;
  for (int w = 0; w < 10; ++w) {
    const int n = coalesce(scattered(4, 1 << 20, 0), 0, w, 0, 0, 0xFFFFFFFFu, 128, lines);
    CHECK(n >= 30);
    total += n;
  }
  CHECK(total >= 310);
  CHECK(coalesce(scattered(4, 128, 0), 0, 0, 0, 0, 0xFFFFFFFFu, 128, lines) == 1);
}

TEST_CASE("GIVEN 20000 draws over 16 elements WHEN counted THEN every element gets 1/16 of them within 10 %") {
  const AddrStream s = scattered(8, 128, 9);
  std::vector<int> count(16, 0);
  for (int b = 0; b < 20; ++b)
    for (int t = 0; t < 1000; ++t) ++count[static_cast<std::size_t>(scatter_offset(s, b, t, 0, 0) / 8)];
  for (int c : count) CHECK(std::abs(c - 1250) < 125);  // binomial sd 34: 3.7 sd
}

TEST_CASE("GIVEN scatter= in a kernel file WHEN parsed THEN the stream records it (lane 0 by default, key = "
          "region) and malformed uses fail with FILE:LINE") {
  const Benchmark b = parse_benchmark(
      "rfvar-kernel 1\nbenchmark t\nkernel k block=64 regs=8\n  loop 6\n"
      "    ld.global r2 = r1 addr=2 scatter=1 wrap=65536 skey=1 l2=0.4\n"
      "    st.global r2 r3 addr=5 scatter=4 wrap=262144\n  endloop\nend\nlaunch k grid=1\n",
      "t.kernel");
  const Kernel& k = b.kernels[0];
  REQUIRE(k.addr_streams.size() == 2);
  CHECK(k.addr_streams[0].scatter_bytes == 1);
  CHECK(k.addr_streams[0].scatter_key == 1);
  CHECK(k.addr_streams[0].lane_bytes == 0);
  CHECK(k.addr_streams[0].loop_depth == 0);  // the draw follows the loop iteration
  CHECK(k.addr_streams[1].scatter_key == 5);  // default: the region
  CHECK(test::kernel_parse_error("  ld.global r1 = r0 addr=1 scatter=4\n").find("give wrap=") != std::string::npos);
  CHECK(test::kernel_parse_error("  ld.global r1 = r0 addr=1 scatter=8 wrap=4\n").find("give wrap=") != std::string::npos);
  CHECK(test::kernel_parse_error("  ld.global r1 = r0 addr=1 skey=2\n").find("give scatter=") != std::string::npos);
  CHECK(test::kernel_parse_error("  ld.global r1 = r0 scatter=4 wrap=64\n").find("need addr=REGION") != std::string::npos);
  CHECK(test::kernel_parse_error("  ld.global r1 = r0 addr=1 scatter=0 wrap=64\n").find("t.kernel:4: ") == 0);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
