// Typed field readers of the kernel text format (docs/kernel-format.md).
#include "workload/kernel_fields.h"

#include <algorithm>
#include <charconv>
#include <sstream>
#include <stdexcept>

#include "common/config.h"

namespace rfvar::arch {

std::vector<std::string> split_ws(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

void FieldReader::fail_at(int line, const std::string& why) const {
  throw InputError(std::string(source_) + ":" + std::to_string(line) + ": " + why);
}

long long FieldReader::to_int(const std::string& s, const std::string& what, long long lo, long long hi) const {
  long long v = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size()) fail(what + " '" + s + "' is not an integer");
  if (v < lo || v > hi)
    fail(what + " " + s + " out of range [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
  return v;
}

double FieldReader::to_prob(const std::string& s, const std::string& what) const {
  try {
    std::size_t n = 0;
    double v = std::stod(s, &n);
    if (n != s.size() || !(v >= 0.0 && v <= 1.0)) throw std::invalid_argument("");
    return v;
  } catch (const std::exception&) {
    fail(what + " '" + s + "' is not a probability in [0, 1]");
  }
}

KeyValues FieldReader::key_values(const std::vector<std::string>& w, std::size_t from,
                                  const std::vector<std::string>& allowed) const {
  KeyValues kv;
  for (std::size_t i = from; i < w.size(); ++i) {
    auto eq = w[i].find('=');
    if (eq == std::string::npos || eq == 0) fail("expected key=value, got '" + w[i] + "'");
    std::string k = w[i].substr(0, eq);
    if (std::find(allowed.begin(), allowed.end(), k) == allowed.end()) {
      std::string a;
      for (const auto& x : allowed) a += (a.empty() ? "" : ", ") + x;
      fail("unknown key '" + k + "'; accepted: " + a);
    }
    kv[k] = w[i].substr(eq + 1);
  }
  return kv;
}

}  // namespace rfvar::arch
