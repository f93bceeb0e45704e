// Workload specs -> front ends (load_workload.h).
#include "frontend/load_workload.h"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <vector>

#include "frontend/accelsim/kernels_list.h"
#include "frontend/accelsim/to_benchmark.h"
#include "ptx/to_workload.h"
#include "arch/run.h"
#include "workload/kernel_parser.h"
#include "workload/kernel_workload.h"
#include "workload/trace_file.h"
#include "workload/trace_workload.h"
#include "frontend/workload_cache.h"
#include "common/config.h"
#include "common/rng.h"

namespace rfvar::arch {

namespace {

namespace fs = std::filesystem;

// A `.kernel` Benchmark with its KernelWorkload (which only refers to the Benchmark).
class OwnedKernelWorkload final : public IWorkload {
 public:
  OwnedKernelWorkload(Benchmark b, std::uint64_t key, int line_bytes)
      : b_(std::move(b)), wl_(b_, key, line_bytes) {}
  const Benchmark& benchmark() const override { return b_; }
  const BlockTrace& block(int launch, int bid, BlockTrace& scratch) const override {
    return wl_.block(launch, bid, scratch);
  }

 private:
  Benchmark b_;
  KernelWorkload wl_;
};

bool starts_with_magic(const fs::path& file) {
  std::error_code ec;
  if (!fs::is_regular_file(file, ec)) return false;
  std::ifstream in(file, std::ios::binary);
  char magic[sizeof kTraceMagic] = {};
  in.read(magic, sizeof magic);
  return in.gcount() == sizeof magic && std::memcmp(magic, kTraceMagic, sizeof magic) == 0;
}

// Harness names (file stems) under data_dir()/cuda/*/, sorted.
std::vector<std::string> harness_names() {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& d : fs::directory_iterator(data_dir() / "cuda", ec))
    for (const auto& f : fs::directory_iterator(d.path(), ec))
      if (f.path().extension() == ".toml") out.push_back(f.path().stem().string());
  std::sort(out.begin(), out.end());
  return out;
}

fs::path harness_path(const std::string& spec, const std::string& name) {
  const fs::path cuda = data_dir() / "cuda";
  std::error_code ec;
  if (!name.empty() && name.find('/') == std::string::npos) {
    if (fs::is_regular_file(cuda / name / (name + ".toml"), ec)) return cuda / name / (name + ".toml");
    for (const auto& d : fs::directory_iterator(cuda, ec))
      if (fs::is_regular_file(d.path() / (name + ".toml"), ec)) return d.path() / (name + ".toml");
  }
  std::string avail;
  for (const auto& n : harness_names()) avail += (avail.empty() ? "" : ", ") + n;
  throw InputError("workload '" + spec + "': no CUDA harness '" + name + "' in " + cuda.string() +
                   "/*/; available: " + avail);
}

std::unique_ptr<IWorkload> from_harness(const fs::path& toml, const ArchParams& p, std::uint64_t seed,
                                        const fs::path& trace_cache) {
  // The trace cache's .rftrace files hold no TraceKeys: register sharing runs the harness itself.
  if (!trace_cache.empty() && p.sharing.mode == SharingMode::Off)
    return std::make_unique<TraceWorkload>(cached_harness_workload(toml, p, seed, trace_cache));
  return std::make_unique<TraceWorkload>(ptx::ptx_workload(toml, ptx::workload_options(p, seed), p));
}

// Named after the trace folder ("traces/bfs/kernelslist.g" -> "bfs").
std::unique_ptr<IWorkload> from_accelsim(const fs::path& list, const ArchParams& p) {
  std::string name = fs::absolute(list).lexically_normal().parent_path().filename().string();
  accelsim::TraceBenchmark t =
      accelsim::to_benchmark(accelsim::read_trace(list, {p.l1_line_bytes}), name.empty() ? "accelsim" : name);
  return std::make_unique<TraceWorkload>(std::move(t.benchmark), std::move(t.traces));
}

std::unique_ptr<IWorkload> from_trace_file(const fs::path& file, const ArchParams& p) {
  LoadedTrace t = load_trace_file(file);
  if (t.info.line_bytes != p.l1_line_bytes)
    throw InputError(
        file.string() + ": recorded with " + std::to_string(t.info.line_bytes) +
        "-byte lines but arch.l1_line_bytes = " + std::to_string(p.l1_line_bytes) +
        "; record it again with the same arch.l1_line_bytes (rfvar trace ... --set arch.l1_line_bytes=" +
        std::to_string(p.l1_line_bytes) + ")");
  return std::make_unique<TraceWorkload>(std::move(t.workload));
}

}  // namespace

std::string workload_spec_forms() {
  return "  NAME                      a benchmark of data/kernels (e.g. hotspot)\n"
         "  FILE.kernel               a kernel file (docs/kernel-format.md)\n"
         "  ptx:NAME                  a CUDA harness of data/cuda run on the PTX interpreter (e.g. "
         "ptx:hotspot,\n"
         "                            ptx:hotspot-small)\n"
         "  FILE.toml                 a CUDA harness file (docs/cuda-harness.md)\n"
         "  FOLDER | kernelslist.g    an Accel-Sim trace folder (docs/accelsim-traces.md)\n"
         "  FILE.rftrace              a trace saved by 'rfvar trace' (docs/traces.md)\n";
}

std::unique_ptr<IWorkload> load_workload(const std::string& spec, const ArchParams& p, std::uint64_t seed,
                                         const fs::path& trace_cache) {
  if (spec.empty()) throw InputError("empty workload spec; accepted forms:\n" + workload_spec_forms());
  const fs::path path(spec);
  std::error_code ec;
  if (spec.starts_with("ptx:")) return from_harness(harness_path(spec, spec.substr(4)), p, seed, trace_cache);
  if (path.extension() == ".toml") return from_harness(path, p, seed, trace_cache);
  if (fs::is_directory(path, ec)) {
    if (!fs::is_regular_file(path / "kernelslist.g", ec))
      throw InputError("workload '" + spec + "' is a folder without kernelslist.g; accepted forms:\n" +
                       workload_spec_forms());
    return from_accelsim(path / "kernelslist.g", p);
  }
  if (path.filename() == "kernelslist.g") return from_accelsim(path, p);
  if (path.extension() == ".rftrace" || starts_with_magic(path)) return from_trace_file(path, p);
  const fs::path kf = kernel_file_path(spec);
  if (!fs::is_regular_file(kf, ec)) {
    std::string avail;
    for (const auto& n : available_benchmarks()) avail += (avail.empty() ? "" : ", ") + n;
    throw InputError("unknown kernel '" + spec + "' (no file " + kf.string() + "); available: " + avail +
                     "; accepted workload forms:\n" + workload_spec_forms());
  }
  const std::uint64_t key = workload_key(RngStream(seed, 0, Stream::Workload));
  return std::make_unique<OwnedKernelWorkload>(load_benchmark(spec, p.limits), key, p.l1_line_bytes);
}

}  // namespace rfvar::arch
