#include "study/pipeline/stage_runner.h"

#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "common/build_info.h"

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

// Runs this binary with `args`; returns its exit status, its stdout in `out`.
int run_child(const std::vector<std::string>& args, std::string& out) {
  int pipe_fd[2];
  if (::pipe(pipe_fd) != 0) throw InputError("study: cannot create a pipe");
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0) throw InputError("study: cannot start a stage process");
  if (pid == 0) {
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);  // a killed study takes its stage with it
    if (::getppid() != parent) ::_exit(127);
    ::dup2(pipe_fd[1], 1);
    ::close(pipe_fd[0]);
    ::close(pipe_fd[1]);
    std::vector<char*> argv;
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::execv("/proc/self/exe", argv.data());
    ::_exit(127);
  }
  ::close(pipe_fd[1]);
  char buf[4096];
  for (;;) {
    const ssize_t n = ::read(pipe_fd[0], buf, sizeof buf);
    if (n > 0) {
      out.append(buf, static_cast<std::size_t>(n));
    } else if (n == 0 || errno != EINTR) {
      break;
    }
  }
  ::close(pipe_fd[0]);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
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
  remove_stale_temps(opt_.cache_dir);
}

void StageRunner::tidy() const {
  remove_stale_temps(opt_.cache_dir);
  if (fs::is_directory(opt_.cache_dir / "traces")) remove_stale_temps(opt_.cache_dir / "traces");
}

fs::path StageRunner::config_file(const Config& config) {
  const fs::path p = opt_.cache_dir / ("config-" + hex(config.fingerprint()) + ".toml");
  if (!fs::exists(p))
    write_atomic(p, "# Effective configuration of a study stage (written by rfvar study)\n" + config.to_toml());
  return p;
}

StageResult StageRunner::run(const StageDef& stage, const std::map<std::string, std::string>& options,
                             const Config& config, const std::vector<const StageResult*>& upstream,
                             const std::function<void()>& on_start) {
  StageResult r;
  r.stage = stage.name;
  r.hash = stage_hash(stage, options, config, upstream);
  r.file = opt_.cache_dir / (stage.name + "-" + r.hash + ".h5");
  const fs::path json_file = opt_.cache_dir / (stage.name + "-" + r.hash + ".json");
  if (fs::exists(r.file) && fs::exists(json_file)) {
    try {
      r.summary = nlohmann::json::parse(slurp(json_file));
      r.reused = true;
      return r;
    } catch (const nlohmann::json::exception&) {  // unreadable summary: run the stage again
    }
  }
  const fs::path population = upstream.empty() ? fs::path() : upstream.front()->file;
  std::vector<std::string> args = {"rfvar"};
  for (auto& a : stage_arguments(stage, options, population)) args.push_back(std::move(a));
  args.insert(args.end(), {"--config", config_file(config).string(), "--json"});
  // The PTX workloads' traces, shared by every stage and study (not part of the stage hash: results
  // are identical with or without the trace cache).
  if (stage.uses_kernels && (stage.command == "ipc" || stage.command == "guardband" || stage.command == "perf" ||
                              stage.command == "energy" || stage.command == "ltrf"))
    args.insert(args.end(), {"--trace-cache", (opt_.cache_dir / "traces").string()});
  args.insert(args.end(), {"-o", r.file.string()});
  if (opt_.threads > 0) args.insert(args.end(), {"--threads", std::to_string(opt_.threads)});
  if (opt_.progress) args.push_back("--progress");
  if (on_start) on_start();
  const auto t0 = std::chrono::steady_clock::now();
  std::string out;
  const int status = run_child(args, out);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (status != 0) {
    std::string cmd;
    for (const auto& a : args) cmd += (cmd.empty() ? "" : " ") + a;
    throw InputError("study stage '" + stage.name + "' failed (exit status " + std::to_string(status) +
                     "); its command was: " + cmd);
  }
  try {
    r.summary = nlohmann::json::parse(out);
  } catch (const nlohmann::json::exception& e) {
    throw InputError("study stage '" + stage.name + "' printed no JSON summary: " + std::string(e.what()));
  }
  if (!fs::exists(r.file)) throw InputError("study stage '" + stage.name + "' wrote no '" + r.file.string() + "'");
  write_atomic(json_file, r.summary.dump(2) + "\n");
  return r;
}

}  // namespace rfvar::study
