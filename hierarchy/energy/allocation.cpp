#include "hierarchy/energy/allocation.h"

#include <algorithm>
#include <functional>
#include <map>
#include <string>

#include "hierarchy/ltrf/from_kernel.h"
#include "hierarchy/ltrf/liveness.h"
#include "hierarchy/ltrf/strands.h"
#include "hierarchy/energy/strand_values.h"
#include "common/config.h"

namespace rfvar::arch::energy {

namespace {

using Value = CandidateValue;
using Entries = std::vector<std::vector<std::pair<int, int>>>;  // [entry] -> occupied [b, e)

struct Placed {
  Level level = Level::Mrf;
  int served = 0;  // reads served by `level` (a prefix of Value::reads)
};

class StrandAllocator {
 public:
  StrandAllocator(const StrandCode& s, const AllocParams& a, const AccessEnergy& e) : s_(s), a_(a), e_(e) {}

  Datapath reader(const Value& v, int i) const {
    return datapath_of(*s_.in[static_cast<std::size_t>(v.reads[static_cast<std::size_t>(i)].pos)]);
  }
  // A write goes to the upper level if it reaches a served read (or the value is never read).
  static bool upper(const Value& v, const ValueWrite& w, int m) { return w.first_read < m || v.reads.empty(); }
  static bool needs_mrf(const ValueWrite& w, int m) { return w.live_out || w.must_mrf || w.last_read >= m; }

  double savings(const Value& v, Level x, int m) const {
    double s = 0.0;
    for (int i = 0; i < m; ++i)
      s += e_.read_warp(Level::Mrf, reader(v, i)) - e_.read_warp(x, reader(v, i));  // MICRO Fig. 6 / Fig. 9
    for (const ValueWrite& w : v.writes) {
      if (v.read_operand) {  // the fill: the first read stays in the MRF, the write is overhead
        if (m > 0) s -= e_.write_warp(x, w.writer);
        continue;
      }
      if (!upper(v, w, m)) continue;
      if (!needs_mrf(w, m)) s += e_.write_warp(Level::Mrf, w.writer);
      s -= e_.write_warp(x, w.writer);
    }
    return s;
  }
  static int begin_of(const Value& v, int m) {
    int b = v.writes.front().pos;
    for (const ValueWrite& w : v.writes)
      if (v.read_operand || upper(v, w, m)) b = std::min(b, w.pos);
    return b;
  }
  static int end_of(const Value& v, int m) {
    const int b = begin_of(v, m);
    const int e = m > 0 ? v.reads[static_cast<std::size_t>(m - 1)].pos : b;
    return std::max(e, b + 1);  // a write occupies its entry at least at its own slot
  }
  static double range(const Value& v, int m) {
    const int b = begin_of(v, m);
    return static_cast<double>(std::max(1, (m > 0 ? v.reads[static_cast<std::size_t>(m - 1)].pos : b) - b));
  }
  // The LRF bank a value may use (MICRO §4.6: private datapath only; split: one operand slot), or -1.
  int lrf_bank(const Value& v) const {
    for (const ValueWrite& w : v.writes)
      if (w.writer != Datapath::Private) return -1;
    int slot = v.reads.empty() ? 0 : v.reads.front().slot;
    for (int i = 0; i < static_cast<int>(v.reads.size()); ++i) {
      if (reader(v, i) != Datapath::Private) return -1;
      if (v.reads[static_cast<std::size_t>(i)].slot != slot) slot = -1;
    }
    if (a_.lrf == LrfOrganization::Unified) return 0;
    return slot >= 0 && slot < kSplitLrfBanks ? slot : -1;  // MICRO §3.2: A, B, C banks
  }

  // Tries to place [b, e) into one of `entries`; true on success.
  static bool place(Entries& entries, int b, int e) {
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
  std::vector<Placed> run(const std::vector<Value>& values, HierarchyAllocation& out) const {
    std::vector<Placed> pl(values.size());
    const int banks = a_.lrf == LrfOrganization::Split ? kSplitLrfBanks : 1;
    std::vector<Entries> lrf(static_cast<std::size_t>(banks), Entries(static_cast<std::size_t>(a_.lrf_entries)));
    Entries orf(static_cast<std::size_t>(a_.orf_entries));
    auto by_priority = [&](Level x) {
      std::vector<std::pair<double, int>> q;
      for (int i = 0; i < static_cast<int>(values.size()); ++i) {
        const Value& v = values[static_cast<std::size_t>(i)];
        if (!v.eligible || pl[static_cast<std::size_t>(i)].level != Level::Mrf) continue;
        const int m = static_cast<int>(v.reads.size());
        if (x == Level::Lrf && lrf_bank(v) < 0) continue;
        const double s = savings(v, x, m);
        if (s > 0.0) q.emplace_back(s / range(v, m), i);
      }
      std::stable_sort(q.begin(), q.end(), [](const auto& l, const auto& r) { return l.first > r.first; });
      return q;
    };
    auto done = [&](const Value& v, Placed& p, Level x, int m) {
      p = {x, m};
      ++(x == Level::Lrf ? out.lrf_values : out.orf_values);
      if (m < static_cast<int>(v.reads.size())) ++out.partial_values;
      int w = 0;
      for (const ValueWrite& vw : v.writes) w += upper(v, vw, m) ? 1 : 0;
      if (!v.read_operand && w > 1) ++out.multi_write_values;
    };
    if (a_.lrf_entries > 0)
      for (const auto& [prio, i] : by_priority(Level::Lrf)) {
        const Value& v = values[static_cast<std::size_t>(i)];
        const int m = static_cast<int>(v.reads.size());
        if (place(lrf[static_cast<std::size_t>(lrf_bank(v))], begin_of(v, m), end_of(v, m)))
          done(v, pl[static_cast<std::size_t>(i)], Level::Lrf, m);
      }
    for (const auto& [prio, i] : by_priority(Level::Orf)) {
      const Value& v = values[static_cast<std::size_t>(i)];
      for (int m = static_cast<int>(v.reads.size()); m >= 0; --m) {
        if (savings(v, Level::Orf, m) <= 0.0) break;
        if (place(orf, begin_of(v, m), end_of(v, m))) {
          done(v, pl[static_cast<std::size_t>(i)], Level::Orf, m);
          break;
        }
        if (!a_.partial_range) break;
      }
    }
    return pl;
  }

 private:
  const StrandCode& s_;
  const AllocParams& a_;
  const AccessEnergy& e_;
};

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
  const std::vector<std::vector<int>> preds = ltrf::predecessors(kc.cfg);
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
  const std::function<int(int)> reg_of = [&](int id) { return dense.at(id); };
  const std::function<bool(ltrf::InstrRef, int)> is_live_out = live_out;
  auto allocate = [&](const StrandCode& sc) {
    const std::vector<Value> values = strand_values(sc, reg_of, is_live_out, a.read_operands, a.sfu_long_latency);
    out.values += static_cast<int>(values.size());
    const std::vector<Placed> pl = StrandAllocator(sc, a, e).run(values, out);
    for (std::size_t i = 0; i < values.size(); ++i) {
      const Value& v = values[i];
      const auto [level, served] = pl[i];
      if (level == Level::Mrf) continue;
      auto at = [&](int pos) -> PcAllocation& {
        return out.at_pc[static_cast<std::size_t>(sc.pc[static_cast<std::size_t>(pos)])];
      };
      for (int r = 0; r < served; ++r) {
        const ValueRead& rd = v.reads[static_cast<std::size_t>(r)];
        at(rd.pos).src[static_cast<std::size_t>(rd.slot)] = level;
      }
      const std::uint8_t up = level == Level::Lrf ? kWriteLrf : kWriteOrf;
      for (const ValueWrite& w : v.writes) {
        if (v.read_operand) {
          ++(level == Level::Lrf ? at(w.pos).lrf_fills : at(w.pos).orf_fills);
        } else if (StrandAllocator::upper(v, w, served)) {
          at(w.pos).dst[static_cast<std::size_t>(w.slot)] =
              static_cast<std::uint8_t>(up | (StrandAllocator::needs_mrf(w, served) ? kWriteMrf : 0));
        }
      }
    }
  };
  for (int sid = 0; sid < st.partition.size(); ++sid) {
    const auto& pieces = st.partition.regions()[static_cast<std::size_t>(sid)].pieces;
    // The strand's pieces in the order strand formation walked them (reverse post-order: topological).
    StrandCode sc;
    std::map<int, int> piece_of_block;  // block -> its piece in this strand
    for (int j = 0; j < static_cast<int>(pieces.size()); ++j) {
      const ltrf::BlockPiece& bp = pieces[static_cast<std::size_t>(j)];
      const int size = static_cast<int>(kc.cfg.blocks[static_cast<std::size_t>(bp.block)].instrs.size());
      piece_of_block[bp.block] = j;
      std::vector<int> pr;
      if (j > 0 && a.forward_branches)  // non-header pieces start their block; all its preds are here
        for (int q : preds[static_cast<std::size_t>(bp.block)]) pr.push_back(piece_of_block.at(q));
      bool exits = !a.forward_branches || bp.end < size;
      for (int q : kc.cfg.blocks[static_cast<std::size_t>(bp.block)].succs)  // (re-entering the header: a loop)
        exits = exits || st.partition.region_of({q, 0}) != sid || q == pieces.front().block;
      if (kc.cfg.blocks[static_cast<std::size_t>(bp.block)].succs.empty()) exits = true;
      sc.preds.push_back(std::move(pr));
      sc.exit.push_back(exits);
      sc.last.push_back({bp.block, bp.end - 1});
      for (int i = bp.begin; i < bp.end; ++i) {
        const int pc = first_pc[static_cast<std::size_t>(bp.block)] + i;
        sc.pc.push_back(pc);
        sc.in.push_back(&k.code[static_cast<std::size_t>(pc)]);
        sc.piece.push_back(a.forward_branches ? j : 0);
      }
      if (!a.forward_branches) {  // MICRO §4.2's baseline: each basic-block piece alone
        sc.preds = {{}}, sc.exit = {true}, sc.last = {sc.last.back()};
        allocate(sc);
        sc = StrandCode{};
      }
    }
    if (a.forward_branches) allocate(sc);
  }
  return out;
}

}  // namespace rfvar::arch::energy
