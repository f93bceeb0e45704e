// The register operands of a PTX entry in the SM's numbering (workload/kernel.h RegId), under
// either choice of arch.register_ids: GPGPU-Sim 3.1's numbering (here) or a liveness allocation
// (reg_alloc.h).
//
// Contract: an EntryRegs gives, for every pc of the entry, the ids the instruction writes and the
// ids it reads, each list without repeats, in operand order (vector elements in order); every id
// is < `ids`. Predicate registers are never operands (Fermi keeps predicates in their own file;
// GPGPU-Sim reads no guard from a bank). gpgpusim_register_ids(): the id of a PTX register is the
// first integer in its name (%r5, %f5, %rd5, %fd5 are all register 5; GPGPU-Sim 3.1
// ptx_parser.cc add_identifier sets arch_regnum from it, and the operand collector banks on it,
// spec "GPGPU-Sim 3.1.0 facts that matter for PTX workloads"); a 64-bit register is one operand; a
// name without a number (%temp, %SP) has arch_regnum -1 in GPGPU-Sim and is no operand. Register
// kinds follow nvcc's declarations (checked on all data/cuda PTX): %p .pred, %rd and %fd 64-bit,
// every other class 32-bit (%rs .b16 takes a 32-bit register).
#pragma once

#include <string>
#include <vector>

#include "ptx/program.h"
#include "workload/kernel.h"

namespace rfvar::arch::ptx {

enum class RegKind : std::uint8_t { Pred, B32, B64 };
RegKind reg_kind(const RegName& r);

struct InstrRegs {
  std::vector<RegId> dst, src;  // distinct ids, in operand order
};

struct EntryRegs {
  std::vector<InstrRegs> code;  // [pc]
  int ids = 0;                  // ids are 0..ids-1
  // Allocated numbering only (reg_alloc.h):
  int values = 0;           // virtual (non-predicate) registers allocated
  int overflow_values = 0;  // values that found no free id within the budget and share one
};

EntryRegs gpgpusim_register_ids(const Entry& e);

}  // namespace rfvar::arch::ptx
