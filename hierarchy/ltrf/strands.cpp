#include "hierarchy/ltrf/strands.h"

#include <algorithm>
#include <string>

#include "common/config.h"

namespace rfvar::arch::ltrf {

namespace {

struct Open {  // the strand being extended along one path
  int id = -1;
  RegSet pending;  // registers written by long-latency instructions of this strand
};

class StrandBuilder {
 public:
  StrandBuilder(const Cfg& cfg, int n) : cfg_(cfg), n_(n) {}

  StrandFormation run() {
    const std::size_t nb = cfg_.blocks.size();
    const auto preds = predecessors(cfg_);
    const auto back = back_edges(cfg_);
    std::vector<bool> loop_header(nb, false), ends_backward(nb, false), is_back_pred(nb * nb, false);
    for (std::size_t b = 0; b < nb; ++b)
      for (std::size_t k = 0; k < cfg_.blocks[b].succs.size(); ++k)
        if (back[b][k]) {
          const auto s = static_cast<std::size_t>(cfg_.blocks[b].succs[k]);
          loop_header[s] = true;
          ends_backward[b] = true;
          is_back_pred[b * nb + s] = true;
        }
    std::vector<Open> out(nb);
    std::vector<bool> done(nb, false);
    std::vector<int> order = reverse_postorder(cfg_);
    for (std::size_t b = 0; b < nb; ++b)
      if (std::find(order.begin(), order.end(), static_cast<int>(b)) == order.end()) order.push_back(static_cast<int>(b));
    for (int bi : order) {
      const auto b = static_cast<std::size_t>(bi);
      Open cur;
      std::vector<int> fwd;  // forward predecessors (all visited before b in reverse post-order)
      bool unvisited = false;  // a predecessor unreachable from the entry
      for (int p : preds[b]) {
        if (is_back_pred[static_cast<std::size_t>(p) * nb + b]) continue;
        if (done[static_cast<std::size_t>(p)]) fwd.push_back(p);
        else unvisited = true;
      }
      if (bi == cfg_.entry && fwd.empty()) {
        cur = open(StartReason::KernelEntry);
      } else if (fwd.empty()) {
        cur = open(loop_header[b] ? StartReason::LoopHeader : StartReason::Unreachable);
      } else if (loop_header[b]) {
        cur = open(StartReason::LoopHeader);
      } else if (std::any_of(fwd.begin(), fwd.end(), [&](int p) { return ends_backward[static_cast<std::size_t>(p)]; })) {
        cur = open(StartReason::AfterBackwardBranch);
      } else if (unvisited || std::any_of(fwd.begin(), fwd.end(), [&](int p) {
                   return out[static_cast<std::size_t>(p)].id != out[static_cast<std::size_t>(fwd[0])].id;
                 })) {
        cur = open(StartReason::Merge);
      } else {
        cur.id = out[static_cast<std::size_t>(fwd[0])].id;
        for (int p : fwd) cur.pending |= out[static_cast<std::size_t>(p)].pending;
      }
      out[b] = walk(bi, cur);
      done[b] = true;
    }
    StrandFormation f;
    f.start_reason = reasons_;
    f.partition = RegionPartition(cfg_, std::move(regions_));
    return f;
  }

 private:
  Open open(StartReason why) {
    regions_.emplace_back();
    ws_.emplace_back();
    reasons_.push_back(why);
    return Open{static_cast<int>(regions_.size()) - 1, {}};
  }

  // Walks block b from the open strand `cur`, cutting where a strand must end.
  Open walk(int b, Open cur) {
    const auto& instrs = cfg_.blocks[static_cast<std::size_t>(b)].instrs;
    int begin = 0;
    for (int i = 0; i < static_cast<int>(instrs.size()); ++i) {
      const Instruction& in = instrs[static_cast<std::size_t>(i)];
      RegSet reads;
      for (int r : in.reads) reads.set(static_cast<std::size_t>(r));
      StartReason why{};
      bool cut = false;
      if ((reads & cur.pending).any()) {  // Gebhart MICRO 2011 §3: dependence on a pending long-latency op
        cut = true;
        why = StartReason::LongLatencyDependence;
      } else if (count(ws_[static_cast<std::size_t>(cur.id)] | in.regs()) > n_) {
        cut = true;
        why = StartReason::Capacity;
      }
      if (cut && i > begin) {
        add_piece(cur.id, {b, begin, i});
        begin = i;
        cur = open(why);
      } else if (cut) {  // at the block's first instruction: the strand inherited from the preds ends
        cur = open(why);
      }
      ws_[static_cast<std::size_t>(cur.id)] |= in.regs();
      if (in.long_latency)
        for (int r : in.writes) cur.pending.set(static_cast<std::size_t>(r));
    }
    add_piece(cur.id, {b, begin, static_cast<int>(instrs.size())});
    return cur;
  }

  void add_piece(int strand, BlockPiece p) { regions_[static_cast<std::size_t>(strand)].pieces.push_back(p); }

  const Cfg& cfg_;
  const int n_;
  std::vector<Region> regions_;
  std::vector<RegSet> ws_;
  std::vector<StartReason> reasons_;
};

}  // namespace

StrandFormation form_strands(const Cfg& cfg, int max_regs) {
  cfg.validate();
  if (max_regs < 1) throw InputError("strand size N = " + std::to_string(max_regs) + " (ltrf.regs_per_interval) must be >= 1");
  for (const auto& bb : cfg.blocks)
    for (std::size_t i = 0; i < bb.instrs.size(); ++i)
      if (count(bb.instrs[i].regs()) > max_regs)
        throw InputError("strand size N = " + std::to_string(max_regs) + " (ltrf.regs_per_interval) is smaller than the " +
                         std::to_string(count(bb.instrs[i].regs())) + " registers named by instruction " +
                         std::to_string(i) + " of block " + bb.name);
  return StrandBuilder(cfg, max_regs).run();
}

const char* start_reason_name(StartReason r) {
  switch (r) {
    case StartReason::KernelEntry: return "entry";
    case StartReason::LongLatencyDependence: return "long-latency dependence";
    case StartReason::LoopHeader: return "loop header";
    case StartReason::AfterBackwardBranch: return "after backward branch";
    case StartReason::Merge: return "merge";
    case StartReason::Capacity: return "capacity";
    case StartReason::Unreachable: return "unreachable";
  }
  return "?";
}

}  // namespace rfvar::arch::ltrf
