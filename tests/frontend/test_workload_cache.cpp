// frontend/workload_cache.h: a PTX harness's TraceWorkload cached as a .rftrace file - a miss writes it,
// a hit replays an identical workload, every input of the key misses, a corrupt file is rebuilt.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "frontend/load_workload.h"
#include "arch/run.h"
#include "workload/trace_file.h"
#include "frontend/workload_cache.h"
#include "common/config.h"
#include "common/rng.h"
#include "rfmodel/params.h"
#include "varius/chip_sample.h"

namespace {
namespace RFVAR_UNITY_ID {

namespace fs = std::filesystem;
using namespace rfvar;
using namespace rfvar::arch;

namespace {

const ArchParams& params() {
  static const ArchParams p = ArchParams::from_config(Config::load_default());
  return p;
}

fs::path fresh_dir(const std::string& name) {
  const fs::path d = fs::path(RFVAR_TEST_TMP) / "workload_cache" / name;
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

std::string bytes(const fs::path& f) {
  std::ifstream in(f, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// Two workloads are equal when they save to the same bytes (save_trace_file() writes every field).
std::string saved(const IWorkload& wl, const fs::path& dir, const std::string& name) {
  const auto* t = dynamic_cast<const TraceWorkload*>(&wl);
  REQUIRE(t != nullptr);
  const fs::path f = dir / (name + ".rftrace");
  save_trace_file(f, *t, TraceFileInfo{"x", 1, params().l1_line_bytes});
  return bytes(f);
}

SmStats baseline_stats(const IWorkload& wl, std::uint64_t seed) {
  const rfmodel::RfParams rp = rfmodel::RfParams::from_config(Config::load_default());
  varius::RfGeometry g;
  g.subbanks = rp.subbanks;
  StaticRfProvider ideal(rfmodel::RfSetup::ideal(g.banks, g.rows_per_bank, rp.subbanks));
  return run_workload(wl, params(), "lrr", make_mapping("eq3"), ideal, workload_key(RngStream(seed, 0, Stream::Workload)))
      .stats;
}

fs::path only_trace(const fs::path& dir) {
  fs::path found;
  int n = 0;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".rftrace") found = e.path(), ++n;
  REQUIRE(n == 1);
  return found;
}

// A copy of data/cuda/hotspot/hotspot-small.* in `dir`.
fs::path harness_copy(const fs::path& dir) {
  for (const char* f : {"hotspot-small.toml", "hotspot.ptx", "hotspot.regs"})
    fs::copy_file(data_dir() / "cuda" / "hotspot" / f, dir / f, fs::copy_options::overwrite_existing);
  return dir / "hotspot-small.toml";
}

}  // namespace

TEST_CASE("GIVEN an empty trace cache WHEN a PTX harness loads twice THEN the first writes the trace, the second replays it identically") {
  const fs::path work = fresh_dir("hit"), cache = work / "traces";
  const auto uncached = load_workload("ptx:hotspot-small", params(), 7);
  const auto first = load_workload("ptx:hotspot-small", params(), 7, cache);
  const fs::path file = only_trace(cache);
  CHECK(file.filename().string() == trace_cache_key(data_dir() / "cuda/hotspot/hotspot-small.toml", params(), 7) +
                                        ".rftrace");
  const auto written = fs::last_write_time(file);
  const auto second = load_workload("ptx:hotspot-small", params(), 7, cache);
  CHECK(fs::last_write_time(file) == written);  // a hit does not rewrite
  const std::string want = saved(*uncached, work, "uncached");
  CHECK(saved(*first, work, "first") == want);
  CHECK(saved(*second, work, "second") == want);
  CHECK(second->benchmark().name == "hotspot-small");
  const SmStats a = baseline_stats(*uncached, 7), b = baseline_stats(*second, 7);
  CHECK(a.cycles == b.cycles);
  CHECK(a.warp_instructions == b.warp_instructions);
  CHECK(a.stalls == b.stalls);
  CHECK(a.bank_reads == b.bank_reads);
  CHECK(a.subbank_busy_cycles == b.subbank_busy_cycles);
  CHECK(a.l1_hits == b.l1_hits);
  CHECK(a.l2_hits == b.l2_hits);
  CHECK(a.warp_finish_cycles == b.warp_finish_cycles);
}

TEST_CASE("GIVEN a cached harness WHEN its bytes, the seed or arch.register_ids change THEN the key misses") {
  const fs::path work = fresh_dir("miss"), cache = work / "traces";
  const fs::path toml = harness_copy(work);
  const std::string key = trace_cache_key(toml, params(), 7);
  CHECK(trace_cache_key(toml, params(), 7) == key);
  CHECK(trace_cache_key(toml, params(), 8) != key);
  ArchParams ids = params();
  ids.register_ids = ids.register_ids == RegisterIds::GpgpuSim ? RegisterIds::Allocated : RegisterIds::GpgpuSim;
  CHECK(trace_cache_key(toml, ids, 7) != key);
  ArchParams l2 = params();
  l2.l2_size_bytes *= 2;
  CHECK(trace_cache_key(toml, l2, 7) != key);

  const auto before = load_workload(toml.string(), params(), 7, cache);
  std::string text = bytes(toml);
  const auto at = text.find("max = 0.5");
  REQUIRE(at != std::string::npos);
  text.replace(at, 9, "max = 0.6");
  std::ofstream(toml, std::ios::binary) << text;
  CHECK(trace_cache_key(toml, params(), 7) != key);
  const auto after = load_workload(toml.string(), params(), 7, cache);
  int files = 0;
  for (const auto& e : fs::directory_iterator(cache)) files += e.path().extension() == ".rftrace";
  CHECK(files == 2);
  CHECK(saved(*after, work, "after") == saved(*load_workload(toml.string(), params(), 7), work, "uncached"));
}

TEST_CASE("GIVEN a corrupt cache file WHEN the harness loads THEN it is rebuilt, not an error") {
  const fs::path work = fresh_dir("corrupt"), cache = work / "traces";
  const std::string want = saved(*load_workload("ptx:hotspot-small", params(), 3), work, "uncached");
  load_workload("ptx:hotspot-small", params(), 3, cache);
  const fs::path file = only_trace(cache);
  const std::string good = bytes(file);
  std::ofstream(file, std::ios::binary | std::ios::trunc) << good.substr(0, good.size() / 2);  // truncated
  const auto rebuilt = load_workload("ptx:hotspot-small", params(), 3, cache);
  CHECK(saved(*rebuilt, work, "rebuilt") == want);
  CHECK(bytes(file) == good);  // saved again
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
