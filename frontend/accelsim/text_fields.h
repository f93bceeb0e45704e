// Small lexical helpers of the Accel-Sim reader: blank-separated tokens, hex and decimal numbers.
//
// Contract: pure functions; parse_* return false (and leave `out` unspecified) unless the whole
// token is one number of the stated form that fits the type.
#pragma once

#include <charconv>
#include <cstdint>
#include <string_view>
#include <vector>

namespace rfvar::arch::accelsim {

inline bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

inline std::string_view trim(std::string_view s) {
  while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
  return s;
}

// Splits `line` at runs of blanks into `out` (cleared first).
inline void split_blanks(std::string_view line, std::vector<std::string_view>& out) {
  out.clear();
  std::size_t i = 0;
  const std::size_t n = line.size();
  while (i < n) {
    while (i < n && is_blank(line[i])) ++i;
    const std::size_t start = i;
    while (i < n && !is_blank(line[i])) ++i;
    if (i > start) out.push_back(line.substr(start, i - start));
  }
}

// Hex digits with an optional 0x / 0X prefix.
template <class T>
bool parse_hex(std::string_view s, T& out) {
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) s.remove_prefix(2);
  if (s.empty()) return false;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out, 16);
  return ec == std::errc() && end == s.data() + s.size();
}

// Decimal digits, with a leading '-' for signed types.
template <class T>
bool parse_dec(std::string_view s, T& out) {
  if (s.empty()) return false;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out, 10);
  return ec == std::errc() && end == s.data() + s.size();
}

}  // namespace rfvar::arch::accelsim
