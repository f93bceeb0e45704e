// The opcode layer of EntryBuilder: guard, opcode modifiers and the operand shape of each opcode.
#include <algorithm>
#include <array>
#include <string_view>

#include "ptx/entry_builder.h"
#include "ptx/statements.h"

namespace rfvar::arch::ptx {

namespace {
std::vector<std::string> split_dots(const std::string& s) {
  std::vector<std::string> out;
  std::size_t a = 0;
  for (std::size_t b = s.find('.'); b != std::string::npos; b = s.find('.', a)) {
    out.push_back(s.substr(a, b - a));
    a = b + 1;
  }
  out.push_back(s.substr(a));
  return out;
}

bool ignorable(const std::string& m) {
  static constexpr std::array<std::string_view, 23> kIgnored{
      "ftz",     "nc", "sync", "aligned", "volatile", "relaxed", "acquire", "release",
      "acq_rel", "sc", "gpu",  "sys",     "cta",      "ca",      "cg",      "cs",
      "lu",      "cv", "wb",   "wt",      "noftz",    "uni",     "gl"};
  for (std::string_view k : kIgnored)
    if (m == k) return true;
  return m.rfind("L1::", 0) == 0 || m.rfind("L2::", 0) == 0;
}

struct Named {
  std::string_view name;
  Mode mode;
};
constexpr Named kAtomOps[] = {{"add", Mode::AAdd},   {"inc", Mode::AInc}, {"dec", Mode::ADec},
                              {"exch", Mode::AExch}, {"cas", Mode::ACas}, {"min", Mode::AMin},
                              {"max", Mode::AMax},   {"and", Mode::AAnd}, {"or", Mode::AOr},
                              {"xor", Mode::AXor}};
constexpr Named kShflModes[] = {
    {"up", Mode::Up}, {"down", Mode::Down}, {"bfly", Mode::Bfly}, {"idx", Mode::Idx}};
constexpr Named kVoteModes[] = {
    {"all", Mode::All}, {"any", Mode::Any}, {"uni", Mode::Uni}, {"ballot", Mode::Ballot}};
constexpr Named kTestp[] = {{"finite", Mode::Finite}, {"infinite", Mode::Infinite},
                            {"number", Mode::Number}, {"notanumber", Mode::NotANumber},
                            {"normal", Mode::Normal}, {"subnormal", Mode::Subnormal}};
constexpr Named kMulModes[] = {{"lo", Mode::Lo}, {"hi", Mode::Hi}, {"wide", Mode::Wide}};

template <std::size_t N>
bool find_mode(const Named (&table)[N], const std::string& m, Mode* out) {
  for (const Named& n : table)
    if (m == n.name) return *out = n.mode, true;
  return false;
}
}  // namespace

void EntryBuilder::parse_opcode(const std::string& opcode, Instr& in, int line) {
  const std::vector<std::string> parts = split_dots(opcode);
  auto unsupported = [&] { fail(line, "unsupported instruction '" + opcode + "'"); };
  const auto op = op_from(parts[0]);
  if (!op) unsupported();
  in.op = *op;
  bool have_cmp = false;
  for (std::size_t i = 1; i < parts.size(); ++i) {
    const std::string& m = parts[i];
    if (auto t = type_from(m)) {
      if (in.type == Type::None)
        in.type = *t;
      else if (in.type2 == Type::None)
        in.type2 = *t;
      else
        unsupported();
      continue;
    }
    if ((in.op == Op::Setp || in.op == Op::Set) && !have_cmp) {
      if (auto c = cmp_from(m)) {
        in.cmp = *c;
        have_cmp = true;
        continue;
      }
    }
    if ((in.op == Op::Setp || in.op == Op::Set) && have_cmp && (m == "and" || m == "or" || m == "xor")) {
      in.boolop = m == "and" ? BoolOp::And : m == "or" ? BoolOp::Or : BoolOp::Xor;
      continue;
    }
    if (auto r = round_from(m)) {
      in.rnd = *r;
      continue;
    }
    if (auto s = space_from(m)) {
      in.space = *s;
      continue;
    }
    if (m == "v2" || m == "v4") {
      in.vec = static_cast<std::uint8_t>(m[1] - '0');
      continue;
    }
    if (m == "sat") {
      in.sat = true;
      continue;
    }
    if (m == "to" && in.op == Op::Cvta) {
      in.to = true;
      continue;
    }
    if (m == "uni" && in.op == Op::Bra) {
      in.uni = true;
      continue;
    }
    if (m == "warp" && in.op == Op::Bar) {
      in.op = Op::BarWarp;
      continue;
    }
    if (m == "approx" || m == "full") continue;
    if (in.op == Op::Shf && (m == "l" || m == "r")) {
      in.mode = m == "l" ? Mode::Left : Mode::Right;
      continue;
    }
    if (in.op == Op::Shf && (m == "wrap" || m == "clamp")) {
      in.sat = m == "clamp";
      continue;
    }
    if (in.op == Op::Bfind && m == "shiftamt") {
      in.mode = Mode::ShiftAmt;
      continue;
    }
    Mode mode = Mode::None;
    if ((in.op == Op::Mul || in.op == Op::Mad || in.op == Op::Mul24 || in.op == Op::Mad24) &&
        find_mode(kMulModes, m, &mode)) {
      in.mode = mode;
      continue;
    }
    if ((in.op == Op::Atom || in.op == Op::Red) && find_mode(kAtomOps, m, &mode)) {
      in.mode = mode;
      continue;
    }
    if (in.op == Op::Shfl && find_mode(kShflModes, m, &mode)) {
      in.mode = mode;
      continue;
    }
    if (in.op == Op::Vote && find_mode(kVoteModes, m, &mode)) {
      in.mode = mode;
      continue;
    }
    if (in.op == Op::Testp && find_mode(kTestp, m, &mode)) {
      in.mode = mode;
      continue;
    }
    if (ignorable(m)) continue;
    unsupported();
  }
  if (in.op == Op::Bar && std::find(parts.begin(), parts.end(), "sync") == parts.end())
    unsupported();  // bar.arrive, bar.red
  if (in.type == Type::F16 || in.type2 == Type::F16) unsupported();
  if ((in.op == Op::Atom || in.op == Op::Red) && in.mode == Mode::None) unsupported();
  if (in.op == Op::Shf && in.mode == Mode::None) unsupported();
}

void EntryBuilder::add_instruction(const std::string& text, int line) {
  std::string rest = text;
  Instr in;
  InstrInfo info;
  info.line = line;
  if (!rest.empty() && rest[0] == '@') {
    const auto sp = rest.find_first_of(" \t");
    if (sp == std::string::npos) fail(line, "guard without instruction");
    std::string g = rest.substr(1, sp - 1);
    info.guard_negated = in.guard_neg = !g.empty() && g[0] == '!';
    if (in.guard_neg) g = g.substr(1);
    const std::optional<Reg> reg = find_reg(g);
    if (!reg || !reg->pred) fail(line, "unknown guard predicate '" + g + "'");
    in.guard = reg->slot;
    info.has_guard = true;
    info.guard = reg_name(g);
    rest = trim(rest.substr(sp));
  }
  const auto sp = rest.find_first_of(" \t");
  info.opcode = rest.substr(0, sp);
  const std::vector<std::string> ops =
      sp == std::string::npos ? std::vector<std::string>{} : split_operands(rest.substr(sp));
  const std::vector<std::string> parts = split_dots(info.opcode);
  info.base = parts[0];
  info.modifiers.assign(parts.begin() + 1, parts.end());
  parse_opcode(info.opcode, in, line);
  info.type = in.type;
  info.type2 = in.type2;
  info.space = in.space;
  info.mem_record = in.op == Op::Ld || in.op == Op::St || in.op == Op::Atom || in.op == Op::Red;
  e_.info.push_back(std::move(info));
  info_ = &e_.info.back();
  decode_operands(ops, in, line);
  e_.code.push_back(in);
}

}  // namespace rfvar::arch::ptx
