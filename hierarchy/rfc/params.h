// Parameters of the register-file cache (Gebhart et al. ISCA 2011), read from [ltrf] rfc_* keys.
//
// Contract: from_config() validates every key and throws ConfigError naming key, value and range
// (replacement: "fifo" or "lru").
#pragma once

#include <string>

#include "common/config.h"

namespace rfvar::arch::rfc {

struct RfcParams {
  int entries_per_thread = 6;        // entries per warp slot (each holds one warp-wide register)
  std::string replacement = "fifo";  // "fifo" | "lru"
  bool bypass_long_latency = true;   // long-latency results go straight to the main RF

  static RfcParams from_config(const Config& c);
};

}  // namespace rfvar::arch::rfc
