// The SASS opcode table of the Accel-Sim reader (frontend/accelsim/opcode_table.h).
#include <doctest/doctest.h>

#include "frontend/accelsim/opcode_table.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar::arch;
using namespace rfvar::arch::accelsim;

TEST_SUITE("accelsim") {
  TEST_CASE(
      "GIVEN SASS opcodes with modifiers WHEN classified THEN the base opcode decides class and space") {
    CHECK(base_opcode("IMAD.WIDE.U32") == "IMAD");
    CHECK(base_opcode("EXIT") == "EXIT");
    const auto is = [](const char* op, OpClass c, MemSpace s = MemSpace::None) {
      const auto got = classify_opcode(op);
      return got.has_value() && *got == OpcodeClass{c, s};
    };
    CHECK(is("IADD3", OpClass::IntAlu));
    CHECK(is("LOP3.LUT", OpClass::IntAlu));
    CHECK(is("ISETP.GE.AND", OpClass::IntAlu));
    CHECK(is("S2R", OpClass::IntAlu));
    CHECK(is("CS2R.32", OpClass::IntAlu));
    CHECK(is("IMAD.MOV.U32", OpClass::IntMad));
    CHECK(is("XMAD", OpClass::IntMad));
    CHECK(is("IMUL.HI", OpClass::IntMul));
    CHECK(is("FADD.FTZ", OpClass::FpAlu));
    CHECK(is("FSETP.GT.AND", OpClass::FpAlu));
    CHECK(is("FMUL", OpClass::FpMul));
    CHECK(is("FFMA", OpClass::FpMad));
    CHECK(is("DFMA", OpClass::DpAlu));
    CHECK(is("DADD", OpClass::DpAlu));
    CHECK(is("MUFU.EX2", OpClass::Sfu));
    CHECK(is("LDG.E.64.SYS", OpClass::Load, MemSpace::Global));
    CHECK(is("LD.E", OpClass::Load, MemSpace::Global));
    CHECK(is("LDL.LU", OpClass::Load, MemSpace::Local));
    CHECK(is("LDS.U.128", OpClass::Load, MemSpace::Shared));
    CHECK(is("LDC.64", OpClass::Load, MemSpace::Const));
    CHECK(is("ULDC.64", OpClass::Load, MemSpace::Const));
    CHECK(is("STG.E.U8", OpClass::Store, MemSpace::Global));
    CHECK(is("ST.E", OpClass::Store, MemSpace::Global));
    CHECK(is("STL", OpClass::Store, MemSpace::Local));
    CHECK(is("STS.128", OpClass::Store, MemSpace::Shared));
    CHECK(is("ATOM.E.ADD", OpClass::Load, MemSpace::Global));
    CHECK(is("ATOMG.E.EXCH", OpClass::Load, MemSpace::Global));
    CHECK(is("ATOMS.ADD", OpClass::Load, MemSpace::Shared));
    CHECK(is("RED.E.ADD", OpClass::Store, MemSpace::Global));
    CHECK(is("BAR.SYNC.DEFER_BLOCKING", OpClass::Barrier));
    CHECK(is("MEMBAR.GPU", OpClass::IntAlu));  // a fence, not a block barrier
    for (const char* b :
         {"BRA", "BRX", "SSY", "SYNC", "BSSY", "BSYNC", "WARPSYNC", "CALL.REL", "RET.REL", "JMP"})
      CHECK(is(b, OpClass::Branch));
    CHECK(is("EXIT", OpClass::Exit));
    CHECK(is("NOP", OpClass::IntAlu));
  }

  TEST_CASE("GIVEN an unknown or partial opcode WHEN classified THEN there is no class") {
    CHECK_FALSE(classify_opcode("FROB").has_value());
    CHECK_FALSE(classify_opcode("").has_value());
    CHECK_FALSE(classify_opcode("LDGX").has_value());
    CHECK_FALSE(classify_opcode("imad").has_value());  // SASS is upper case
  }
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
