// The operand shape of each opcode: which operands are destinations, sources, predicates, memory.
#include "ptx/entry_builder.h"
#include "ptx/statements.h"

namespace rfvar::arch::ptx {

namespace {
// "%r1|%p2" -> {"%r1", "%p2"}; otherwise {op, ""}.
std::pair<std::string, std::string> split_pair(const std::string& op) {
  const auto bar = op.find('|');
  if (bar == std::string::npos) return {op, ""};
  return {trim(op.substr(0, bar)), trim(op.substr(bar + 1))};
}
}  // namespace

void EntryBuilder::decode_memory(const std::vector<std::string>& ops, Instr& in, int line) {
  auto need = [&](std::size_t n) {
    if (ops.size() != n) fail(line, "'" + info_->opcode + "' expects " + std::to_string(n) + " operands");
  };
  if (in.type == Type::None) fail(line, "'" + info_->opcode + "' has no type");
  switch (in.op) {
    case Op::Ld: {
      need(2);
      const std::vector<std::string> d =
          in.vec > 1 ? vector_elems(ops[0], line) : std::vector<std::string>{ops[0]};
      if (d.size() != in.vec) fail(line, "vector operand size does not match ." + std::to_string(in.vec));
      for (std::size_t k = 0; k < d.size(); ++k) in.dst[k] = value_dst(d[k], line);
      in.ndst = in.vec;
      if (const std::optional<Reg> reg = find_reg(d[0])) in.type2 = reg->type;
      mem_operand(ops[1], in, line);
      in.nsrc = 1;
      return;
    }
    case Op::St: {
      need(2);
      mem_operand(ops[0], in, line);
      const std::vector<std::string> s =
          in.vec > 1 ? vector_elems(ops[1], line) : std::vector<std::string>{ops[1]};
      if (s.size() != in.vec) fail(line, "vector operand size does not match ." + std::to_string(in.vec));
      for (std::size_t k = 0; k < s.size(); ++k) in.src[k + 1] = value_src(s[k], in.type, line);
      in.nsrc = static_cast<std::uint8_t>(1 + in.vec);
      return;
    }
    case Op::Atom: {
      const std::size_t n = in.mode == Mode::ACas ? 4 : 3;
      need(n);
      in.dst[0] = value_dst(ops[0], line);
      in.ndst = 1;
      mem_operand(ops[1], in, line);
      for (std::size_t k = 2; k < n; ++k) in.src[k - 1] = value_src(ops[k], in.type, line);
      in.nsrc = static_cast<std::uint8_t>(n - 1);
      return;
    }
    default: {  // Red
      need(2);
      mem_operand(ops[0], in, line);
      in.src[1] = value_src(ops[1], in.type, line);
      in.nsrc = 2;
      return;
    }
  }
}

void EntryBuilder::decode_operands(const std::vector<std::string>& ops, Instr& in, int line) {
  auto need = [&](std::size_t lo, std::size_t hi) {
    if (ops.size() < lo || ops.size() > hi)
      fail(line, "'" + info_->opcode + "' has " + std::to_string(ops.size()) + " operands");
  };
  auto srcs = [&](std::size_t first, std::size_t n, Type t) {
    for (std::size_t k = 0; k < n; ++k) in.src[k] = value_src(ops[first + k], t, line);
    in.nsrc = static_cast<std::uint8_t>(n);
  };
  const bool pred = in.type == Type::Pred;
  // The regular shapes (ptx/opcodes.h): d, then 1 to 4 sources of the instruction's type.
  if (const Shape shape = op_facts(in.op).shape; shape != Shape::Special) {
    const std::size_t n = shape == Shape::Unary ? 1 : shape == Shape::Binary ? 2 : shape == Shape::Ternary ? 3 : 4;
    need(n + 1, n + 1);
    if (shape == Shape::Binary && pred) {  // and / or / xor of predicates
      bool neg = false;
      in.dst[0] = pred_dst(ops[0], line);
      in.src[0] = pred_src(ops[1], &neg, line);
      in.src[1] = pred_src(ops[2], &neg, line);
      in.ndst = 1, in.nsrc = 2;
      return;
    }
    in.dst[0] = value_dst(ops[0], line), in.ndst = 1;
    srcs(1, n, in.type);
    return;
  }
  switch (in.op) {
    case Op::Not:
    case Op::Mov:
      need(2, 2);
      if (pred) {
        bool neg = false;
        in.dst[0] = pred_dst(ops[0], line);
        in.src[0] = pred_src(ops[1], &neg, line);
        in.ndst = 1, in.nsrc = 1;
        return;
      }
      if (in.op == Op::Mov && ops[0].front() == '{') {
        const auto d = vector_elems(ops[0], line);
        for (std::size_t k = 0; k < d.size() && k < kMaxDst; ++k) in.dst[k] = value_dst(d[k], line);
        in.ndst = in.vec = static_cast<std::uint8_t>(d.size());
        in.mode = Mode::Unpack;
        srcs(1, 1, in.type);
        return;
      }
      in.dst[0] = value_dst(ops[0], line), in.ndst = 1;
      if (in.op == Op::Mov && ops[1].front() == '{') {
        const auto s = vector_elems(ops[1], line);
        for (std::size_t k = 0; k < s.size() && k < kMaxSrc; ++k) in.src[k] = value_src(s[k], in.type, line);
        in.nsrc = in.vec = static_cast<std::uint8_t>(s.size());
        in.mode = Mode::Pack;
        return;
      }
      srcs(1, 1, in.type);
      return;
    case Op::Cvt:
      need(2, 2);
      if (in.type2 == Type::None) fail(line, "'" + info_->opcode + "' needs two types");
      in.dst[0] = value_dst(ops[0], line), in.ndst = 1;
      srcs(1, 1, in.type2);
      return;
    case Op::Testp:
      need(2, 2);
      in.dst[0] = pred_dst(ops[0], line), in.ndst = 1;
      srcs(1, 1, in.type);
      return;
    case Op::Setp:
    case Op::Set: {
      need(in.boolop == BoolOp::None ? 3 : 4, in.boolop == BoolOp::None ? 3 : 4);
      const Type cmp_type = in.op == Op::Set && in.type2 != Type::None ? in.type2 : in.type;
      if (in.op == Op::Setp) {
        const auto [p, q] = split_pair(ops[0]);
        in.dst[0] = pred_dst(p, line);
        in.dst[1] = q.empty() ? -1 : pred_dst(q, line);
        in.ndst = q.empty() ? 1 : 2;
      } else {
        in.dst[0] = value_dst(ops[0], line), in.ndst = 1;
      }
      srcs(1, 2, cmp_type);
      if (in.boolop != BoolOp::None) {
        bool neg = false;
        in.src[2] = pred_src(ops[3], &neg, line);
        in.negate_src = neg;
        in.nsrc = 3;
      }
      return;
    }
    case Op::Selp: {
      need(4, 4);
      in.dst[0] = value_dst(ops[0], line), in.ndst = 1;
      srcs(1, 2, in.type);
      bool neg = false;
      in.src[2] = pred_src(ops[3], &neg, line);
      in.negate_src = neg;
      in.nsrc = 3;
      return;
    }
    case Op::Ld:
    case Op::St:
    case Op::Atom:
    case Op::Red:
      decode_memory(ops, in, line);
      return;
    case Op::Shfl: {
      need(4, 5);
      const auto [d, p] = split_pair(ops[0]);
      in.dst[0] = value_dst(d, line);
      in.dst[1] = p.empty() ? -1 : pred_dst(p, line);
      in.ndst = p.empty() ? 1 : 2;
      srcs(1, ops.size() - 1, Type::B32);
      return;
    }
    case Op::Vote: {
      need(2, 3);
      if (in.mode == Mode::Ballot)
        in.dst[0] = value_dst(ops[0], line);
      else
        in.dst[0] = pred_dst(ops[0], line);
      in.ndst = 1;
      bool neg = false;
      in.src[0] = pred_src(ops[1], &neg, line);
      in.negate_src = neg;
      in.nsrc = 1;
      return;
    }
    case Op::Activemask:
      need(1, 1);
      in.dst[0] = value_dst(ops[0], line), in.ndst = 1;
      return;
    case Op::Bra:
      need(1, 1);
      pending_.push_back({e_.code.size(), ops[0], line});
      return;
    case Op::Bar:
    case Op::BarWarp:
      need(0, 2);
      return;
    case Op::Prefetch:
    case Op::Membar:
    case Op::Ret:
    case Op::Exit:
      return;
    default:
      break;  // Op::Count; the regular shapes returned above
  }
  fail(line, "unsupported instruction '" + info_->opcode + "'");
}

}  // namespace rfvar::arch::ptx
