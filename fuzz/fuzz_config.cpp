// Config TOML and --set: the input is merged over the defaults as a user config file's text, then
// each of its first kSetLines lines is applied as one --set assignment (more lines add no new path
// through Config::set, and each costs a parse and often an exception: fuzz/README.md, speed).
#include "common/config.h"
#include "fuzz/fuzz_common.h"

namespace {
constexpr int kSetLines = 32;
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const rfvar::Config defaults = rfvar::Config::load_default();
  const std::string_view t = rfvar::fuzz::text(data, size);
  rfvar::Config c = defaults;
  try {
    c.merge_string(t, "fuzz.toml");
  } catch (const rfvar::InputError&) {
  }
  std::size_t at = 0;
  for (int n = 0; n < kSetLines && at <= t.size(); ++n) {
    const std::size_t nl = t.find('\n', at);
    const std::string_view line = t.substr(at, nl == std::string_view::npos ? std::string_view::npos : nl - at);
    try {
      c.set(line);
    } catch (const rfvar::InputError&) {
    }
    if (nl == std::string_view::npos) break;
    at = nl + 1;
  }
  return 0;
}
