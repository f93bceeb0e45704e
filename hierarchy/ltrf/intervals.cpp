#include "hierarchy/ltrf/intervals.h"

#include <algorithm>
#include <deque>
#include <string>

#include "common/config.h"

namespace rfvar::arch::ltrf {

namespace {

constexpr int kUnknown = -1;

// A block piece as a node of the pass-1 graph (pieces are cut while Algorithm 1 runs).
struct Piece {
  BlockPiece range;
  std::vector<int> succs, preds;  // piece ids
  int interval = kUnknown;
  bool isolated = false;          // a call: an interval of its own
};

bool contains(const std::vector<int>& v, int x) { return std::find(v.begin(), v.end(), x) != v.end(); }

void check_fits(const Cfg& cfg, int max_regs) {
  if (max_regs < 1)
    throw InputError("register-interval size N = " + std::to_string(max_regs) +
                     " (ltrf.regs_per_interval) must be >= 1");
  for (int b = 0; b < cfg.size(); ++b) {
    const auto& bb = cfg.blocks[static_cast<std::size_t>(b)];
    for (std::size_t i = 0; i < bb.instrs.size(); ++i) {
      const int n = count(bb.instrs[i].regs());
      if (n > max_regs)
        throw InputError("register-interval size N = " + std::to_string(max_regs) +
                         " (ltrf.regs_per_interval) is smaller than the " + std::to_string(n) +
                         " registers named by instruction " + std::to_string(i) + " of block " +
                         (bb.name.empty() ? std::to_string(b) : bb.name) + "; N must be >= " + std::to_string(n));
    }
  }
}

// Algorithm 1 state: pieces, intervals (member pieces + working set), the work list.
class Pass1 {
 public:
  Pass1(const Cfg& cfg, int max_regs) : cfg_(cfg), n_(max_regs) {
    // One piece per block, cut around calls (LTRF §3.3: each call is a separate interval).
    std::vector<int> first(cfg.blocks.size()), last(cfg.blocks.size());
    for (int b = 0; b < cfg.size(); ++b) {
      const auto& instrs = cfg.blocks[static_cast<std::size_t>(b)].instrs;
      const int n = static_cast<int>(instrs.size());
      first[static_cast<std::size_t>(b)] = static_cast<int>(pieces_.size());
      int begin = 0;
      for (int i = 0; i < n; ++i) {
        if (!instrs[static_cast<std::size_t>(i)].call) continue;
        if (i > begin) add_chained({b, begin, i}, false);
        add_chained({b, i, i + 1}, true);
        begin = i + 1;
      }
      if (begin < n) add_chained({b, begin, n}, false);
      last[static_cast<std::size_t>(b)] = static_cast<int>(pieces_.size()) - 1;
    }
    for (int b = 0; b < cfg.size(); ++b)
      for (int s : cfg.blocks[static_cast<std::size_t>(b)].succs) link(last[static_cast<std::size_t>(b)], first[static_cast<std::size_t>(s)]);
    entry_piece_ = first[static_cast<std::size_t>(cfg.entry)];
  }

  void run() {
    start_interval(entry_piece_);
    for (;;) {
      while (!work_.empty()) {
        const int p = work_.front();
        work_.pop_front();
        grow(p);
      }
      // Blocks unreachable from the entry still get intervals (every instruction is covered).
      auto it = std::find_if(pieces_.begin(), pieces_.end(), [](const Piece& q) { return q.interval == kUnknown; });
      if (it == pieces_.end()) break;
      start_interval(static_cast<int>(it - pieces_.begin()));
    }
  }

  const std::vector<Piece>& pieces() const { return pieces_; }
  const std::vector<std::vector<int>>& members() const { return members_; }
  const std::vector<RegSet>& working_sets() const { return ws_; }
  int cuts() const { return cuts_; }

 private:
  void add_chained(BlockPiece r, bool isolated) {
    const int id = static_cast<int>(pieces_.size());
    pieces_.push_back({r, {}, {}, kUnknown, isolated});
    if (r.begin > 0) link(id - 1, id);  // fall-through inside the block
  }
  void link(int a, int b) {
    auto& pa = pieces_[static_cast<std::size_t>(a)];
    if (!contains(pa.succs, b)) pa.succs.push_back(b);
    auto& pb = pieces_[static_cast<std::size_t>(b)];
    if (!contains(pb.preds, a)) pb.preds.push_back(a);
  }
  void start_interval(int p) {  // Algorithm 1 lines 7-8, 20-22, 32-34
    pieces_[static_cast<std::size_t>(p)].interval = static_cast<int>(members_.size());
    members_.push_back({p});
    ws_.emplace_back();
    work_.push_back(p);
  }

  // Algorithm 1 lines 10-24 for the interval headed by piece p.
  void grow(int p) {
    const int iv = pieces_[static_cast<std::size_t>(p)].interval;
    traverse(p, iv);
    if (!pieces_[static_cast<std::size_t>(p)].isolated) {
      std::vector<int> rejected;  // candidates whose first instruction did not fit
      for (int h = candidate(iv, rejected); h != kUnknown; h = candidate(iv, rejected)) {
        pieces_[static_cast<std::size_t>(h)].interval = iv;
        if (traverse(h, iv)) {
          members_[static_cast<std::size_t>(iv)].push_back(h);
        } else {
          pieces_[static_cast<std::size_t>(h)].interval = kUnknown;
          rejected.push_back(h);
        }
      }
    }
    // Lines 18-24: every unassigned successor heads a new interval.
    for (std::size_t k = 0; k < members_[static_cast<std::size_t>(iv)].size(); ++k) {
      const int m = members_[static_cast<std::size_t>(iv)][k];
      for (int s : pieces_[static_cast<std::size_t>(m)].succs)
        if (pieces_[static_cast<std::size_t>(s)].interval == kUnknown) start_interval(s);
    }
  }

  // Line 13: an unassigned piece all of whose predecessors are in the interval.
  int candidate(int iv, const std::vector<int>& rejected) const {
    for (int m : members_[static_cast<std::size_t>(iv)])
      for (int h : pieces_[static_cast<std::size_t>(m)].succs) {
        const Piece& ph = pieces_[static_cast<std::size_t>(h)];
        if (ph.interval != kUnknown || ph.isolated || contains(rejected, h)) continue;
        const bool all_in = std::all_of(ph.preds.begin(), ph.preds.end(), [&](int q) {
          return pieces_[static_cast<std::size_t>(q)].interval == iv;
        });
        if (all_in) return h;
      }
    return kUnknown;
  }

  // TRAVERSE (lines 26-39): add p's registers to the interval's working set, cutting p at the
  // first instruction that would exceed N. Returns false (and changes nothing) if not even p's
  // first instruction fits.
  bool traverse(int p, int iv) {
    RegSet ws = ws_[static_cast<std::size_t>(iv)];
    const BlockPiece r = pieces_[static_cast<std::size_t>(p)].range;
    const auto& instrs = cfg_.blocks[static_cast<std::size_t>(r.block)].instrs;
    for (int i = r.begin; i < r.end; ++i) {
      const RegSet next = ws | instrs[static_cast<std::size_t>(i)].regs();
      if (count(next) > n_) {
        if (i == r.begin) return false;
        cut(p, i);
        break;
      }
      ws = next;
    }
    ws_[static_cast<std::size_t>(iv)] = ws;
    return true;
  }

  // Lines 31-34: the rest of p from instruction i becomes a new piece heading a new interval.
  void cut(int p, int i) {
    ++cuts_;
    const int q = static_cast<int>(pieces_.size());
    Piece rest;
    rest.range = pieces_[static_cast<std::size_t>(p)].range;
    rest.range.begin = i;
    rest.succs = pieces_[static_cast<std::size_t>(p)].succs;
    rest.preds = {p};
    pieces_.push_back(rest);
    for (int s : pieces_[static_cast<std::size_t>(q)].succs)
      for (int& x : pieces_[static_cast<std::size_t>(s)].preds)
        if (x == p) x = q;
    Piece& head = pieces_[static_cast<std::size_t>(p)];
    head.range.end = i;
    head.succs = {q};
    start_interval(q);
  }

  const Cfg& cfg_;
  const int n_;
  std::vector<Piece> pieces_;
  std::vector<std::vector<int>> members_;  // interval -> pieces, header first
  std::vector<RegSet> ws_;                 // interval -> working set
  std::deque<int> work_;
  int entry_piece_ = 0;
  int cuts_ = 0;
};

// One level of the interval graph: nodes with working sets, member pieces, header piece.
struct Level {
  std::vector<std::vector<int>> pieces;  // node -> pieces (header first)
  std::vector<RegSet> ws;
  std::vector<bool> isolated;
  std::vector<std::vector<int>> succs, preds;
  int entry = 0;
};

Level build_level(const std::vector<Piece>& pieces, std::vector<std::vector<int>> node_pieces,
                  std::vector<RegSet> ws, int entry_piece) {
  Level L;
  std::vector<int> node_of(pieces.size(), kUnknown);
  for (std::size_t n = 0; n < node_pieces.size(); ++n)
    for (int p : node_pieces[n]) node_of[static_cast<std::size_t>(p)] = static_cast<int>(n);
  L.pieces = std::move(node_pieces);
  L.ws = std::move(ws);
  L.succs.resize(L.pieces.size());
  L.preds.resize(L.pieces.size());
  L.isolated.resize(L.pieces.size());
  for (std::size_t n = 0; n < L.pieces.size(); ++n) {
    L.isolated[n] = L.pieces[n].size() == 1 && pieces[static_cast<std::size_t>(L.pieces[n][0])].isolated;
    for (int p : L.pieces[n])
      for (int s : pieces[static_cast<std::size_t>(p)].succs) {
        const int m = node_of[static_cast<std::size_t>(s)];
        if (m == static_cast<int>(n) || contains(L.succs[n], m)) continue;  // edges inside a node vanish
        L.succs[n].push_back(m);
        L.preds[static_cast<std::size_t>(m)].push_back(static_cast<int>(n));
      }
  }
  L.entry = node_of[static_cast<std::size_t>(entry_piece)];
  return L;
}

// Algorithm 2 once: returns the merged node lists and working sets of the next level.
void pass2(const Level& L, int max_regs, std::vector<std::vector<int>>& out_pieces, std::vector<RegSet>& out_ws) {
  const std::size_t nn = L.pieces.size();
  std::vector<int> next(nn, kUnknown);
  std::vector<std::vector<int>> members;  // next-level node -> level nodes
  std::deque<int> work;
  auto open = [&](int i) {
    next[static_cast<std::size_t>(i)] = static_cast<int>(members.size());
    members.push_back({i});
    out_ws.push_back(L.ws[static_cast<std::size_t>(i)]);
    work.push_back(i);
  };
  open(L.entry);
  for (;;) {
    while (!work.empty()) {
      const int i = work.front();
      work.pop_front();
      const int ii = next[static_cast<std::size_t>(i)];
      auto& mem = members[static_cast<std::size_t>(ii)];
      bool grew = !L.isolated[static_cast<std::size_t>(i)];
      while (grew) {  // lines 12-15
        grew = false;
        for (std::size_t k = 0; k < mem.size() && !grew; ++k)
          for (int h : L.succs[static_cast<std::size_t>(mem[k])]) {
            const auto hs = static_cast<std::size_t>(h);
            if (next[hs] != kUnknown || L.isolated[hs]) continue;
            const bool all_in = std::all_of(L.preds[hs].begin(), L.preds[hs].end(),
                                            [&](int q) { return next[static_cast<std::size_t>(q)] == ii; });
            const RegSet u = out_ws[static_cast<std::size_t>(ii)] | L.ws[hs];
            if (!all_in || count(u) > max_regs) continue;
            next[hs] = ii;
            out_ws[static_cast<std::size_t>(ii)] = u;
            mem.push_back(h);
            grew = true;
            break;
          }
      }
      std::vector<int> heads;  // lines 16-21 (collected first: open() grows `members`)
      for (int m : mem)
        for (int s : L.succs[static_cast<std::size_t>(m)])
          if (next[static_cast<std::size_t>(s)] == kUnknown && !contains(heads, s)) heads.push_back(s);
      for (int s : heads) open(s);
    }
    auto it = std::find(next.begin(), next.end(), kUnknown);
    if (it == next.end()) break;
    open(static_cast<int>(it - next.begin()));
  }
  for (const auto& mem : members) {
    std::vector<int> ps;
    for (int i : mem) ps.insert(ps.end(), L.pieces[static_cast<std::size_t>(i)].begin(), L.pieces[static_cast<std::size_t>(i)].end());
    out_pieces.push_back(std::move(ps));
  }
}

}  // namespace

IntervalFormation form_register_intervals(const Cfg& cfg, int max_regs) {
  cfg.validate();
  check_fits(cfg, max_regs);
  Pass1 p1(cfg, max_regs);
  p1.run();

  IntervalFormation out;
  out.pass1_intervals = static_cast<int>(p1.members().size());
  out.block_cuts = p1.cuts();
  const int entry_piece = [&] {
    for (std::size_t p = 0; p < p1.pieces().size(); ++p)
      if (p1.pieces()[p].range.block == cfg.entry && p1.pieces()[p].range.begin == 0) return static_cast<int>(p);
    return 0;
  }();

  Level L = build_level(p1.pieces(), p1.members(), p1.working_sets(), entry_piece);
  for (;;) {  // Algorithm 2, repeated to the fixed point
    std::vector<std::vector<int>> np;
    std::vector<RegSet> nws;
    pass2(L, max_regs, np, nws);
    ++out.pass2_rounds;
    const bool reduced = np.size() < L.pieces.size();
    L = build_level(p1.pieces(), std::move(np), std::move(nws), entry_piece);
    if (!reduced) break;
  }

  std::vector<Region> regions;
  for (const auto& node : L.pieces) {
    Region r;
    for (int p : node) r.pieces.push_back(p1.pieces()[static_cast<std::size_t>(p)].range);
    regions.push_back(std::move(r));
  }
  out.partition = RegionPartition(cfg, std::move(regions));
  return out;
}

}  // namespace rfvar::arch::ltrf
