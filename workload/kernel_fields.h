// The position of a kernel-file statement and the typed readers of its fields, shared by the
// statement parser (kernel_parser.cpp) and the address-stream and condition parsers.
//
// Contract: every reader either returns a value inside the stated range or throws InputError whose
// message is "<source>:<line>: <reason>" with the current line; the readers never change state.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace rfvar::arch {

using KeyValues = std::map<std::string, std::string>;

// Whitespace-separated words of one line.
std::vector<std::string> split_ws(const std::string& s);

class FieldReader {
 public:
  explicit FieldReader(std::string_view source) : source_(source) {}

  std::string_view source() const { return source_; }
  int line() const { return line_; }
  void set_line(int line) { line_ = line; }

  [[noreturn]] void fail_at(int line, const std::string& why) const;
  [[noreturn]] void fail(const std::string& why) const { fail_at(line_, why); }

  // An integer in [lo, hi]; `what` names the field in the error.
  long long to_int(const std::string& s, const std::string& what, long long lo, long long hi) const;
  // A real number in [0, 1].
  double to_prob(const std::string& s, const std::string& what) const;
  // The key=value words w[from..]; a key outside `allowed` fails, listing the accepted ones.
  KeyValues key_values(const std::vector<std::string>& w, std::size_t from,
                       const std::vector<std::string>& allowed) const;

 private:
  std::string_view source_;
  int line_ = 0;
};

}  // namespace rfvar::arch
