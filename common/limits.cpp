#include "common/limits.h"

#include <fstream>
#include <sstream>

namespace rfvar {

Limits Limits::from_config(const Config& c) {
  Limits l;
  l.threads_per_core = static_cast<int>(c.get_int("limits.threads_per_core", Range::closed(1, 1024)));
  l.max_input_bytes = static_cast<std::uint64_t>(c.get_int("limits.max_input_mib", Range::closed(1, 65536))) << 20;
  l.max_device_bytes = static_cast<std::uint64_t>(c.get_int("limits.max_device_mib", Range::closed(1, 1048576))) << 20;
  l.max_warp_instructions = static_cast<std::uint64_t>(c.get_int("limits.max_warp_instructions", Range::closed(1, 1e15)));
  l.max_launch_instructions =
      static_cast<std::uint64_t>(c.get_int("limits.max_launch_instructions", Range::closed(1, 1e15)));
  l.max_loop_passes = c.get_int("limits.max_loop_passes", Range::closed(1, 1e12));
  l.max_sweep_points = c.get_int("limits.max_sweep_points", Range::closed(1, 1e9));
  return l;
}

void Limits::exceeded(const std::string& what, std::string_view key, double value, double limit) {
  std::ostringstream s;
  s.precision(15);
  s << what << ": " << value << " is above limits." << key << " = " << limit << " (raise it with --set limits." << key
    << "=N)";
  throw InputError(s.str());
}

std::string read_text_input(const std::filesystem::path& file, std::uint64_t max_bytes) {
  std::error_code ec;
  const auto st = std::filesystem::status(file, ec);
  if (ec || !std::filesystem::exists(st)) throw InputError("input file '" + file.string() + "' does not exist");
  if (!std::filesystem::is_regular_file(st))
    throw InputError("input file '" + file.string() + "' is not a regular file (a directory, FIFO or device)");
  const std::uint64_t size = std::filesystem::file_size(file, ec);
  if (ec) throw InputError("input file '" + file.string() + "' cannot be read");
  if (size > max_bytes)
    throw InputError("input file '" + file.string() + "': " + std::to_string(size) + " bytes is above limits.max_input_mib = " +
                     std::to_string(max_bytes >> 20) + " MiB (raise it with --set limits.max_input_mib=N)");
  std::ifstream in(file, std::ios::binary);
  std::string bytes(static_cast<std::size_t>(size), '\0');  // read in one call (a trace can be 100s of MB)
  if (!in || !in.read(bytes.data(), static_cast<std::streamsize>(size)))
    throw InputError("input file '" + file.string() + "' cannot be read");
  return bytes;
}

}  // namespace rfvar
