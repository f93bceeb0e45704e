// Builds one Entry from its declarations and instruction statements: register and constant slot
// allocation, operand decoding and opcode modifiers (the instruction layer of parser.h).
//
// Contract: declare_*() are called in source order before the instructions that use them;
// add_label() marks the pc of the next instruction; add_instruction() decodes one statement and
// throws InputError "FILE:LINE: ..." for unsupported opcodes or operands; finish() resolves branch
// targets, computes reconvergence points and returns the Entry.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ptx/program.h"

namespace rfvar::arch::ptx {

class EntryBuilder {
 public:
  // `module_vars` are the module-scope variables visible in the entry (addresses already assigned).
  EntryBuilder(std::string file, std::string name, int line, const std::vector<Variable>& module_vars);

  void add_param(const std::string& decl, int line);     // ".param .u64 name" (no leading comma)
  // At most this many registers declared in one entry (nvcc's kernels: a few hundred per type).
  static constexpr long kMaxDeclaredRegs = 65536;
  void declare_regs(const std::string& decl, int line);  // ".reg .b32 %r<12>" / ".reg .pred %p, %q"
  void declare_var(const std::string& decl, int line);   // ".shared/.local ..." inside the body
  void add_label(const std::string& name, int line);
  void add_instruction(const std::string& text, int line);
  Entry finish();

  [[noreturn]] void fail(int line, const std::string& what) const;

 private:
  struct Reg {
    bool pred = false;
    std::int32_t slot = 0;
    Type type = Type::None;
  };
  struct Pending {  // a branch whose label is resolved in finish()
    std::size_t pc;
    std::string label;
    int line;
  };

  // Operand decoding; each records the register names in info_ (srcs / dsts).
  std::int32_t value_src(const std::string& op, Type t, int line);
  std::int32_t value_dst(const std::string& op, int line);
  std::int32_t pred_src(const std::string& op, bool* negated, int line);
  std::int32_t pred_dst(const std::string& op, int line);
  void mem_operand(const std::string& op, Instr& in, int line);
  // The register `name` names, as its latest declaration made it (listed by name, or one of a %r<N>
  // range: a name "%r12" may be register 12 of %r<N> or register 2 of %r1<N>), or nothing.
  std::optional<Reg> find_reg(std::string_view name) const;
  std::vector<std::string> vector_elems(const std::string& op, int line) const;
  std::int32_t const_slot(std::uint64_t bits);
  // The address of a (non-extern) variable in its space: global ones at kGlobalBase + offset.
  static std::uint64_t var_address(const Variable& v);
  static RegName reg_name(const std::string& op);

  void parse_opcode(const std::string& opcode, Instr& in, int line);
  void decode_operands(const std::vector<std::string>& ops, Instr& in, int line);
  void decode_memory(const std::vector<std::string>& ops, Instr& in, int line);

  std::string file_;
  Entry e_;
  // Declared registers: those listed by name, and %r<N> ranges by prefix (one entry for N names:
  // a declaration costs no allocation per register). `seq` orders declarations: the latest of a
  // name wins, as a name declared again takes a new slot.
  struct Named {
    Reg reg;
    long seq;
  };
  struct Range {
    long n;     // names prefix0 .. prefix(n-1)
    Reg first;  // the register of prefix0; prefix i has slot first.slot + i
    long seq;
  };
  std::unordered_map<std::string, Named> regs_;
  std::unordered_map<std::string, std::vector<Range>> ranges_;
  long decl_seq_ = 0;
  std::map<std::string, Variable> vars_;  // module + entry variables by name
  std::map<std::uint64_t, std::int32_t> consts_;
  std::map<std::string, std::size_t> labels_;
  std::vector<Pending> pending_;
  struct DynUse {  // a constant slot holding an address in extern (dynamic) shared memory
    std::int32_t slot;
    std::int64_t add;
  };
  std::vector<DynUse> dyn_uses_;
  std::int32_t sink_ = -1;       // slot for "_" destinations
  std::int32_t pred_sink_ = -1;  // predicate slot for "_" destinations
  InstrInfo* info_ = nullptr;    // the instruction being decoded
};

}  // namespace rfvar::arch::ptx
