#include "ptx/var_decl.h"

#include <algorithm>
#include <cerrno>
#include <bit>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <sstream>

#include "ptx/statements.h"
#include "common/config.h"

namespace rfvar::arch::ptx {

bool parse_immediate(const std::string& s, Type t, std::uint64_t* bits) {
  if (s.empty()) return false;
  const char* p = s.c_str();
  char* end = nullptr;
  if (s.size() == 10 && (s.rfind("0f", 0) == 0 || s.rfind("0F", 0) == 0)) {
    *bits = std::strtoull(p + 2, &end, 16);
    return *end == '\0';
  }
  if (s.size() == 18 && (s.rfind("0d", 0) == 0 || s.rfind("0D", 0) == 0)) {
    *bits = std::strtoull(p + 2, &end, 16);
    return *end == '\0';
  }
  const bool neg = s[0] == '-';
  const char* q = neg || s[0] == '+' ? p + 1 : p;
  if (!std::isdigit(static_cast<unsigned char>(*q))) return false;
  const bool is_hex = q[0] == '0' && (q[1] == 'x' || q[1] == 'X');
  if (!is_hex && s.find_first_of(".eE") != std::string::npos) {
    const double d = std::strtod(p, &end);
    if (*end != '\0') return false;
    *bits = t == Type::F64 ? std::bit_cast<std::uint64_t>(d)
                           : std::bit_cast<std::uint32_t>(static_cast<float>(d));
    return true;
  }
  const std::uint64_t v = std::strtoull(q, &end, is_hex ? 16 : (q[0] == '0' && q[1] ? 8 : 10));
  if (*end == 'U' || *end == 'u') ++end;
  if (*end != '\0') return false;
  *bits = neg ? ~v + 1 : v;
  return true;
}

Variable parse_variable(const std::string& decl, const std::string& file, int line) {
  auto fail = [&](const std::string& what) -> Variable {
    throw InputError(file + ":" + std::to_string(line) + ": " + what);
  };
  Variable v;
  std::string head = decl, init;
  if (const auto eq = decl.find('='); eq != std::string::npos) {
    head = decl.substr(0, eq);
    init = trim(decl.substr(eq + 1));
  }
  std::istringstream in(head);
  std::string tok;
  Type elem = Type::None;
  int vec = 1;
  bool have_space = false, have_align = false;
  std::string name;
  while (in >> tok) {
    if (tok == ".visible" || tok == ".weak" || tok == ".common") continue;
    if (tok == ".extern") {
      v.is_extern = true;
      continue;
    }
    if (tok == ".align") {
      if (!(in >> v.align) || v.align <= 0) return fail("bad .align in '" + decl + "'");
      have_align = true;
      continue;
    }
    if (tok == ".v2" || tok == ".v4") {
      vec = tok[2] - '0';
      continue;
    }
    if (tok[0] == '.') {
      if (auto s = space_from(tok.substr(1))) {
        v.space = *s;
        have_space = true;
        continue;
      }
      if (auto t = type_from(tok.substr(1))) {
        elem = *t;
        continue;
      }
      return fail("unsupported declaration '" + tok + "' in '" + decl + "'");
    }
    name += tok;  // name and dimensions (may contain spaces before '[')
  }
  if (!have_space || elem == Type::None || name.empty()) return fail("malformed declaration '" + decl + "'");
  const int esize = type_bytes(elem) * vec;
  if (!have_align) v.align = esize;
  std::int64_t count = 1;
  bool unsized = false;
  const auto br = name.find('[');
  v.name = name.substr(0, br);
  for (std::size_t b = br; b != std::string::npos; b = name.find('[', b + 1)) {
    const auto close = name.find(']', b);
    if (close == std::string::npos) return fail("malformed array in '" + decl + "'");
    const std::string n = trim(name.substr(b + 1, close - b - 1));
    if (n.empty()) {
      unsized = true;
      continue;
    }
    char* end = nullptr;
    errno = 0;
    const long long d = std::strtoll(n.c_str(), &end, 10);
    // A variable's bytes stay within 1 GiB, as a harness's buffers do (limits.max_device_mib).
    constexpr long long kMaxBytes = 1ll << 30;
    if (errno != 0 || end == n.c_str() || *end != '\0' || d < 0 || d > kMaxBytes || (d > 0 && count > kMaxBytes / d) ||
        count * d > kMaxBytes / std::max<long long>(esize, 1))
      return fail("array dimension [" + n + "] in '" + decl + "' (accepted: 0 .. " + std::to_string(kMaxBytes) +
                  " bytes in all)");
    count *= d;
  }
  v.bytes = unsized ? 0 : count * esize;
  if (!init.empty()) {
    if (init.front() == '{') init = init.substr(1, init.rfind('}') - 1);
    for (const std::string& e : split_operands(init)) {
      std::uint64_t bits = 0;
      if (!parse_immediate(e, elem, &bits))
        return fail("unsupported initializer '" + e + "' in '" + decl + "'");
      unsigned char buf[8];
      std::memcpy(buf, &bits, 8);
      v.init.insert(v.init.end(), buf, buf + type_bytes(elem));
    }
    if (unsized) v.bytes = static_cast<std::int64_t>(v.init.size());
    v.init.resize(static_cast<std::size_t>(v.bytes), 0);
  }
  return v;
}

}  // namespace rfvar::arch::ptx
