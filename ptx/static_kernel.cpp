// A PTX entry's static code as the SM's Kernel (see static_kernel.h for the contract).
#include "ptx/static_kernel.h"

#include <algorithm>

#include "ptx/op_class.h"
#include "common/config.h"

namespace rfvar::arch::ptx {

Kernel static_kernel(const Entry& e, const EntryRegs& regs, const KernelShape& shape,
                     const std::string& file) {
  Kernel k;
  k.name = e.name;
  k.block_threads = shape.block_threads;
  k.smem_bytes = shape.smem_bytes;
  k.regs_per_thread = shape.regs_per_thread;
  k.reg_ids = std::max(regs.ids, shape.regs_per_thread);
  if (k.reg_ids > kMaxRegIds)
    throw InputError(file + ":" + std::to_string(e.line) + ": entry '" + e.name +
                     "' uses register ids up to " + std::to_string(k.reg_ids - 1) + "; at most " +
                     std::to_string(kMaxRegIds) + " ids are supported");
  k.code.reserve(e.code.size());
  for (std::size_t pc = 0; pc < e.code.size(); ++pc) {
    const InstrInfo& info = e.info[pc];
    const InstrRegs& r = regs.code[pc];
    auto fail = [&](const std::string& what) {
      throw InputError(file + ":" + std::to_string(info.line) + ": '" + info.opcode + "' " + what);
    };
    const OpClassOf oc = op_class(e.code[pc]);
    const bool mem = oc.op == OpClass::Load || oc.op == OpClass::Store;
    if (mem && oc.space == MemSpace::None)
      fail(
          "accesses the generic space; the SM's static code needs the state space (ld.global, ld.shared, "
          "...)");
    if (r.dst.size() > static_cast<std::size_t>(arch::kMaxDst))
      fail("writes " + std::to_string(r.dst.size()) +
           " register ids; an instruction of the SM model writes at most " + std::to_string(arch::kMaxDst));
    if (r.src.size() > static_cast<std::size_t>(arch::kMaxSrc))
      fail("reads " + std::to_string(r.src.size()) +
           " register ids; an instruction of the SM model reads at most " + std::to_string(arch::kMaxSrc));
    arch::Instr in;
    in.op = oc.op;
    in.space = oc.space;
    in.mem_trace = mem;
    in.ndst = static_cast<std::uint8_t>(r.dst.size());
    std::copy(r.dst.begin(), r.dst.end(), in.dst);
    in.nsrc = static_cast<std::uint8_t>(r.src.size());
    std::copy(r.src.begin(), r.src.end(), in.src);
    // Static control flow for passes over the code (hierarchy/ltrf/from_kernel.h); the trace has the
    // outcome. `@p bra` is conditional, a bare `bra` unconditional; ret/exit are OpClass::Exit.
    if (e.code[pc].op == Op::Bra) {
      in.branch = BranchKind::Jump;
      in.target = e.code[pc].target;
      in.guarded = e.code[pc].guard >= 0;
    }
    in.line = info.line;
    k.code.push_back(in);
  }
  return k;
}

}  // namespace rfvar::arch::ptx
