// Where a trace line came from, and the one way the Accel-Sim reader reports malformed input.
//
// Contract: fail() throws rfvar::InputError "<source>:<line>: <what>"; the CLI maps it to exit code 2.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "common/config.h"

namespace rfvar::arch::accelsim {

struct Where {
  std::string_view source;
  std::int64_t line = 0;
};

[[noreturn]] inline void fail(const Where& w, const std::string& what) {
  throw InputError(std::string(w.source) + ":" + std::to_string(w.line) + ": " + what);
}

// A token or line quoted in a message, cut to a readable length.
inline std::string excerpt(std::string_view s) {
  constexpr std::size_t kMax = 60;
  return "'" + std::string(s.substr(0, kMax)) + (s.size() > kMax ? "...'" : "'");
}

}  // namespace rfvar::arch::accelsim
