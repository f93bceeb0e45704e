#include "stages/pipeline/stage_runner.h"

#include <signal.h>
#include <unistd.h>

#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "common/build_info.h"
#include "common/h5io.h"
#include "common/isolated_run.h"
#include "stages/job_log_output.h"

namespace rfvar::study {

namespace fs = std::filesystem;

namespace {

struct Fnv {
  std::uint64_t h = 1469598103934665603ull;
  void mix(const std::string& s) {
    for (const unsigned char c : s) {
      h ^= c;
      h *= 1099511628211ull;
    }
    h ^= 0xFF;  // separator, so ("ab","c") != ("a","bc")
    h *= 1099511628211ull;
  }
};

std::string hex(std::uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Writes `text` to `target` atomically (temp file in the same directory, then rename).
void write_atomic(const fs::path& target, const std::string& text) {
  const fs::path tmp = target.parent_path() / ("." + target.filename().string() + ".tmp-" + std::to_string(::getpid()));
  {
    std::ofstream out(tmp, std::ios::binary);
    out << text;
    if (!out.flush()) throw InputError("cannot write '" + tmp.string() + "'");
  }
  fs::rename(tmp, target);
}

// A cached stage file that opens as HDF5 (a truncated or overwritten one does not; nor one on which
// libhdf5 crashes or loops, tried first in a child process: common/isolated_run.h).
bool readable_h5(const fs::path& p) {
  if (run_isolated([&p] { const H5Reader r(p); }, kH5ProbeSeconds).kind != IsolatedOutcome::Kind::Ok) return false;
  try {
    const H5Reader r(p);
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

// A process that exists and is not a zombie (a killed stage can stay a zombie for a while).
bool process_alive(pid_t pid) {
  if (::kill(pid, 0) != 0 && errno == ESRCH) return false;
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!std::getline(stat, line)) return false;
  const auto close = line.rfind(')');
  return close == std::string::npos || close + 2 >= line.size() || line[close + 2] != 'Z';
}

// Temporary files are ".<name>.tmp-<pid>" (H5Writer and write_atomic); remove those of dead runs.
void remove_stale_temps(const fs::path& dir) {
  for (const auto& e : fs::directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    const auto at = name.rfind(".tmp-");
    if (name.empty() || name[0] != '.' || at == std::string::npos) continue;
    const std::string pid_text = name.substr(at + 5);
    if (pid_text.empty() || pid_text.find_first_not_of("0123456789") != std::string::npos) continue;
    const pid_t pid = static_cast<pid_t>(std::stol(pid_text));
    if (!process_alive(pid)) {
      std::error_code ec;
      fs::remove(e.path(), ec);
    }
  }
}

}  // namespace

std::string stage_hash(const StageDef& stage, const std::map<std::string, std::string>& options, const Config& config,
                       const std::vector<const StageResult*>& upstream) {
  Fnv f;
  f.mix("rfvar-study-stage-v1");
  f.mix(version_string());
  f.mix(stage.name);
  for (const auto& [k, v] : options) f.mix(k + "=" + v);
  f.mix(hex(config.fingerprint(stage.config_prefixes)));
  for (const auto* u : upstream) f.mix(u->stage + ":" + u->hash);
  if (stage.uses_kernels) {
    std::vector<fs::path> kernels;
    for (const auto& e : fs::recursive_directory_iterator(data_dir() / "kernels"))  // with kernels/ltrf/
      if (e.path().extension() == ".kernel") kernels.push_back(e.path());
    std::sort(kernels.begin(), kernels.end());
    for (const auto& k : kernels) f.mix(fs::relative(k, data_dir() / "kernels").string() + "\n" + slurp(k));
    // The CUDA benchmarks' harnesses, PTX and ptxas register counts (ptx:NAME workloads).
    std::vector<fs::path> cuda;
    if (fs::is_directory(data_dir() / "cuda"))
      for (const auto& e : fs::recursive_directory_iterator(data_dir() / "cuda")) {
        const auto ext = e.path().extension();
        if (ext == ".toml" || ext == ".ptx" || ext == ".regs") cuda.push_back(e.path());
      }
    std::sort(cuda.begin(), cuda.end());
    for (const auto& k : cuda) f.mix(fs::relative(k, data_dir()).string() + "\n" + slurp(k));
  }
  return hex(f.h);
}

StageRunner::StageRunner(RunnerOptions options) : opt_(std::move(options)) {
  std::error_code ec;
  fs::create_directories(opt_.cache_dir, ec);
  if (ec || !fs::is_directory(opt_.cache_dir) || ::access(opt_.cache_dir.c_str(), W_OK) != 0)
    throw InputError("cannot write the stage cache directory '" + opt_.cache_dir.string() + "'" +
                     (ec ? ": " + ec.message() : ""));
  if (rank0()) remove_stale_temps(opt_.cache_dir);
}

bool StageRunner::rank0() const { return !opt_.jobs || opt_.jobs->rank() == 0; }

void StageRunner::tidy() const {
  if (opt_.jobs) opt_.jobs->barrier();
  if (!rank0()) return;
  remove_stale_temps(opt_.cache_dir);
  if (fs::is_directory(opt_.cache_dir / "traces")) remove_stale_temps(opt_.cache_dir / "traces");
}

StageResult StageRunner::run(const StageDef& stage, const std::map<std::string, std::string>& options,
                             const Config& config, const std::vector<const StageResult*>& upstream,
                             const std::function<void()>& on_start) {
  StageResult r;
  r.stage = stage.name;
  r.hash = stage_hash(stage, options, config, upstream);
  r.file = opt_.cache_dir / (stage.name + "-" + r.hash + ".h5");
  const fs::path json_file = opt_.cache_dir / (stage.name + "-" + r.hash + ".json");
  if (rank0() && fs::exists(r.file) && fs::exists(json_file)) {
    try {
      r.summary = nlohmann::json::parse(slurp(json_file));
      r.reused = readable_h5(r.file);  // else a truncated or corrupt .h5: run the stage again
    } catch (const nlohmann::json::exception&) {  // unreadable summary: run the stage again
    }
  }
  if (opt_.jobs && opt_.jobs->ranks() > 1) {  // rank 0's decision, with its summary
    const std::string said = opt_.jobs->broadcast(r.reused ? r.summary.dump() : std::string());
    r.reused = !said.empty();
    if (r.reused) r.summary = nlohmann::json::parse(said);
  }
  if (r.reused) return r;
  const std::string population = upstream.empty() ? std::string() : upstream.front()->file.string();
  // The PTX workloads' traces, shared by every stage and study (not part of the stage hash: results
  // are identical with or without the trace cache).
  const std::string traces = stage.uses_kernels ? (opt_.cache_dir / "traces").string() : std::string();
  const stages::StageContext ctx{config, stages::rank_output(opt_.jobs, r.file.string()),
                                 opt_.command_line + " [stage " + stage.name + "]", opt_.progress, opt_.jobs,
                                 opt_.job_times};
  if (opt_.jobs) opt_.jobs->log().clear();
  if (on_start) on_start();
  const auto t0 = std::chrono::steady_clock::now();
  try {
    // As text and back, so a fresh summary equals a reused one (NaN -> null, as the .json holds it).
    r.summary = nlohmann::json::parse(stage.stage->run(options, population, traces, ctx).dump());
  } catch (const InputError& e) {
    throw InputError("study stage '" + stage.name + "' failed: " + e.what());
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
#ifdef __GLIBC__
  // The stage's memory is freed; return it to the system, as the stage's own process did when it
  // ended (measured: without this the study keeps the perf stage's 1 GB through the next stages).
  ::malloc_trim(0);
#endif
  if (rank0()) {
    if (!fs::exists(r.file)) throw InputError("study stage '" + stage.name + "' wrote no '" + r.file.string() + "'");
    write_atomic(json_file, r.summary.dump(2) + "\n");
  } else {
    std::error_code ec;
    fs::remove(ctx.output, ec);  // this rank's scratch copy
  }
  if (opt_.jobs) opt_.jobs->barrier();  // rank 0's files are in place before any rank goes on
  return r;
}

}  // namespace rfvar::study
