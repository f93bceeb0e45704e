// The SASS opcode -> (OpClass, MemSpace) table of the Accel-Sim reader (docs/accelsim-traces.md).
//
// Contract: classification looks only at the base opcode, the text before the first '.'
// ("IMAD.WIDE.U32" -> "IMAD"). Every opcode the table lists maps to exactly one class; an opcode it
// does not list yields std::nullopt (the reader then fails naming the file, line and opcode: a wrong
// guess would silently mistime the kernel). Load/Store entries carry their memory space; generic
// LD/ST/ATOM count as global.
#pragma once

#include <optional>
#include <string_view>

#include "workload/kernel.h"

namespace rfvar::arch::accelsim {

struct OpcodeClass {
  OpClass op = OpClass::IntAlu;
  MemSpace space = MemSpace::None;
  bool operator==(const OpcodeClass&) const = default;
};

// "LDG.E.64" -> "LDG".
std::string_view base_opcode(std::string_view opcode);

std::optional<OpcodeClass> classify_opcode(std::string_view opcode);

}  // namespace rfvar::arch::accelsim
