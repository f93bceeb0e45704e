// Test helper: parse a one-kernel benchmark whose kernel body is `body` (64-thread blocks, 8
// registers, one block) and return the InputError message, or "" when it parses.
#pragma once

#include <string>

#include "workload/kernel_parser.h"
#include "common/config.h"

namespace rfvar::arch::test {

inline std::string kernel_parse_error(const std::string& body) {
  try {
    parse_benchmark("rfvar-kernel 1\nbenchmark t\nkernel k block=64 regs=8\n" + body + "end\nlaunch k grid=1\n",
                    "t.kernel");
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace rfvar::arch::test
