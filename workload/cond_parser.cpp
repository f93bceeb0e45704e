// `if` conditions of the kernel text format -> Cond (docs/kernel-format.md).
#include "workload/cond_parser.h"

#include <algorithm>
#include <regex>

namespace rfvar::arch {

Cond parse_cond(std::string s, const FieldReader& r) {
  s.erase(std::remove_if(s.begin(), s.end(), [](char c) { return c == ' ' || c == '\t'; }), s.end());
  static const std::regex two(R"((tid|bid)%(\d+)<(\d+))"), one(R"((tid|lane)(<|>=)(\d+))"),
      rnd(R"((rand|wrand)([0-9.eE+-]+))");
  std::smatch m;
  Cond c;
  if (std::regex_match(s, m, two)) {
    c.kind = m[1] == "tid" ? CondKind::TidModLess : CondKind::BidModLess;
    c.a = static_cast<int>(r.to_int(m[2], "modulus", 1, 1 << 20));
    c.b = static_cast<int>(r.to_int(m[3], "bound", 0, 1 << 20));
  } else if (std::regex_match(s, m, one)) {
    if (m[1] == "lane" && m[2] != "<") r.fail("lane conditions accept only '<'");
    c.kind = m[1] == "lane" ? CondKind::LaneLess : (m[2] == "<" ? CondKind::TidLess : CondKind::TidAtLeast);
    c.a = static_cast<int>(r.to_int(m[3], "bound", 0, 1 << 20));
  } else if (std::regex_match(s, m, rnd)) {
    c.kind = m[1] == "rand" ? CondKind::RandomLane : CondKind::RandomWarp;
    c.p = static_cast<float>(r.to_prob(m[2], "probability"));
  } else {
    r.fail("bad condition '" + s +
           "'; accepted: tid < N, tid >= N, tid % K < M, lane < N, bid % K < M, rand P, wrand P");
  }
  return c;
}

}  // namespace rfvar::arch
