#include "apps/cli_checks.h"

#include <fstream>
#include <thread>

#include "common/h5io.h"
#include "common/isolated_run.h"
#include "common/limits.h"

namespace rfvar::apps {

namespace fs = std::filesystem;

namespace {

// Every existing file an option value names: the value itself, a FILE:K spec's FILE, each item of
// a comma-separated list (and that item's FILE:K file).
void collect_inputs(const std::string& value, std::vector<fs::path>& out) {
  auto add = [&](const std::string& v) {
    if (v.empty()) return;
    std::error_code ec;
    if (fs::exists(v, ec)) out.emplace_back(v);
    const auto colon = v.rfind(':');
    if (colon != std::string::npos && colon > 0 && fs::exists(v.substr(0, colon), ec))
      out.emplace_back(v.substr(0, colon));
  };
  add(value);
  if (value.find(',') != std::string::npos)
    for (const auto& item : split_list(value)) add(item);
}

}  // namespace

bool is_rfvar_output(const fs::path& file) {
  {
    std::ifstream in(file, std::ios::binary);
    char magic[8] = {};
    if (in.read(magic, 8) && std::string(magic, 8) == "RFVTRACE") return true;
  }
  // In a child process first: a corrupt HDF5 file can crash libhdf5 or make it loop (common/isolated_run.h).
  const auto check = [&file] {
    const H5Reader r(file);
    if (!r.has_attr("/", "rfvar_kind")) throw InputError("not an rfvar output");
  };
  const IsolatedOutcome o = run_isolated(check, kH5ProbeSeconds);
  if (o.kind != IsolatedOutcome::Kind::Ok) return false;
  try {
    check();
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

void check_output_path(const std::string& output, const std::vector<fs::path>& inputs, bool force,
                       const std::string& option, bool creates_directory) {
  if (output.empty()) throw InputError(option + " \"\": the output file name is empty");
  const fs::path out(output);
  std::error_code ec;
  const fs::file_status st = fs::status(out, ec);
  if (fs::exists(st)) {
    if (fs::is_directory(st))
      throw InputError(option + " '" + output + "' is a directory; name the output file");
    if (!fs::is_regular_file(st))
      throw InputError(option + " '" + output + "' is not a regular file (a FIFO, device or socket); rfvar writes only regular files");
    if ((st.permissions() & (fs::perms::owner_write | fs::perms::group_write | fs::perms::others_write)) == fs::perms::none)
      throw InputError(option + " '" + output + "' is read-only; rfvar does not replace it");
    for (const auto& in : inputs)
      if (fs::equivalent(in, out, ec))
        throw InputError(option + " '" + output + "' is also an input of this command ('" + in.string() +
                         "'); rfvar does not overwrite its inputs");
    if (!force && !is_rfvar_output(out))
      throw InputError(option + " '" + output +
                       "' exists and is not an rfvar output file; remove it, choose another name or give --force");
  } else {
    const fs::path dir = out.parent_path().empty() ? fs::path(".") : out.parent_path();
    if (!creates_directory && !fs::is_directory(dir, ec))
      throw InputError(option + " '" + output + "': directory '" + dir.string() + "' does not exist");
  }
}

void check_command(const CLI::App& sub, const CommonOptions& o) {
  const Config config = o.load_config();
  const Limits limits = Limits::from_config(config);
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  const long max_threads = static_cast<long>(limits.threads_per_core) * cores;
  if (o.threads > max_threads)
    throw InputError("--threads " + std::to_string(o.threads) + ": above " + std::to_string(max_threads) +
                     " (limits.threads_per_core = " + std::to_string(limits.threads_per_core) + " x " +
                     std::to_string(cores) + " cores; raise it with --set limits.threads_per_core=N)");

  const CLI::Option* out_opt = sub.get_option_no_throw("--output");
  if (out_opt == nullptr) return;
  const CLI::Option* info = sub.get_option_no_throw("--info");  // rfvar chips --info reads, writes nothing
  if (info != nullptr && info->count() > 0) return;
  std::string output;
  if (out_opt->count() > 0)
    output = out_opt->results().empty() ? std::string() : out_opt->results().back();
  else if (!o.output.empty())
    output = o.output;  // the subcommand's default (add_common_options)
  else
    return;  // no -o: this subcommand writes nothing
  std::vector<fs::path> inputs;
  for (const CLI::Option* opt : sub.get_options()) {
    if (opt == out_opt) continue;
    for (const auto& v : opt->results()) collect_inputs(v, inputs);
  }
  check_output_path(output, inputs, o.force, "-o", sub.get_name() == "study");
}

}  // namespace rfvar::apps
