// Trace cache of PTX-harness workloads (see workload_cache.h for the contract).
#include "frontend/workload_cache.h"

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <system_error>

#include "ptx/harness.h"
#include "ptx/to_workload.h"
#include "workload/trace_file.h"
#include "common/build_info.h"
#include "common/config.h"

namespace rfvar::arch {

namespace {

namespace fs = std::filesystem;

// FNV-1a 64 over length-prefixed fields, so ("ab","c") and ("a","bc") differ.
struct Fnv {
  std::uint64_t h = 1469598103934665603ull;
  void bytes(const void* data, std::size_t n) {
    const auto* c = static_cast<const unsigned char*>(data);
    for (std::size_t i = 0; i < n; ++i) {
      h ^= c[i];
      h *= 1099511628211ull;
    }
  }
  void mix(const std::string& s) {
    const std::uint64_t n = s.size();
    bytes(&n, sizeof n);
    bytes(s.data(), s.size());
  }
  void mix(std::int64_t v) { bytes(&v, sizeof v); }
};

// The file's bytes; a missing file hashes as the marker "<missing>" (the builder then reports it).
std::string file_bytes(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return "<missing>";
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

}  // namespace

std::string trace_cache_key(const fs::path& harness_toml, const ArchParams& p, std::uint64_t seed) {
  const ptx::Harness h = ptx::load_harness(harness_toml);
  Fnv f;
  f.mix("rfvar-trace-cache-v1");
  f.mix(static_cast<std::int64_t>(kTraceFormatVersion));
  f.mix(version_string());
  f.mix(file_bytes(harness_toml));
  f.mix(h.ptx.string());  // the Benchmark's source_file
  f.mix(file_bytes(h.ptx));
  f.mix(file_bytes(fs::path(h.ptx).replace_extension(".regs")));
  f.mix(static_cast<std::int64_t>(seed));
  f.mix(static_cast<std::int64_t>(p.register_ids));
  for (const int v : {p.l1_line_bytes, p.l1_size_bytes, p.l1_ways, p.l2_size_bytes, p.l2_line_bytes, p.l2_ways,
                      p.sms, p.max_threads_per_sm, p.max_blocks_per_sm, p.registers_per_sm, p.smem_bytes_per_sm})
    f.mix(static_cast<std::int64_t>(v));
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(f.h));
  return buf;
}

TraceWorkload cached_harness_workload(const fs::path& harness_toml, const ArchParams& p, std::uint64_t seed,
                                      const fs::path& cache_dir) {
  const std::string key = trace_cache_key(harness_toml, p, seed);
  const fs::path file = cache_dir / (key + ".rftrace");
  std::error_code ec;
  if (fs::is_regular_file(file, ec)) {
    try {
      LoadedTrace t = load_trace_file(file);
      if (t.info.seed == seed && t.info.line_bytes == p.l1_line_bytes) return std::move(t.workload);
    } catch (const std::exception&) {  // corrupt or unreadable: rebuild it below
    }
  }
  TraceWorkload wl = ptx::ptx_workload(harness_toml, ptx::workload_options(p, seed), p);
  fs::create_directories(cache_dir, ec);
  if (!fs::is_directory(cache_dir, ec))
    throw InputError("trace cache '" + cache_dir.string() + "': cannot create the directory");
  const fs::path tmp = cache_dir / ("." + key + ".rftrace.tmp-" + std::to_string(::getpid()));
  const TraceFileInfo info{"ptx:" + wl.benchmark().name, seed, p.l1_line_bytes};
  try {
    save_trace_file(tmp, wl, info);
    fs::rename(tmp, file);
  } catch (const std::exception& e) {
    fs::remove(tmp, ec);
    throw InputError("trace cache '" + cache_dir.string() + "': cannot write " + file.filename().string() + ": " +
                     e.what());
  }
  return wl;
}

}  // namespace rfvar::arch
