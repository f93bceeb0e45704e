#include "arch/energy/allocation.h"

#include <algorithm>
#include <functional>
#include <map>
#include <string>

#include "arch/ltrf/from_kernel.h"
#include "arch/ltrf/liveness.h"
#include "arch/ltrf/strands.h"
#include "common/config.h"

namespace rfvar::arch::energy {

Datapath datapath_of(const Instr& in) {
  return (in.op == OpClass::Sfu || in.op == OpClass::Load || in.op == OpClass::Store) ? Datapath::Shared
                                                                                      : Datapath::Private;
}

namespace {

struct Read {
  int pos = 0;   // position in the piece
  int slot = 0;  // source slot
};

struct Value {
  int created = 0;  // position of the producer (or of the first read of a read operand)
  bool read_operand = false;
  int dst_slot = 0;                     // written value: destination slot of the producer
  Datapath writer = Datapath::Private;  // datapath writing the upper level (producer / first reader)
  bool eligible = true;                 // may go to an upper level at all (not a long-latency result)
  bool live_out = false;                // written value: still needed after the piece
  std::vector<Read> reads;              // reads the upper level may serve, in order
  Level level = Level::Mrf;
  int served = 0;  // reads served by `level`
};

struct Piece {
  std::vector<const Instr*> in;  // [position]
  std::vector<int> pc;           // [position]
};

class PieceAllocator {
 public:
  PieceAllocator(const Piece& p, const AllocParams& a, const AccessEnergy& e) : p_(p), a_(a), e_(e) {}

  double savings(const Value& v, Level x, int m) const {
    double s = 0.0;
    for (int i = 0; i < m; ++i) {
      const Datapath d =
          datapath_of(*p_.in[static_cast<std::size_t>(v.reads[static_cast<std::size_t>(i)].pos)]);
      s += e_.read_warp(Level::Mrf, d) - e_.read_warp(x, d);  // MICRO Fig. 6 / Fig. 9
    }
    if (!v.read_operand && !v.live_out && m == static_cast<int>(v.reads.size()))
      s += e_.write_warp(Level::Mrf, v.writer);
    return s - e_.write_warp(x, v.writer);
  }
  static int end_of(const Value& v, int m) {
    const int e = m > 0 ? v.reads[static_cast<std::size_t>(m - 1)].pos : v.created;
    return std::max(e, v.created + 1);  // a write occupies its entry at least at its own slot
  }
  static double range(const Value& v, int m) {
    return static_cast<double>(
        std::max(1, (m > 0 ? v.reads[static_cast<std::size_t>(m - 1)].pos : v.created) - v.created));
  }
  bool lrf_ok(const Value& v) const {
    if (v.writer != Datapath::Private) return false;
    for (const Read& r : v.reads)
      if (datapath_of(*p_.in[static_cast<std::size_t>(r.pos)]) != Datapath::Private) return false;
    return true;
  }

  // Tries to place [b, e) into one of `entries`; true on success.
  static bool place(std::vector<std::vector<std::pair<int, int>>>& entries, int b, int e) {
    for (auto& ent : entries) {
      const bool free =
          std::none_of(ent.begin(), ent.end(), [&](const auto& iv) { return b < iv.second && iv.first < e; });
      if (free) {
        ent.emplace_back(b, e);
        return true;
      }
    }
    return false;
  }

  // Greedy by savings / range, MICRO Fig. 7; LRF first, then ORF with partial ranges (§4.3, §4.6).
  void run(std::vector<Value>& values, HierarchyAllocation& out) const {
    std::vector<std::vector<std::pair<int, int>>> lrf(static_cast<std::size_t>(a_.lrf_entries)),
        orf(static_cast<std::size_t>(a_.orf_entries));
    auto by_priority = [&](Level x) {
      std::vector<std::pair<double, int>> q;
      for (int i = 0; i < static_cast<int>(values.size()); ++i) {
        const Value& v = values[static_cast<std::size_t>(i)];
        if (!v.eligible || v.level != Level::Mrf) continue;
        const int m = static_cast<int>(v.reads.size());
        if (x == Level::Lrf && !lrf_ok(v)) continue;
        const double s = savings(v, x, m);
        if (s > 0.0) q.emplace_back(s / range(v, m), i);
      }
      std::stable_sort(q.begin(), q.end(), [](const auto& l, const auto& r) { return l.first > r.first; });
      return q;
    };
    if (a_.lrf_entries > 0)
      for (const auto& [prio, i] : by_priority(Level::Lrf)) {
        Value& v = values[static_cast<std::size_t>(i)];
        const int m = static_cast<int>(v.reads.size());
        if (place(lrf, v.created, end_of(v, m))) v.level = Level::Lrf, v.served = m, ++out.lrf_values;
      }
    for (const auto& [prio, i] : by_priority(Level::Orf)) {
      Value& v = values[static_cast<std::size_t>(i)];
      const int full = static_cast<int>(v.reads.size());
      for (int m = full; m >= 0; --m) {
        if (savings(v, Level::Orf, m) <= 0.0) break;
        if (place(orf, v.created, end_of(v, m))) {
          v.level = Level::Orf, v.served = m, ++out.orf_values;
          if (m < full) ++out.partial_values;
          break;
        }
        if (!a_.partial_range) break;
      }
    }
  }

 private:
  const Piece& p_;
  const AllocParams& a_;
  const AccessEnergy& e_;
};

bool long_latency(const Instr& in, bool sfu) {
  return (in.op == OpClass::Load && (in.space == MemSpace::Global || in.space == MemSpace::Local)) ||
         (sfu && in.op == OpClass::Sfu);
}

}  // namespace

HierarchyAllocation allocate_hierarchy(const Kernel& k, const AllocParams& a, const AccessEnergy& e) {
  if (a.orf_entries < 0 || a.lrf_entries < 0)
    throw InputError("ORF / LRF entries per thread must be >= 0 (energy.orf_entries, energy.lrf_entries)");
  ltrf::KernelCfg kc = ltrf::cfg_from_kernel(k, a.sfu_long_latency);
  // Dense register numbering. The Cfg analyses hold 256-register sets and PTX ids reach several
  // hundred, so: strands are formed on the Cfg restricted to the registers long-latency
  // instructions write (the only ones strand cuts depend on, strands.h), and liveness, which is
  // independent per register, is computed on 256-register slices.
  std::map<int, int> dense;
  for (auto& bb : kc.cfg.blocks)
    for (auto& in : bb.instrs)
      for (auto* v : {&in.reads, &in.writes})
        for (int& r : *v) r = dense.emplace(r, static_cast<int>(dense.size())).first->second;
  const int nregs = static_cast<int>(dense.size());
  auto restricted = [&](const std::function<int(int)>& map) {  // map: dense id -> slice id or -1
    ltrf::Cfg c = kc.cfg;
    for (auto& bb : c.blocks)
      for (auto& in : bb.instrs)
        for (auto* v : {&in.reads, &in.writes}) {
          std::vector<int> kept;
          for (int r : *v)
            if (map(r) >= 0) kept.push_back(map(r));
          *v = std::move(kept);
        }
    return c;
  };
  std::map<int, int> ll_regs;
  for (const auto& bb : kc.cfg.blocks)
    for (const auto& in : bb.instrs)
      if (in.long_latency)
        for (int r : in.writes) ll_regs.emplace(r, static_cast<int>(ll_regs.size()));
  if (static_cast<int>(ll_regs.size()) > ltrf::kMaxCfgRegs)
    throw InputError("kernel " + k.name + ": " + std::to_string(ll_regs.size()) +
                     " registers written by long-latency " +
                     "instructions; strand formation handles at most " + std::to_string(ltrf::kMaxCfgRegs));
  const ltrf::StrandFormation st = ltrf::form_strands(restricted([&](int r) {
                                                        const auto it = ll_regs.find(r);
                                                        return it == ll_regs.end() ? -1 : it->second;
                                                      }),
                                                      ltrf::kMaxCfgRegs);
  std::vector<ltrf::Liveness> live;
  for (int base = 0; base < nregs; base += ltrf::kMaxCfgRegs)
    live.emplace_back(
        restricted([&](int r) { return r >= base && r < base + ltrf::kMaxCfgRegs ? r - base : -1; }));
  auto live_out = [&](ltrf::InstrRef at, int r) {
    return live[static_cast<std::size_t>(r / ltrf::kMaxCfgRegs)].live_out(at).test(
        static_cast<std::size_t>(r % ltrf::kMaxCfgRegs));
  };
  std::vector<int> first_pc(kc.cfg.blocks.size(), -1);
  for (int pc = static_cast<int>(k.code.size()) - 1; pc >= 0; --pc)
    first_pc[static_cast<std::size_t>(kc.at_pc[static_cast<std::size_t>(pc)].block)] = pc;

  HierarchyAllocation out;
  out.at_pc.resize(k.code.size());
  for (auto& pa : out.at_pc) {
    pa.src.fill(Level::Mrf);
    pa.dst.fill(kWriteMrf);
  }
  out.strands = st.partition.size();
  auto reg_of = [&](int id) { return dense.at(id); };
  for (const auto& region : st.partition.regions())
    for (const auto& bp : region.pieces) {
      Piece p;
      for (int i = bp.begin; i < bp.end; ++i) {
        const int pc = first_pc[static_cast<std::size_t>(bp.block)] + i;
        p.pc.push_back(pc);
        p.in.push_back(&k.code[static_cast<std::size_t>(pc)]);
      }
      const int n = static_cast<int>(p.in.size());
      const ltrf::InstrRef piece_end{bp.block, bp.end - 1};
      // Reads of register r from position `from` up to and including the next instruction writing it.
      auto reads_from = [&](int r, int from, bool* rewritten) {
        std::vector<Read> rs;
        *rewritten = false;
        for (int t = from; t < n && !*rewritten; ++t) {
          const Instr& in = *p.in[static_cast<std::size_t>(t)];
          for (int s = 0; s < in.nsrc; ++s)
            if (in.src[s] != kNoReg && reg_of(in.src[s]) == r) rs.push_back({t, s});
          for (int d = 0; d < in.ndst; ++d)
            if (reg_of(in.dst[d]) == r) *rewritten = true;
        }
        return rs;
      };
      std::vector<Value> values;
      std::vector<bool> written_before(static_cast<std::size_t>(nregs), false);
      for (int t = 0; t < n; ++t) {
        const Instr& in = *p.in[static_cast<std::size_t>(t)];
        if (a.read_operands)  // MICRO §4.4: first read of a register the piece has not written
          for (int s = 0; s < in.nsrc; ++s) {
            if (in.src[s] == kNoReg) continue;
            const int r = reg_of(in.src[s]);
            if (written_before[static_cast<std::size_t>(r)]) continue;
            bool first = true;
            for (int s2 = 0; s2 < s; ++s2)
              if (in.src[s2] != kNoReg && reg_of(in.src[s2]) == r) first = false;
            bool seen_earlier = false;
            for (int t2 = 0; t2 < t && first; ++t2) {
              const Instr& i2 = *p.in[static_cast<std::size_t>(t2)];
              for (int s2 = 0; s2 < i2.nsrc; ++s2)
                if (i2.src[s2] != kNoReg && reg_of(i2.src[s2]) == r) seen_earlier = true;
            }
            if (!first || seen_earlier) continue;
            bool rw = false;
            std::vector<Read> rs = reads_from(r, t, &rw);
            rs.erase(rs.begin());  // the first read comes from the MRF
            if (rs.empty()) continue;
            Value v;
            v.created = t;
            v.read_operand = true;
            v.writer = datapath_of(in);
            v.reads = std::move(rs);
            values.push_back(std::move(v));
          }
        for (int d = 0; d < in.ndst; ++d) {
          const int r = reg_of(in.dst[d]);
          bool rw = false;
          Value v;
          v.created = t;
          v.dst_slot = d;
          v.writer = datapath_of(in);
          v.eligible = !long_latency(in, a.sfu_long_latency);
          v.reads = reads_from(r, t + 1, &rw);
          v.live_out = !rw && live_out(piece_end, r);
          values.push_back(std::move(v));
        }
        for (int d = 0; d < in.ndst; ++d) written_before[static_cast<std::size_t>(reg_of(in.dst[d]))] = true;
      }
      out.values += static_cast<int>(values.size());
      PieceAllocator(p, a, e).run(values, out);
      for (const Value& v : values) {
        if (v.level == Level::Mrf) continue;
        for (int i = 0; i < v.served; ++i) {
          const Read& rd = v.reads[static_cast<std::size_t>(i)];
          out.at_pc[static_cast<std::size_t>(p.pc[static_cast<std::size_t>(rd.pos)])]
              .src[static_cast<std::size_t>(rd.slot)] = v.level;
        }
        PcAllocation& at = out.at_pc[static_cast<std::size_t>(p.pc[static_cast<std::size_t>(v.created)])];
        const std::uint8_t up = v.level == Level::Lrf ? kWriteLrf : kWriteOrf;
        if (v.read_operand) {
          ++(v.level == Level::Lrf ? at.lrf_fills : at.orf_fills);
        } else {
          const bool mrf = v.live_out || v.served < static_cast<int>(v.reads.size());
          at.dst[static_cast<std::size_t>(v.dst_slot)] =
              static_cast<std::uint8_t>(up | (mrf ? kWriteMrf : 0));
        }
      }
    }
  return out;
}

}  // namespace rfvar::arch::energy
