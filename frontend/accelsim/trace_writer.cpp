#include "frontend/accelsim/trace_writer.h"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <fstream>
#include <system_error>
#include <unistd.h>

#include "common/config.h"
#include "frontend/accelsim/lane_memory.h"

namespace rfvar::arch::accelsim {
namespace fs = std::filesystem;
namespace {
namespace trace_writer_detail {  // named: no clash with another file of a unity batch

constexpr int kIdsInTrace = 255;                                // R0..R254; R255 is RZ
constexpr std::uint64_t kSharedBase = 0x00007f0000000000ull;    // -shmem base_addr (bank-aligned)
constexpr std::uint64_t kLocalBase = 0x00007e0000000000ull;     // -local mem base_addr (not added)
constexpr std::uint64_t kLow56 = (std::uint64_t{1} << kSpaceTagShift) - 1;

// Appends "0x..." as the tracer prints addresses.
void put_hex(std::string& s, std::uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, " 0x%llx", static_cast<unsigned long long>(v));
  s += buf;
}

void put_regs(std::string& s, const RegId* regs, int n, const std::vector<std::uint16_t>& ids) {
  s += ' ';
  s += std::to_string(n);
  for (int i = 0; i < n; ++i) {
    s += " R";
    s += std::to_string(ids[regs[i]]);
  }
}

// WriteOptions::sass_operands: `regs` as Accel-Sim's parser takes them (with `pairs`, a pair k, k+1
// with k even as k; at most `max` of them); returns how many registers were left out.
int put_sass_regs(std::string& s, const RegId* regs, int n, int max, bool pairs,
                  const std::vector<std::uint16_t>& ids) {
  RegId kept[8];
  int m = 0;
  for (int i = 0; i < n; ++i) {
    const RegId r = regs[i];
    bool pair_tail = false;  // r is the odd half of a pair whose even half is listed too
    for (int j = 0; j < n && pairs && r % 2 == 1; ++j) pair_tail |= regs[j] == r - 1;
    if (!pair_tail && m < 8) kept[m++] = r;
  }
  const int w = std::min(m, max);
  put_regs(s, kept, w, ids);
  return n - w;
}

// Mode 1 (base, stride) only for contiguous active lanes: Accel-Sim's base_stride_decompress()
// stops at the first inactive lane after the first active one.
bool contiguous(std::uint32_t mask) {
  const std::uint32_t m = mask >> std::countr_zero(mask);
  return (m & (m + 1)) == 0;
}

// The memory fields of one step: " 4 <mode> addrs..." (or " 0" with no lane), and its mask.
std::uint32_t put_memory(std::string& s, const Instr& in, std::uint32_t mask, const TraceMem& tm,
                         const WarpTrace& w, std::int32_t line_bytes) {
  const int lanes = std::popcount(mask);
  if (in.space != MemSpace::Shared && tm.count == 0) mask = 0;  // a guard cleared every lane
  if (mask == 0) {
    s += " 4 0";  // mode 0 lists one address per active lane: none (a PC keeps its width every time)
    return 0;
  }
  s += " 4";
  if (in.space == MemSpace::Shared) {
    // Conflict degree `ways`: the first `ways` active lanes on words of bank 0, 128 bytes apart.
    const int ways = std::clamp<int>(static_cast<int>(tm.count), 1, lanes);
    if (ways == 1 && contiguous(mask)) {
      s += " 1";
      put_hex(s, kSharedBase);
      s += " 0";
      return mask;
    }
    // Mode 2: the first lane's address, then each next active lane's delta from the previous one.
    s += " 2";
    put_hex(s, kSharedBase);
    for (int k = 1; k < lanes; ++k) s += k < ways ? " 128" : k == ways ? " " + std::to_string(-128 * (ways - 1)) : std::string(" 0");
    return mask;
  }
  if (tm.count > static_cast<std::uint32_t>(lanes))
    throw InputError("a memory step with " + std::to_string(tm.count) + " line requests from " + std::to_string(lanes) +
                     " active lanes cannot be written as per-lane addresses");
  const std::uint64_t* lines = w.lines.data() + tm.first;
  const auto addr = [&](std::uint32_t i) { return (lines[i] & kLow56) * static_cast<std::uint64_t>(line_bytes); };
  if (tm.count == 1 && contiguous(mask)) {  // one line: 4-byte lanes side by side inside it (a coalesced access)
    const std::int64_t stride = line_bytes >= 4 * lanes ? 4 : 0;
    s += " 1";
    put_hex(s, addr(0));
    s += ' ';
    s += std::to_string(stride);
    return mask;
  }
  s += " 2";  // base and deltas (as above)
  put_hex(s, addr(0));
  std::uint64_t prev = addr(0);
  for (int k = 1; k < lanes; ++k) {
    const std::uint64_t a = addr(std::min<std::uint32_t>(static_cast<std::uint32_t>(k), tm.count - 1));
    s += ' ';
    s += std::to_string(static_cast<std::int64_t>(a - prev));
    prev = a;
  }
  return mask;
}

std::string header(const Benchmark& b, std::size_t li, const WriteOptions& o) {
  const Launch& l = b.launches[li];
  const Kernel& k = b.kernels[static_cast<std::size_t>(l.kernel)];
  char base[128];
  std::snprintf(base, sizeof base, "-shmem base_addr = 0x%016llx\n-local mem base_addr = 0x%016llx\n",
                static_cast<unsigned long long>(kSharedBase), static_cast<unsigned long long>(kLocalBase));
  return "-kernel name = " + k.name + "\n-kernel id = " + std::to_string(li + 1) + "\n-grid dim = (" +
         std::to_string(l.grid) + ",1,1)\n-block dim = (" + std::to_string(k.block_threads) +
         ",1,1)\n-shmem = " + std::to_string(k.smem_bytes) + "\n-nregs = " + std::to_string(k.regs_per_thread) +
         "\n-binary version = " + std::to_string(o.binary_version) + "\n-cuda stream id = 0\n" + base +
         "-nvbit version = rfvar\n-accelsim tracer version = 4\n\n"
         "#traces format = PC mask dest_num [reg_dests] opcode src_num [reg_srcs] mem_width "
         "[adrrescompress?] [mem_addresses]\n\n";
}

// Writes one kernel-N.traceg; returns its warp instructions.
std::int64_t write_kernel(const fs::path& file, const Benchmark& b, std::size_t li, const LaunchTrace& lt,
                          const WriteOptions& o, std::int64_t& renumbered, std::int64_t& rebanked,
                          std::int64_t& dropped) {
  const Launch& l = b.launches[li];
  const Kernel& k = b.kernels[static_cast<std::size_t>(l.kernel)];
  const std::vector<std::uint16_t> ids = export_register_ids(k, o.banks);
  for (int r = kIdsInTrace; r < k.reg_ids; ++r) {
    const std::uint16_t e = ids[static_cast<std::size_t>(r)];
    renumbered += e != r ? 1 : 0;
    rebanked += e != r && e % o.banks != r % o.banks ? 1 : 0;
  }
  const std::string where = "launch " + std::to_string(li) + " (kernel '" + k.name + "')";
  std::vector<std::string> ops;
  for (const Instr& in : k.code) ops.push_back(sass_opcode(in.op, in.space));
  std::ofstream out(file, std::ios::binary);
  if (!out) throw InputError("cannot write '" + file.string() + "'");
  out << header(b, li, o);
  const int wpb = k.warps_per_block();
  std::int64_t n = 0;
  std::string s;
  char pc[16];
  for (int bid = 0; bid < l.grid; ++bid) {
    if (static_cast<std::size_t>(bid) >= lt.blocks.size() ||
        lt.blocks[static_cast<std::size_t>(bid)].warps.size() != static_cast<std::size_t>(wpb))
      throw InputError(where + ": block " + std::to_string(bid) + " is not stored (record every block)");
    out << "#BEGIN_TB\n\nthread block = " << bid << ",0,0\n\n";
    const BlockTrace& bt = lt.blocks[static_cast<std::size_t>(bid)];
    for (int w = 0; w < wpb; ++w) {
      const WarpTrace& wt = bt.warps[static_cast<std::size_t>(w)];
      out << "warp = " << w << "\ninsts = " << wt.steps.size() << '\n';
      const TraceMem* mem = wt.mem.data();
      for (const TraceStep& st : wt.steps) {
        const Instr& in = k.code[static_cast<std::size_t>(st.pc)];
        s.clear();
        std::snprintf(pc, sizeof pc, "%04x", static_cast<unsigned>(st.pc) * 16u);
        s += pc;
        const std::size_t mask_at = s.size();
        s += " 00000000";
        if (o.sass_operands) {
          dropped += put_sass_regs(s, in.dst, in.ndst, 1, o.pairs, ids);
          s += ' ';
          s += ops[static_cast<std::size_t>(st.pc)];
          dropped += put_sass_regs(s, in.src, in.nsrc, 4, o.pairs, ids);
        } else {
          put_regs(s, in.dst, in.ndst, ids);
          s += ' ';
          s += ops[static_cast<std::size_t>(st.pc)];
          put_regs(s, in.src, in.nsrc, ids);
        }
        std::uint32_t mask = st.mask;
        if (in.mem_trace)
          mask = put_memory(s, in, st.mask, *mem++, wt, o.line_bytes);
        else
          s += " 0";
        char m[10];
        std::snprintf(m, sizeof m, "%08x", mask);
        s.replace(mask_at + 1, 8, m);
        s += '\n';
        out << s;
        ++n;
      }
    }
    out << "\n#END_TB\n\n";
  }
  out.close();
  if (!out) throw InputError("cannot write '" + file.string() + "'");
  return n;
}

}  // namespace trace_writer_detail
}  // namespace
using namespace trace_writer_detail;

std::string sass_opcode(OpClass op, MemSpace space) {
  // Pascal's opcode map (binary version 61) classes each into the unit and latency class named.
  switch (op) {
    case OpClass::IntAlu: return "IADD3";  // INTP_OP
    case OpClass::IntMul: return "IMUL";   // INTP_OP
    case OpClass::IntMad: return "IMAD";   // INTP_OP
    case OpClass::IntDiv: return "IMAD";   // a subroutine in SASS; one INTP_OP here (re-read: IntMad)
    case OpClass::FpAlu: return "FADD";    // SP_OP
    case OpClass::FpMul: return "FMUL";    // SP_OP
    case OpClass::FpMad: return "FFMA";    // SP_OP
    case OpClass::FpDiv: return "FFMA";    // a subroutine in SASS; one SP_OP here (re-read: FpMad)
    case OpClass::DpAlu: return "DFMA";    // DP_OP
    case OpClass::Sfu: return "MUFU.EX2";  // SFU_OP
    case OpClass::Load:
      switch (space) {
        case MemSpace::Shared: return "LDS";
        case MemSpace::Local: return "LDL";
        case MemSpace::Const: return "LDC";  // Accel-Sim: ALU_OP (no memory access)
        case MemSpace::Global: return "LDG.E";
        default: return "LD.E";  // generic
      }
    case OpClass::Store:
      switch (space) {
        case MemSpace::Shared: return "STS";
        case MemSpace::Local: return "STL";
        case MemSpace::Global: return "STG.E";
        default: return "ST.E";
      }
    case OpClass::Barrier: return "BAR.SYNC";  // BARRIER_OP
    case OpClass::Branch: return "BRA";        // BRANCH_OP
    case OpClass::Exit: return "EXIT";         // EXIT_OPS
    default: break;
  }
  throw std::logic_error("sass_opcode: no opcode for class " + std::to_string(static_cast<int>(op)));
}

std::vector<std::uint16_t> export_register_ids(const Kernel& k, int banks) {
  if (banks < 1 || banks > kIdsInTrace) throw std::invalid_argument("export_register_ids: banks out of range");
  std::vector<std::uint16_t> ids(static_cast<std::size_t>(std::max(k.reg_ids, 0)));
  std::vector<char> named(ids.size(), 0), taken(kIdsInTrace, 0);
  for (const Instr& in : k.code) {
    for (int i = 0; i < in.ndst; ++i) named.at(in.dst[i]) = 1;
    for (int i = 0; i < in.nsrc; ++i) named.at(in.src[i]) = 1;
  }
  for (std::size_t r = 0; r < ids.size(); ++r) {
    ids[r] = static_cast<std::uint16_t>(r);
    if (r < static_cast<std::size_t>(kIdsInTrace) && named[r]) taken[r] = 1;
  }
  // Ids >= 255: the lowest free id below 255 with the same residue mod banks (same bank).
  for (std::size_t r = kIdsInTrace; r < ids.size(); ++r) {
    if (!named[r]) continue;
    int f = static_cast<int>(r % static_cast<std::size_t>(banks));
    while (f < kIdsInTrace && taken[static_cast<std::size_t>(f)]) f += banks;
    if (f >= kIdsInTrace) {  // its bank has no free id left: the lowest free id of any bank
      f = 0;
      while (f < kIdsInTrace && taken[static_cast<std::size_t>(f)]) ++f;
    }
    if (f >= kIdsInTrace)
      throw InputError("kernel '" + k.name + "' names more than 255 distinct register ids; an Accel-Sim trace "
                       "names R0..R254 (try --set arch.register_ids=allocated)");
    taken[static_cast<std::size_t>(f)] = 1;
    ids[r] = static_cast<std::uint16_t>(f);
  }
  return ids;
}

WriteSummary write_accelsim_trace(const fs::path& dir, const Benchmark& b, std::span<const LaunchTrace> launches,
                                  const WriteOptions& o) {
  if (o.line_bytes < 1) throw InputError("line_bytes must be >= 1");
  // A memory instruction without recorded line requests draws its memory behaviour at run time (a
  // .kernel workload's tx= / l1=): nothing to write. Const loads are the exception: the tracer
  // gives LDC no addresses, and they are written as it wrote them, with mem_width 0.
  for (const Kernel& k : b.kernels)
    for (const Instr& in : k.code)
      if ((in.op == OpClass::Load || in.op == OpClass::Store) && !in.mem_trace && in.space != MemSpace::Const)
        throw InputError("kernel '" + k.name + "' line " + std::to_string(in.line) +
                         ": a memory instruction without recorded line requests (a .kernel workload's tx= / "
                         "l1=) cannot be written as an Accel-Sim trace");
  if (launches.size() != b.launches.size())
    throw InputError("write_accelsim_trace: " + std::to_string(launches.size()) + " launch traces for " +
                     std::to_string(b.launches.size()) + " launches");
  const fs::path target = fs::absolute(dir).lexically_normal();
  const fs::path parent = target.parent_path();
  const std::string name = target.filename().string();
  const fs::path tmp = parent / ("." + name + ".tmp-" + std::to_string(::getpid()));
  std::error_code ec;
  fs::remove_all(tmp, ec);
  if (!fs::create_directories(tmp, ec) || ec)
    throw InputError("cannot create '" + tmp.string() + "': " + ec.message());
  WriteSummary sum;
  try {
    std::string list;
    for (std::size_t li = 0; li < launches.size(); ++li) {
      const std::string file = "kernel-" + std::to_string(li + 1) + ".traceg";
      sum.warp_instructions += write_kernel(tmp / file, b, li, launches[li], o, sum.renumbered_ids, sum.rebanked_ids,
                                          sum.dropped_operands);
      list += file + "\n";
    }
    std::ofstream(tmp / "kernelslist.g", std::ios::binary) << list;
    sum.launches = static_cast<std::int64_t>(launches.size());
    for (const auto& e : fs::directory_iterator(tmp)) sum.bytes += static_cast<std::int64_t>(e.file_size());
    const fs::path old = parent / ("." + name + ".old-" + std::to_string(::getpid()));
    const bool existed = fs::exists(target);
    if (existed) fs::rename(target, old);
    fs::rename(tmp, target);
    if (existed) fs::remove_all(old);
  } catch (...) {
    fs::remove_all(tmp, ec);
    throw;
  }
  return sum;
}

}  // namespace rfvar::arch::accelsim
