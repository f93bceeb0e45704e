#include "stages/workload_check.h"

#include <filesystem>

#include "common/config.h"
#include "workload/kernel_parser.h"

namespace rfvar::stages {

namespace {

namespace fs = std::filesystem;

bool harness_exists(const std::string& name) {
  const fs::path cuda = data_dir() / "cuda";
  std::error_code ec;
  if (name.empty() || name.find('/') != std::string::npos) return false;
  if (fs::is_regular_file(cuda / name / (name + ".toml"), ec)) return true;
  for (const auto& d : fs::directory_iterator(cuda, ec))
    if (fs::is_regular_file(d.path() / (name + ".toml"), ec)) return true;
  return false;
}

bool workload_exists(const std::string& spec) {
  std::error_code ec;
  if (spec.starts_with("ptx:")) return harness_exists(spec.substr(4));
  const fs::path path(spec);
  if (fs::exists(path, ec)) return true;
  if (path.extension() == ".toml" || path.extension() == ".rftrace" || path.filename() == "kernelslist.g")
    return false;
  return fs::is_regular_file(arch::kernel_file_path(spec), ec) ||
         fs::is_regular_file(data_dir() / "kernels" / "ltrf" / (spec + ".kernel"), ec);
}

}  // namespace

void check_workload_specs(const std::vector<std::string>& specs, const std::string& option) {
  for (const auto& s : specs)
    if (!workload_exists(s))
      throw InputError(option + ": unknown kernel '" + s +
                       "' (accepted: NAME of data/kernels/NAME.kernel, ptx:NAME of a harness in data/cuda, "
                       "FILE.kernel, FILE.toml, FILE.rftrace, an Accel-Sim trace FOLDER)");
}

}  // namespace rfvar::stages
