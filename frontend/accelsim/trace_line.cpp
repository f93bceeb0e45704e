#include "frontend/accelsim/trace_line.h"

#include <bit>
#include <string>

#include "frontend/accelsim/lane_memory.h"
#include "frontend/accelsim/sass_trace.h"
#include "frontend/accelsim/text_fields.h"

namespace rfvar::arch::accelsim {
namespace {

// Walks the tokens of one line; every accessor fails with a message naming what was expected.
class Cursor {
 public:
  Cursor(const std::vector<std::string_view>& t, const Where& w) : t_(t), w_(w) {}

  std::string_view next(const char* what) {
    if (i_ >= t_.size()) fail(w_, std::string("line ends early: expected ") + what);
    return t_[i_++];
  }
  template <class T>
  T hex(const char* what) {
    const std::string_view s = next(what);
    T v{};
    if (!parse_hex(s, v)) fail(w_, std::string("bad ") + what + " " + excerpt(s) + ": expected hex");
    return v;
  }
  // A byte address, 0x-prefixed as the tracer writes it (so that a v5 immediate is never taken for
  // a missing address).
  std::uint64_t address(const char* what) {
    const std::string_view s = next(what);
    std::uint64_t v = 0;
    if (s.size() < 3 || s[0] != '0' || (s[1] != 'x' && s[1] != 'X') || !parse_hex(s, v))
      fail(w_, std::string("bad ") + what + " " + excerpt(s) + ": expected 0x and hex digits");
    return v;
  }
  template <class T>
  T dec(const char* what) {
    const std::string_view s = next(what);
    T v{};
    if (!parse_dec(s, v))
      fail(w_, std::string("bad ") + what + " " + excerpt(s) + ": expected a decimal number");
    return v;
  }
  bool done() const { return i_ >= t_.size(); }
  std::size_t left() const { return t_.size() - i_; }
  std::string_view peek() const { return t_[i_]; }

 private:
  const std::vector<std::string_view>& t_;
  const Where& w_;
  std::size_t i_ = 0;
};

// `count` register tokens R<n>; RZ (R255) is counted but not kept.
void read_regs(Cursor& c, const Where& w, const char* list, int count,
               std::array<std::uint16_t, kMaxLineRegs>& out, int& n) {
  if (count < 0) fail(w, std::string("bad ") + list + " register count " + std::to_string(count));
  if (count > kMaxLineRegs)
    fail(w, std::string("too many ") + list + " registers (" + std::to_string(count) + " > " +
                std::to_string(kMaxLineRegs) + ")");
  n = 0;
  for (int k = 0; k < count; ++k) {
    const std::string_view s = c.next("a register R<n>");
    unsigned r = 0;
    if (s.size() < 2 || s[0] != 'R' || !parse_dec(s.substr(1), r))
      fail(w, std::string("expected ") + std::to_string(count) + " " + list + " register(s) R<n>; " +
                  excerpt(s) + " is register " + std::to_string(k + 1));
    if (r > kRz) fail(w, "register " + excerpt(s) + " out of range (R0..R255)");
    if (r != kRz) out[static_cast<std::size_t>(n++)] = static_cast<std::uint16_t>(r);
  }
}

void read_addresses(Cursor& c, const Where& w, InstLine& out) {
  const int lanes = std::popcount(out.mask);
  const std::string_view mode_s = c.next("an address mode");
  int mode = -1;
  if (!parse_dec(mode_s, mode) || mode < 0 || mode > 2)
    fail(w, "unknown address mode " + excerpt(mode_s) + " (accepted: 0 list, 1 base+stride, 2 base+deltas)");
  out.naddr = lanes;
  if (mode == 0) {
    if (c.left() < static_cast<std::size_t>(lanes))
      fail(w, "address mode 0 needs one address per active lane: mask has " + std::to_string(lanes) +
                  " lanes, the line has " + std::to_string(c.left()) + " more fields");
    for (int k = 0; k < lanes; ++k) out.addr[static_cast<std::size_t>(k)] = c.address("address");
  } else if (mode == 1) {
    const auto base = c.address("base address");
    const auto stride = c.dec<std::int64_t>("stride");
    for (int k = 0; k < lanes; ++k)
      out.addr[static_cast<std::size_t>(k)] =
          base + static_cast<std::uint64_t>(stride) * static_cast<std::uint64_t>(k);
  } else {
    std::uint64_t a = c.address("base address");
    if (c.left() < static_cast<std::size_t>(std::max(0, lanes - 1)))
      fail(w, "address mode 2 needs one delta per active lane after the first: mask has " +
                  std::to_string(lanes) + " lanes, the line has " + std::to_string(c.left()) +
                  " more fields");
    for (int k = 0; k < lanes; ++k) {
      if (k > 0) a += static_cast<std::uint64_t>(c.dec<std::int64_t>("address delta"));
      out.addr[static_cast<std::size_t>(k)] = a;
    }
  }
}

}  // namespace

void parse_inst_line(std::string_view line, const LineFormat& format, const Where& where,
                     std::vector<std::string_view>& tokens, InstLine& out) {
  split_blanks(line, tokens);
  Cursor c(tokens, where);
  if (format.lineinfo) c.dec<std::uint32_t>("source line number");
  out.pc = c.hex<std::uint64_t>("PC");
  const std::string_view mask_s = c.next("an active mask");
  if (mask_s.size() > 10 || !parse_hex(mask_s, out.mask))
    fail(where, "bad mask " + excerpt(mask_s) + ": expected at most 8 hex digits (32 lanes)");
  read_regs(c, where, "destination", c.dec<int>("destination count"), out.dst, out.ndst);
  out.opcode = c.next("an opcode");
  unsigned reg = 0;
  const bool is_register =
      out.opcode.size() >= 2 && out.opcode[0] == 'R' && parse_dec(out.opcode.substr(1), reg);
  if (is_register || !(out.opcode[0] >= 'A' && out.opcode[0] <= 'Z'))
    fail(where, "expected an opcode after the destination registers, got " + excerpt(out.opcode));
  read_regs(c, where, "source", c.dec<int>("source count"), out.src, out.nsrc);
  const std::string_view width_s = c.next("a memory width");
  if (!parse_dec(width_s, out.mem_width))
    fail(where,
         "expected the memory width (decimal bytes) after the source registers, got " + excerpt(width_s));
  if (out.mem_width < 0 || out.mem_width > kMaxLaneBytes)
    fail(where, "memory width " + std::to_string(out.mem_width) + " out of range (0..32 bytes per lane)");
  out.naddr = 0;
  if (out.mem_width > 0) read_addresses(c, where, out);
  if (format.immediate && c.left() == 1) {
    std::int64_t imm = 0;
    std::uint64_t uimm = 0;
    if (!parse_dec(c.peek(), imm) && !parse_dec(c.peek(), uimm) && !parse_hex(c.peek(), uimm))
      fail(where, "bad immediate " + excerpt(c.peek()) + ": expected a number");
    return;
  }
  if (!c.done()) fail(where, "unexpected " + excerpt(c.peek()) + " after the instruction's last field");
}

}  // namespace rfvar::arch::accelsim
