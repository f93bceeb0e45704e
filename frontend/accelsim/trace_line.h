// One instruction line of a kernel-N.traceg:
//   [line_num] PC mask dest_num [R..] opcode src_num [R..] mem_width [mode addrs..] [immediate]
//
// Contract: parse_inst_line() either fills `out` completely or throws InputError (trace_error.h)
// naming `where` and what is wrong. line_num is read only when `lineinfo` is set and the one
// trailing immediate only when `immediate` is set (tracer v5); nothing else may follow. Registers
// are R0..R255; R255 (RZ) counts towards dest_num / src_num but is dropped from dst / src.
// mem_width > 0 introduces an address mode: 0 = one address per active lane, 1 = base and decimal
// stride (k-th active lane: base + k * stride), 2 = base and one decimal delta per active lane after
// the first (each from the previous active lane's address); addresses are 0x-prefixed hex. `addr`
// then holds the active lanes' byte addresses in lane order (`naddr` = active lanes).
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "frontend/accelsim/trace_error.h"

namespace rfvar::arch::accelsim {

inline constexpr int kMaxLineRegs = 16;  // registers per list (dest or source) a line may name

struct LineFormat {
  bool lineinfo = false;   // a decimal source line number comes first
  bool immediate = false;  // one trailing immediate may follow (tracer v5)
};

struct InstLine {
  std::uint64_t pc = 0;
  std::uint32_t mask = 0;
  std::string_view opcode;  // a view into the parsed line
  std::array<std::uint16_t, kMaxLineRegs> dst{};
  int ndst = 0;  // RZ dropped
  std::array<std::uint16_t, kMaxLineRegs> src{};
  int nsrc = 0;  // RZ dropped
  std::int32_t mem_width = 0;
  std::array<std::uint64_t, 32> addr{};
  int naddr = 0;
};

// `tokens` is scratch space reused between calls (keeps the hot loop free of allocations).
void parse_inst_line(std::string_view line, const LineFormat& format, const Where& where,
                     std::vector<std::string_view>& tokens, InstLine& out);

}  // namespace rfvar::arch::accelsim
