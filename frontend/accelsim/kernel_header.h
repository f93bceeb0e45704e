// The header of a kernel-N.traceg: `-key = value` lines before the first #BEGIN_TB.
//
// Contract: read_header_line() takes one line starting with '-' and stores its value in `h`,
// failing (trace_error.h) on a line without '=', a malformed value or a key given twice; keys it
// does not know are ignored (newer tracers add some). check_header() fails unless the keys the
// reader needs were given (-kernel name, -grid dim, -block dim, -shmem, -nregs, -accelsim tracer
// version) and are in range: tracer version 3, 4 or 5; block 1..1024 threads; grid at most 2^31-1
// blocks; shmem, nregs >= 0.
#pragma once

#include <set>
#include <string>
#include <string_view>

#include "frontend/accelsim/sass_trace.h"
#include "frontend/accelsim/trace_error.h"

namespace rfvar::arch::accelsim {

struct HeaderState {
  KernelHeader header;
  std::set<std::string> seen;  // keys given so far
};

void read_header_line(std::string_view line, const Where& where, HeaderState& state);
void check_header(const HeaderState& state, const Where& where);

}  // namespace rfvar::arch::accelsim
