// The SM's opcode class and memory space of a PTX instruction (workload/kernel.h OpClass),
// following GPGPU-Sim 3.1's ptx_instruction::set_opcode_and_latency.
//
// Contract: op_class() is a pure function of the decoded instruction: every Op the parser accepts
// has a class (its unit kind in ptx/opcodes.cpp's table; the mapping and its source in op_class.cpp). ld / atom are Loads, st / red
// Stores, with the instruction's state space (param and const -> Const); a memory instruction in
// the generic space has MemSpace::None (its space is resolved per lane at run time, which the SM's
// static code cannot express: the caller rejects it).
#pragma once

#include "ptx/program.h"
#include "workload/kernel.h"

namespace rfvar::arch::ptx {

struct OpClassOf {
  OpClass op = OpClass::IntAlu;
  MemSpace space = MemSpace::None;
};

OpClassOf op_class(const Instr& in);

}  // namespace rfvar::arch::ptx
