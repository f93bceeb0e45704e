// Declarations, slots and operands of one entry (the opcode layer is in decode_instr.cpp).
#include "ptx/entry_builder.h"

#include <cctype>
#include <cstdlib>
#include <sstream>

#include "ptx/device_memory.h"
#include "ptx/ipdom.h"
#include "ptx/statements.h"
#include "ptx/var_decl.h"
#include "common/config.h"

namespace rfvar::arch::ptx {

namespace {
std::int64_t align_up(std::int64_t v, std::int64_t a) { return (v + a - 1) / a * a; }

struct SpecialName {
  const char* name;
  SpecialReg reg;
};
constexpr SpecialName kSpecials[] = {
    {"%tid.x", SpecialReg::TidX},
    {"%tid.y", SpecialReg::TidY},
    {"%tid.z", SpecialReg::TidZ},
    {"%ntid.x", SpecialReg::NtidX},
    {"%ntid.y", SpecialReg::NtidY},
    {"%ntid.z", SpecialReg::NtidZ},
    {"%ctaid.x", SpecialReg::CtaidX},
    {"%ctaid.y", SpecialReg::CtaidY},
    {"%ctaid.z", SpecialReg::CtaidZ},
    {"%nctaid.x", SpecialReg::NctaidX},
    {"%nctaid.y", SpecialReg::NctaidY},
    {"%nctaid.z", SpecialReg::NctaidZ},
    {"%laneid", SpecialReg::LaneId},
    {"%warpid", SpecialReg::WarpId},
    {"%nwarpid", SpecialReg::NWarpId},
    {"%lanemask_eq", SpecialReg::LanemaskEq},
    {"%lanemask_le", SpecialReg::LanemaskLe},
    {"%lanemask_lt", SpecialReg::LanemaskLt},
    {"%lanemask_ge", SpecialReg::LanemaskGe},
    {"%lanemask_gt", SpecialReg::LanemaskGt},
};
}  // namespace

EntryBuilder::EntryBuilder(std::string file, std::string name, int line,
                           const std::vector<Variable>& module_vars)
    : file_(std::move(file)) {
  e_.name = std::move(name);
  e_.line = line;
  e_.value_slots = static_cast<std::int32_t>(SpecialReg::Count);
  for (const Variable& v : module_vars) vars_[v.name] = v;
}

void EntryBuilder::fail(int line, const std::string& what) const {
  throw InputError(file_ + ":" + std::to_string(line) + ": " + what);
}

void EntryBuilder::add_param(const std::string& decl, int line) {
  std::istringstream in(decl);
  std::string tok, name;
  Type t = Type::None;
  std::int64_t align = 0;
  while (in >> tok) {
    if (tok == ".param" || tok == ".ptr" || tok == ".global" || tok == ".shared" || tok == ".const") continue;
    if (tok == ".align") {
      in >> align;
      continue;
    }
    if (tok[0] == '.') {
      if (auto ty = type_from(tok.substr(1)))
        t = *ty;
      else
        fail(line, "unsupported parameter declaration '" + decl + "'");
      continue;
    }
    name += tok;
  }
  if (t == Type::None || name.empty()) fail(line, "malformed parameter '" + decl + "'");
  Param p;
  p.type = t;
  std::int64_t count = 1;
  if (const auto br = name.find('['); br != std::string::npos) {
    count = std::strtoll(name.c_str() + br + 1, nullptr, 10);
    name = name.substr(0, br);
  }
  p.name = name;
  p.bytes = type_bytes(t) * count;
  p.offset = align_up(e_.param_bytes, align > 0 ? align : type_bytes(t));
  e_.param_bytes = p.offset + p.bytes;
  e_.params.push_back(p);
  Variable v;
  v.name = p.name;
  v.space = Space::Param;
  v.offset = p.offset;
  v.bytes = p.bytes;
  vars_[v.name] = v;
}

void EntryBuilder::declare_regs(const std::string& decl, int line) {
  std::istringstream in(decl);
  std::string reg_kw, type_tok, rest;
  in >> reg_kw >> type_tok;
  std::getline(in, rest);
  if (type_tok.size() < 2 || type_tok[0] != '.') fail(line, "unsupported register declaration '" + decl + "'");
  const auto t = type_from(type_tok.substr(1));
  if (!t) fail(line, "unsupported register declaration '" + decl + "'");
  const bool pred = *t == Type::Pred;
  // Every declaration of a register, of either form, counts against the entry's bound, a name declared
  // again too (it takes a new slot; the interpreter holds every slot of every thread): nvcc's kernels
  // declare a few hundred per type, and a hostile %r<N> of millions (or a list as long as the file, or
  // one %r<60000> declared 40 times: 1.2 GB for one 64-thread block) would fill memory (fuzz_ptx found
  // %r<2324714> taking 11 s).
  auto reserve = [&](const std::string& part, long n) {  // n slots, or the bound's error
    if (n > kMaxDeclaredRegs - (static_cast<long>(e_.value_slots) + e_.pred_slots))  // n may be LONG_MAX (strtol)
      fail(line, "register declaration '" + part + "' passes " + std::to_string(kMaxDeclaredRegs) +
                     " registers in this entry; accepted: at most " + std::to_string(kMaxDeclaredRegs) + " in one entry");
    std::int32_t& next = pred ? e_.pred_slots : e_.value_slots;
    const Reg first{pred, next, *t};
    next += static_cast<std::int32_t>(n);
    return first;
  };
  for (const std::string& part : split_operands(rest)) {
    if (const auto lt = part.find('<'); lt != std::string::npos) {
      // %r<N> declares %r0 .. %r(N-1).
      const long n = std::strtol(part.c_str() + lt + 1, nullptr, 10);
      if (n < 0) fail(line, "register declaration '" + part + "' declares a negative count");
      if (n == 0) continue;
      ranges_[part.substr(0, lt)].push_back({n, reserve(part, n), decl_seq_++});
    } else {
      regs_[part] = {reserve(part, 1), decl_seq_++};
    }
  }
}

std::optional<EntryBuilder::Reg> EntryBuilder::find_reg(std::string_view name) const {
  std::optional<Reg> found;
  long seq = -1;
  if (const auto it = regs_.find(std::string(name)); it != regs_.end()) found = it->second.reg, seq = it->second.seq;
  if (ranges_.empty()) return found;
  // Every split of the trailing digits into prefix + index, the index as std::to_string writes it (no
  // leading zero); a declaration holds at most kMaxDeclaredRegs (65,536) names, so an index has at most
  // 5 digits.
  constexpr std::size_t kMaxIndexDigits = 5;
  std::size_t digits = 0;
  while (digits < name.size() && digits < kMaxIndexDigits && std::isdigit(static_cast<unsigned char>(name[name.size() - 1 - digits]))) ++digits;
  for (std::size_t k = 1; k <= digits; ++k) {
    const std::string_view idx = name.substr(name.size() - k);
    if (k > 1 && idx[0] == '0') continue;
    long i = 0;
    for (char c : idx) i = i * 10 + (c - '0');
    const auto it = ranges_.find(std::string(name.substr(0, name.size() - k)));
    if (it == ranges_.end()) continue;
    for (const Range& r : it->second)
      if (i < r.n && r.seq > seq) {
        found = r.first;
        found->slot += static_cast<std::int32_t>(i);
        seq = r.seq;
      }
  }
  return found;
}

void EntryBuilder::declare_var(const std::string& decl, int line) {
  Variable v = parse_variable(decl, file_, line);
  if (v.space == Space::Shared) {
    if (v.is_extern) {
      v.offset = -1;  // resolved in finish(): after every static shared variable
    } else {
      v.offset = align_up(e_.shared_bytes, v.align);
      e_.shared_bytes = v.offset + v.bytes;
    }
  } else if (v.space == Space::Local) {
    v.offset = align_up(e_.local_bytes, v.align);
    e_.local_bytes = v.offset + v.bytes;
  } else {
    fail(line, "unsupported declaration in an entry body '" + decl + "'");
  }
  vars_[v.name] = v;
}

void EntryBuilder::add_label(const std::string& name, int line) {
  if (labels_.count(name)) fail(line, "duplicate label '" + name + "'");
  labels_[name] = e_.code.size();
}

RegName EntryBuilder::reg_name(const std::string& op) {
  std::size_t i = op.size();
  while (i > 1 && std::isdigit(static_cast<unsigned char>(op[i - 1]))) --i;
  const std::size_t from = !op.empty() && op[0] == '%' ? 1 : 0;  // inline-asm scopes: ".reg .b32 temp"
  RegName r;
  r.cls = op.substr(from, i - from);
  r.num = i < op.size() ? std::atoi(op.c_str() + i) : -1;
  return r;
}

std::int32_t EntryBuilder::const_slot(std::uint64_t bits) {
  if (auto it = consts_.find(bits); it != consts_.end()) return it->second;
  const std::int32_t s = e_.value_slots++;
  consts_[bits] = s;
  e_.consts.push_back({s, bits});
  return s;
}

std::uint64_t EntryBuilder::var_address(const Variable& v) {
  return static_cast<std::uint64_t>(v.offset) + (v.space == Space::Global ? kGlobalBase : 0);
}

std::int32_t EntryBuilder::value_src(const std::string& op, Type t, int line) {
  if (op.empty()) fail(line, "missing operand");
  const std::optional<Reg> reg = find_reg(op);
  if (op[0] == '%' || reg) {
    for (const SpecialName& s : kSpecials)
      if (op == s.name) return static_cast<std::int32_t>(s.reg);
    if (!reg) fail(line, "unknown register '" + op + "'");
    if (reg->pred) fail(line, "predicate '" + op + "' where a value is expected");
    info_->srcs.push_back(reg_name(op));
    return reg->slot;
  }
  std::uint64_t bits = 0;
  if (parse_immediate(op, t, &bits)) return const_slot(bits);
  // Address of a variable, optionally +offset.
  std::string name = op;
  std::int64_t add = 0;
  if (const auto plus = op.find('+'); plus != std::string::npos) {
    name = trim(op.substr(0, plus));
    add = std::strtoll(op.c_str() + plus + 1, nullptr, 0);
  }
  const auto vit = vars_.find(name);
  if (vit == vars_.end()) fail(line, "unknown operand '" + op + "'");
  if (vit->second.space == Space::Shared && vit->second.is_extern) {
    // Dynamic shared memory starts after the static shared variables: known only in finish().
    dyn_uses_.push_back({const_slot(0xD1A0000000000000ull + static_cast<std::uint64_t>(add)), add});
    return dyn_uses_.back().slot;
  }
  return const_slot(var_address(vit->second) + static_cast<std::uint64_t>(add));
}

std::int32_t EntryBuilder::value_dst(const std::string& op, int line) {
  if (op == "_") {
    if (sink_ < 0) sink_ = e_.value_slots++;
    return sink_;
  }
  const std::optional<Reg> reg = find_reg(op);
  if (!reg) fail(line, "unknown destination register '" + op + "'");
  if (reg->pred) fail(line, "predicate '" + op + "' where a value register is expected");
  info_->dsts.push_back(reg_name(op));
  return reg->slot;
}

std::int32_t EntryBuilder::pred_src(const std::string& op, bool* negated, int line) {
  std::string name = op;
  *negated = false;
  if (!name.empty() && name[0] == '!') {
    *negated = true;
    name = trim(name.substr(1));
  }
  std::uint64_t bits = 0;
  if (parse_immediate(name, Type::U32, &bits)) {  // mov.pred %p, 0 / -1
    std::int32_t& s = (bits != 0) != *negated ? e_.pred_true : e_.pred_false;
    if (s < 0) s = e_.pred_slots++;
    *negated = false;
    return s;
  }
  const std::optional<Reg> reg = find_reg(name);
  if (!reg || !reg->pred) fail(line, "expected a predicate register, got '" + op + "'");
  info_->srcs.push_back(reg_name(name));
  return reg->slot;
}

std::int32_t EntryBuilder::pred_dst(const std::string& op, int line) {
  if (op == "_") {
    if (pred_sink_ < 0) pred_sink_ = e_.pred_slots++;
    return pred_sink_;
  }
  const std::optional<Reg> reg = find_reg(op);
  if (!reg || !reg->pred) fail(line, "expected a predicate register, got '" + op + "'");
  info_->dsts.push_back(reg_name(op));
  return reg->slot;
}

std::vector<std::string> EntryBuilder::vector_elems(const std::string& op, int line) const {
  if (op.size() < 2 || op.front() != '{' || op.back() != '}')
    fail(line, "expected a vector operand, got '" + op + "'");
  return split_operands(op.substr(1, op.size() - 2));
}

void EntryBuilder::mem_operand(const std::string& op, Instr& in, int line) {
  if (op.size() < 2 || op.front() != '[' || op.back() != ']')
    fail(line, "expected a memory operand, got '" + op + "'");
  std::string body = trim(op.substr(1, op.size() - 2));
  std::string base = body;
  std::int64_t off = 0;
  if (const auto plus = body.find('+'); plus != std::string::npos) {
    base = trim(body.substr(0, plus));
    off = std::strtoll(trim(body.substr(plus + 1)).c_str(), nullptr, 0);
  }
  std::uint64_t bits = 0;
  if (const std::optional<Reg> reg = find_reg(base); base[0] == '%' || reg) {
    in.src[0] = value_src(base, Type::U64, line);
    in.offset = off;
    in.addr32 = reg && type_bytes(reg->type) == 4;
  } else if (parse_immediate(base, Type::U64, &bits)) {
    in.src[0] = static_cast<std::int32_t>(SpecialReg::Zero);
    in.offset = static_cast<std::int64_t>(bits) + off;
  } else {
    in.src[0] = value_src(base, Type::U64, line);  // a variable's address in its space
    in.offset = off;
  }
}

Entry EntryBuilder::finish() {
  for (const Pending& p : pending_) {
    const auto it = labels_.find(p.label);
    if (it == labels_.end()) fail(p.line, "unknown label '" + p.label + "'");
    e_.code[p.pc].target = static_cast<std::int32_t>(it->second);
  }
  e_.dynamic_shared_offset = align_up(e_.shared_bytes, 16);
  for (ConstSlot& c : e_.consts)
    for (const DynUse& d : dyn_uses_)
      if (c.slot == d.slot) c.bits = static_cast<std::uint64_t>(e_.dynamic_shared_offset + d.add);
  e_.reconverge = reconvergence_points(e_.code);
  return std::move(e_);
}

}  // namespace rfvar::arch::ptx
