// One table: SASS base opcode -> class, for Kepler to Ampere (sm_35..sm_86) SASS. Sources: NVIDIA's
// CUDA binary utilities instruction-set tables and Accel-Sim's per-architecture opcode maps
// (gpu-simulator/ISA_Def/*_opcode.h); where our classes are finer (IntMul/IntMad, FpMul/FpMad) the
// opcode's operation decides.
#include "frontend/accelsim/opcode_table.h"

#include <algorithm>
#include <array>

namespace rfvar::arch::accelsim {
namespace {

struct Entry {
  std::string_view name;
  OpcodeClass cls;
};

constexpr OpcodeClass kInt{OpClass::IntAlu, MemSpace::None};
constexpr OpcodeClass kMul{OpClass::IntMul, MemSpace::None};
constexpr OpcodeClass kImad{OpClass::IntMad, MemSpace::None};
constexpr OpcodeClass kFp{OpClass::FpAlu, MemSpace::None};
constexpr OpcodeClass kFmul{OpClass::FpMul, MemSpace::None};
constexpr OpcodeClass kFmad{OpClass::FpMad, MemSpace::None};
constexpr OpcodeClass kDp{OpClass::DpAlu, MemSpace::None};
constexpr OpcodeClass kSfu{OpClass::Sfu, MemSpace::None};
constexpr OpcodeClass kLdGlobal{OpClass::Load, MemSpace::Global};
constexpr OpcodeClass kLdLocal{OpClass::Load, MemSpace::Local};
constexpr OpcodeClass kLdShared{OpClass::Load, MemSpace::Shared};
constexpr OpcodeClass kLdConst{OpClass::Load, MemSpace::Const};
constexpr OpcodeClass kStGlobal{OpClass::Store, MemSpace::Global};
constexpr OpcodeClass kStLocal{OpClass::Store, MemSpace::Local};
constexpr OpcodeClass kStShared{OpClass::Store, MemSpace::Shared};
constexpr OpcodeClass kBar{OpClass::Barrier, MemSpace::None};
constexpr OpcodeClass kBra{OpClass::Branch, MemSpace::None};
constexpr OpcodeClass kExit{OpClass::Exit, MemSpace::None};

// Sorted by name (a static_assert checks it). Our choices where Accel-Sim's maps differ: atomics
// that return the old value (ATOM, ATOMG, ATOMS) are loads, RED a store (Accel-Sim: all stores);
// LDC / ULDC const loads and texture fetches global loads (Accel-Sim: ALU); tensor-core MMAs one
// FpMad / IntMad / DpAlu (no tensor class); MEMBAR a no-op, not a block barrier.
constexpr std::array kTable = std::to_array<Entry>({
    {"ARRIVES", kInt},     {"ATOM", kLdGlobal},   {"ATOMG", kLdGlobal}, {"ATOMS", kLdShared},
    {"B2R", kInt},         {"BAR", kBar},         {"BFE", kInt},        {"BFI", kInt},
    {"BMOV", kBra},        {"BMSK", kInt},        {"BPT", kBra},        {"BRA", kBra},
    {"BREAK", kBra},       {"BREV", kInt},        {"BRK", kBra},        {"BRX", kBra},
    {"BSSY", kBra},        {"BSYNC", kBra},       {"CAL", kBra},        {"CALL", kBra},
    {"CCTL", kInt},        {"CCTLL", kInt},       {"CCTLT", kInt},      {"CONT", kBra},
    {"CS2R", kInt},        {"CSET", kInt},        {"CSETP", kInt},      {"CSMTEST", kInt},
    {"DADD", kDp},         {"DEPBAR", kInt},      {"DFMA", kDp},        {"DMMA", kDp},
    {"DMNMX", kDp},        {"DMUL", kDp},         {"DSET", kDp},        {"DSETP", kDp},
    {"ERRBAR", kInt},      {"EXIT", kExit},       {"F2F", kFp},         {"F2FP", kFp},
    {"F2I", kFp},          {"FADD", kFp},         {"FADD32I", kFp},     {"FCHK", kFp},
    {"FCMP", kFp},         {"FFMA", kFmad},       {"FFMA32I", kFmad},   {"FLO", kInt},
    {"FMNMX", kFp},        {"FMUL", kFmul},       {"FMUL32I", kFmul},   {"FRND", kFp},
    {"FSEL", kFp},         {"FSET", kFp},         {"FSETP", kFp},       {"FSWZADD", kFp},
    {"GETLMEMBASE", kInt}, {"HADD2", kFp},        {"HADD2_32I", kFp},   {"HFMA2", kFmad},
    {"HFMA2_32I", kFmad},  {"HMMA", kFmad},       {"HMNMX2", kFp},      {"HMUL2", kFmul},
    {"HMUL2_32I", kFmul},  {"HSET2", kFp},        {"HSETP2", kFp},      {"I2F", kFp},
    {"I2I", kInt},         {"I2IP", kInt},        {"IABS", kInt},       {"IADD", kInt},
    {"IADD3", kInt},       {"IADD32I", kInt},     {"ICMP", kInt},       {"IDP", kImad},
    {"IDP4A", kImad},      {"IMAD", kImad},       {"IMAD32I", kImad},   {"IMADSP", kImad},
    {"IMMA", kImad},       {"IMNMX", kInt},       {"IMUL", kMul},       {"IMUL32I", kMul},
    {"ISAD", kInt},        {"ISCADD", kInt},      {"ISCADD32I", kInt},  {"ISET", kInt},
    {"ISETP", kInt},       {"JCAL", kBra},        {"JMP", kBra},        {"JMX", kBra},
    {"KILL", kBra},        {"LD", kLdGlobal},     {"LDC", kLdConst},    {"LDG", kLdGlobal},
    {"LDGDEPBAR", kInt},   {"LDGSTS", kLdGlobal}, {"LDL", kLdLocal},    {"LDS", kLdShared},
    {"LDSM", kLdShared},   {"LEA", kInt},         {"LEPC", kInt},       {"LOP", kInt},
    {"LOP3", kInt},        {"LOP32I", kInt},      {"MATCH", kInt},      {"MEMBAR", kInt},
    {"MOV", kInt},         {"MOV32I", kInt},      {"MUFU", kSfu},       {"NANOSLEEP", kBra},
    {"NOP", kInt},         {"P2R", kInt},         {"PBK", kBra},        {"PCNT", kBra},
    {"PLOP3", kInt},       {"PMTRIG", kInt},      {"POPC", kInt},       {"PRET", kBra},
    {"PRMT", kInt},        {"PSET", kInt},        {"PSETP", kInt},      {"QSPC", kInt},
    {"R2B", kInt},         {"R2P", kInt},         {"R2UR", kInt},       {"RED", kStGlobal},
    {"REDUX", kInt},       {"RET", kBra},         {"RPCMOV", kBra},     {"RRO", kFp},
    {"RTT", kBra},         {"S2R", kInt},         {"S2UR", kInt},       {"SEL", kInt},
    {"SETCTAID", kInt},    {"SETLMEMBASE", kInt}, {"SGXT", kInt},       {"SHF", kInt},
    {"SHFL", kInt},        {"SHL", kInt},         {"SHR", kInt},        {"SSY", kBra},
    {"ST", kStGlobal},     {"STG", kStGlobal},    {"STL", kStLocal},    {"STS", kStShared},
    {"SYNC", kBra},        {"TEX", kLdGlobal},    {"TLD", kLdGlobal},   {"TLD4", kLdGlobal},
    {"TMML", kInt},        {"TXD", kLdGlobal},    {"TXQ", kInt},        {"UBMSK", kInt},
    {"UBREV", kInt},       {"UFLO", kInt},        {"UIADD3", kInt},     {"UIMAD", kImad},
    {"UISETP", kInt},      {"ULDC", kLdConst},    {"ULEA", kInt},       {"ULOP", kInt},
    {"ULOP3", kInt},       {"ULOP32I", kInt},     {"UMOV", kInt},       {"UP2UR", kInt},
    {"UPLOP3", kInt},      {"UPOPC", kInt},       {"UPRMT", kInt},      {"UPSETP", kInt},
    {"USEL", kInt},        {"USGXT", kInt},       {"USHF", kInt},       {"USHL", kInt},
    {"USHR", kInt},        {"VABSDIFF", kInt},    {"VABSDIFF4", kInt},  {"VADD", kInt},
    {"VMAD", kInt},        {"VMNMX", kInt},       {"VOTE", kInt},       {"VOTEU", kInt},
    {"VOTE_VTG", kInt},    {"VSET", kInt},        {"VSETP", kInt},      {"WARPSYNC", kBra},
    {"XMAD", kImad},       {"YIELD", kBra},
});

static_assert(std::is_sorted(kTable.begin(), kTable.end(),
                             [](const Entry& a, const Entry& b) { return a.name < b.name; }),
              "kTable must stay sorted by name");

}  // namespace

std::string_view base_opcode(std::string_view opcode) { return opcode.substr(0, opcode.find('.')); }

std::optional<OpcodeClass> classify_opcode(std::string_view opcode) {
  const std::string_view base = base_opcode(opcode);
  const auto it = std::lower_bound(kTable.begin(), kTable.end(), base,
                                   [](const Entry& e, std::string_view n) { return e.name < n; });
  if (it == kTable.end() || it->name != base) return std::nullopt;
  return it->cls;
}

}  // namespace rfvar::arch::accelsim
