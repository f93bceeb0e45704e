// The parser's %r<N> declarations (ptx/entry_builder.h: one range per declaration, not one map entry
// per register) against the same names listed one by one, the form every name resolves by: random
// entries with prefixes that end in digits ("%r1<5>" beside "%r<20>": "%r12" is either), names
// declared again, and both forms mixed, must give the same slots and types to every operand, or the
// same error.
#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

#include "ptx/parser.h"
#include "tests/ptx/ptx_run.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar::arch::ptx;

struct Decl {
  std::string type, prefix;  // ".b32" / ".f32" / ".pred"
  int n;                     // > 0: prefix<n>; 0: the names listed in `names`
  std::vector<std::string> names;
};

std::string declare(const Decl& d, bool expand) {
  std::string s = "\t.reg " + d.type + " ";
  if (d.n > 0 && !expand) return s + d.prefix + "<" + std::to_string(d.n) + ">;\n";
  std::vector<std::string> names = d.names;
  for (int i = 0; i < d.n; ++i) names.push_back(d.prefix + std::to_string(i));
  for (std::size_t i = 0; i < names.size(); ++i) s += (i ? ", " : "") + names[i];
  return s + ";\n";
}

// Parses the entry; "ok <slots and types of every instruction>" or the error.
std::string outcome(const std::string& body) {
  try {
    const Program p = parse_ptx(rfvar::test::ptx_module(".visible .entry k()\n{\n" + body + "\tret;\n}\n"), "r.ptx");
    std::string s = "ok";
    for (const Instr& in : p.entries.at(0).code) {
      s += " |" + std::to_string(in.guard) + ":" + std::to_string(static_cast<int>(in.type2));
      for (int i = 0; i < in.ndst; ++i) s += " d" + std::to_string(in.dst[i]);
      for (int i = 0; i < in.nsrc; ++i) s += " s" + std::to_string(in.src[i]);
    }
    return s;
  } catch (const rfvar::InputError& e) {
    return e.what();
  }
}

TEST_CASE("GIVEN random %r<N> declarations WHEN parsed THEN every name resolves as if listed one by one") {
  std::mt19937 rng(20261129);  // fixed seed: the same 300 entries every run
  const std::vector<std::string> prefixes = {"%r", "%r1", "%r12", "%f", "%p", "%rd", "%rd0", "%x9"};
  const std::vector<std::string> types = {".b32", ".f32", ".b64", ".pred"};
  int errors = 0, oks = 0;
  for (int round = 0; round < 300; ++round) {
    std::vector<Decl> decls;
    const int nd = 1 + static_cast<int>(rng() % 4);
    for (int k = 0; k < nd; ++k) {
      Decl d{types[rng() % types.size()], prefixes[rng() % prefixes.size()], static_cast<int>(rng() % 25), {}};
      if (rng() % 3 == 0) {  // a listed declaration, some of its names those of a range
        d.n = 0;
        for (int j = 0; j < 1 + static_cast<int>(rng() % 3); ++j)
          d.names.push_back(prefixes[rng() % prefixes.size()] + std::to_string(rng() % 30));
      }
      decls.push_back(d);
    }
    // Uses: value moves between names, mostly declared ones (a predicate where a value goes, or a name
    // never declared, is an error in both forms), and sometimes a guard.
    std::vector<std::string> known;
    for (const Decl& d : decls) {
      for (const std::string& n : d.names) known.push_back(n);
      for (int i = 0; i < d.n; ++i) known.push_back(d.prefix + std::to_string(i));
    }
    const auto name = [&] {
      if (!known.empty() && rng() % 16 != 0) return known[rng() % known.size()];
      return prefixes[rng() % prefixes.size()] + std::to_string(rng() % 30);
    };
    std::string uses;
    for (int u = 0; u < 3; ++u) uses += "\tmov.b32 " + name() + ", " + name() + ";\n";
    if (rng() % 2) uses += "\t@" + name() + " bra.uni $L;\n$L:\n";
    std::string ranged, listed;
    for (const Decl& d : decls) ranged += declare(d, false), listed += declare(d, true);
    const std::string a = outcome(ranged + uses), b = outcome(listed + uses);
    CAPTURE(ranged);
    CAPTURE(uses);
    CHECK(a == b);
    (a.rfind("ok", 0) == 0 ? oks : errors) += 1;
  }
  // Both paths ran: some entries resolve every name, many refer to one never declared.
  CHECK(oks > 10);
  CHECK(errors > 10);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
