// The PTX interpreter's TraceKeys (workload/trace.h WarpTrace::keys; ptx/exec_mem.cpp), what register
// sharing looks up (Jeon et al., CAL 2019 §3), and the property of Jeon's workloads that keeps a shared
// register from ever holding a stale value.
#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <filesystem>
#include <utility>
#include <vector>

#include "arch/core/params.h"
#include "ptx/to_workload.h"
#include "common/config.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::arch;

TraceWorkload jeon(const char* folder, const char* harness, bool keys) {
  const ArchParams p = ArchParams::from_config(Config::load_default());
  ptx::WorkloadOptions o = ptx::workload_options(p);
  o.keys = keys;
  return ptx::ptx_workload(data_dir() / "cuda" / folder / harness, o, p);
}

TEST_CASE("trace keys: GIVEN keys off THEN none; GIVEN on THEN one per memory record, most of them a full warp") {
  const TraceWorkload off = jeon("mm128", "mm128-small.toml", false);
  const TraceWorkload on = jeon("mm128", "mm128-small.toml", true);
  std::size_t records = 0, full = 0, naive_records = 0, naive_full = 0;
  for (std::size_t l = 0; l < on.launches().size(); ++l)
    for (std::size_t b = 0; b < on.launches()[l].blocks.size(); ++b)
      for (std::size_t w = 0; w < on.launches()[l].blocks[b].warps.size(); ++w) {
        const WarpTrace& t = on.launches()[l].blocks[b].warps[w];
        const WarpTrace& u = off.launches()[l].blocks[b].warps[w];
        CHECK(u.keys.empty());
        REQUIRE(t.keys.size() == t.mem.size());
        CHECK(t.steps == u.steps);  // keys change nothing else
        CHECK(t.lines == u.lines);
        records += t.keys.size();
        for (const TraceKey& k : t.keys) full += k.count == 32 ? 1 : 0;
        if (l == 0) naive_records += t.keys.size(), naive_full += static_cast<std::size_t>(std::count_if(
                        t.keys.begin(), t.keys.end(), [](const TraceKey& k) { return k.count == 32; }));
      }
  REQUIRE(naive_records > 0);
  // mm128_naive (launch 0): A[row][k] is one word for all lanes (stride 0), B[k][col..col+31] and
  // C[row][col..col+31] consecutive words (stride 4): every global access of its full warps is one group.
  CHECK(naive_full * 100 >= naive_records * 95);  // the rest: its 4 ld.param per warp (no global key)
  // mm128_tiled's 16 x 16 blocks: a warp spans two rows, two stride groups: no key for those.
  CHECK(full < records);
}

// Each launch's writes (stores, atoms, reds) against its global loads: bytes when the write is one
// stride group, else its lines against the loads' lines.
TEST_CASE("trace keys: GIVEN Jeon's harnesses THEN no launch writes an address it loads, so a shared register is never stale") {
  for (const auto& fh : {std::pair{"mm128", "mm128-small.toml"}, std::pair{"cnn", "cnn-small.toml"}}) {
    const char* const folder = fh.first;  // not structured bindings: CHECK_MESSAGE captures them (clang)
    const char* const harness = fh.second;
    const TraceWorkload wl = jeon(folder, harness, true);
    const Benchmark& bm = wl.benchmark();
    for (const LaunchTrace& lt : wl.launches()) {
      const Kernel& k = bm.kernels[static_cast<std::size_t>(bm.launches[static_cast<std::size_t>(lt.launch)].kernel)];
      std::vector<std::pair<std::uint64_t, std::uint64_t>> loads, writes;
      std::vector<std::uint64_t> written_lines, loaded_lines;
      for (const BlockTrace& bt : lt.blocks)
        for (const WarpTrace& t : bt.warps) {
          std::size_t m = 0;
          for (const TraceStep& s : t.steps) {
            const Instr& in = k.code[static_cast<std::size_t>(s.pc)];
            if (!in.mem_trace) continue;
            const TraceKey& key = t.keys[m];
            const TraceMem& tm = t.mem[m++];
            if (in.space != MemSpace::Global) continue;
            const bool writes_mem = in.op == OpClass::Store || key.writes;
            auto& lines = writes_mem ? written_lines : loaded_lines;
            if (writes_mem ? key.count == 0 : true)
              lines.insert(lines.end(), t.lines.begin() + tm.first, t.lines.begin() + tm.first + tm.count);
            for (int lane = 0; lane < key.count; ++lane) {
              const std::uint64_t lo = key.base + static_cast<std::uint64_t>(key.stride * lane);
              (writes_mem ? writes : loads).push_back({lo, lo + key.width});
            }
          }
        }
      std::sort(loaded_lines.begin(), loaded_lines.end());
      for (const std::uint64_t line : written_lines)
        CHECK_MESSAGE(!std::binary_search(loaded_lines.begin(), loaded_lines.end(), line), harness, " launch ",
                      lt.launch, " writes line ", line, " which it also loads");
      std::sort(loads.begin(), loads.end());
      for (const auto& w : writes) {
        const std::uint64_t lo = w.first, hi = w.second;
        const auto it = std::lower_bound(loads.begin(), loads.end(), std::pair{hi, std::uint64_t{0}});
        const bool overlap = it != loads.begin() && std::prev(it)->second > lo;
        CHECK_MESSAGE(!overlap, harness, " launch ", lt.launch, " writes [", lo, ", ", hi, ") which it also loads");
        if (overlap) break;
      }
    }
  }
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
