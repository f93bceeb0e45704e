#include "hierarchy/energy/strand_values.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <tuple>

namespace rfvar::arch::energy {

Datapath datapath_of(const Instr& in) {
  return (in.op == OpClass::Sfu || in.op == OpClass::Load || in.op == OpClass::Store) ? Datapath::Shared
                                                                                      : Datapath::Private;
}

bool long_latency(const Instr& in, bool sfu) {
  return (in.op == OpClass::Load && (in.space == MemSpace::Global || in.space == MemSpace::Local)) ||
         (sfu && in.op == OpClass::Sfu);
}

namespace {

constexpr int kEntry = -1;  // the strand's entry: the value in the MRF from an earlier strand
using Reaching = std::map<int, std::vector<int>>;  // register -> sorted writes (kEntry if absent)

struct Write {
  int pos, slot, reg;
};

Reaching merged(const std::vector<const Reaching*>& in) {
  Reaching out;
  for (const Reaching* r : in)
    for (const auto& [reg, ws] : *r) out.emplace(reg, std::vector<int>{});
  for (auto& [reg, ws] : out) {
    for (const Reaching* r : in) {
      const auto it = r->find(reg);
      if (it == r->end()) ws.push_back(kEntry);
      else ws.insert(ws.end(), it->second.begin(), it->second.end());
    }
    std::sort(ws.begin(), ws.end());
    ws.erase(std::unique(ws.begin(), ws.end()), ws.end());
  }
  return out;
}

int find(std::vector<int>& parent, int x) {
  while (parent[static_cast<std::size_t>(x)] != x)
    x = parent[static_cast<std::size_t>(x)] = parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(x)])];
  return x;
}

}  // namespace

std::vector<CandidateValue> strand_values(const StrandCode& s, const std::function<int(int)>& reg_of,
                                          const std::function<bool(ltrf::InstrRef, int)>& live_out,
                                          bool read_operands, bool sfu_long_latency) {
  const int n = static_cast<int>(s.in.size()), np = s.pieces();
  auto at = [](auto&& v, int i) -> decltype(auto) { return v[static_cast<std::size_t>(i)]; };
  // Reaching definitions, one forward pass in the topological order of the pieces.
  std::vector<Write> writes;
  std::vector<std::vector<std::pair<int, std::vector<int>>>> reached(static_cast<std::size_t>(n));  // [pos]: (slot, writes)
  std::vector<Reaching> out(static_cast<std::size_t>(np));
  Reaching cur;
  for (int t = 0; t < n; ++t) {
    const int pc = at(s.piece, t);
    if (t == 0 || at(s.piece, t - 1) != pc) {
      std::vector<const Reaching*> in;
      for (int p : at(s.preds, pc)) in.push_back(&at(out, p));
      cur = merged(in);
    }
    const Instr& ins = *at(s.in, t);
    for (int sl = 0; sl < ins.nsrc; ++sl) {
      if (ins.src[sl] == kNoReg) continue;
      const auto it = cur.find(reg_of(ins.src[sl]));
      at(reached, t).emplace_back(sl, it == cur.end() ? std::vector<int>{kEntry} : it->second);
    }
    for (int d = 0; d < ins.ndst; ++d) {
      cur[reg_of(ins.dst[d])] = {static_cast<int>(writes.size())};
      writes.push_back({t, d, reg_of(ins.dst[d])});
    }
    if (t == n - 1 || at(s.piece, t + 1) != pc) at(out, pc) = cur;
  }
  const int nw = static_cast<int>(writes.size());
  std::vector<bool> w_live_out(static_cast<std::size_t>(nw), false), w_must_mrf(w_live_out);
  for (int p = 0; p < np; ++p)
    if (at(s.exit, p))
      for (const auto& [reg, ws] : at(out, p))
        if (live_out(at(s.last, p), reg))
          for (int w : ws)
            if (w != kEntry) w_live_out[static_cast<std::size_t>(w)] = true;
  // Webs: the writes reaching a common read (union-find); reads reached by the entry too stay MRF.
  std::vector<int> parent(static_cast<std::size_t>(nw));
  std::iota(parent.begin(), parent.end(), 0);
  for (int t = 0; t < n; ++t)
    for (const auto& [sl, ws] : at(reached, t)) {
      if (ws.front() == kEntry) {
        for (int w : ws)
          if (w != kEntry) w_must_mrf[static_cast<std::size_t>(w)] = true;
        continue;
      }
      for (int w : ws) parent[static_cast<std::size_t>(find(parent, w))] = find(parent, ws.front());
    }
  // Pieces' dominators (read operands): dom[p] = {p} + intersection over its predecessors.
  std::vector<std::vector<bool>> dom(static_cast<std::size_t>(np), std::vector<bool>(static_cast<std::size_t>(np), false));
  for (int p = 0; p < np; ++p) {
    auto& d = at(dom, p);
    if (!at(s.preds, p).empty()) {
      d = at(dom, at(s.preds, p).front());
      for (int q : at(s.preds, p))
        for (int i = 0; i < np; ++i) d[static_cast<std::size_t>(i)] = d[static_cast<std::size_t>(i)] && at(at(dom, q), i);
    }
    d[static_cast<std::size_t>(p)] = true;
  }
  auto dominates = [&](const ValueRead& a, const ValueRead& b) {
    const int pa = at(s.piece, a.pos), pb = at(s.piece, b.pos);
    return pa == pb ? std::tie(a.pos, a.slot) < std::tie(b.pos, b.slot) : bool(at(at(dom, pb), pa));
  };

  struct Keyed {
    std::tuple<int, int, int> key;  // (position, 0 read operand / 1 write, slot)
    CandidateValue v;
  };
  std::vector<Keyed> values;
  std::map<int, int> web_index;  // union-find root -> index into values
  std::vector<std::pair<int, int>> write_at(static_cast<std::size_t>(nw));  // write -> (value, index in it)
  for (int w = 0; w < nw; ++w) {
    const int root = find(parent, w);
    auto [it, fresh] = web_index.emplace(root, static_cast<int>(values.size()));
    if (fresh) values.push_back({{at(writes, w).pos, 1, at(writes, w).slot}, {}});
    CandidateValue& v = at(values, it->second).v;
    const Instr& ins = *at(s.in, at(writes, w).pos);
    ValueWrite vw;
    vw.pos = at(writes, w).pos;
    vw.slot = at(writes, w).slot;
    vw.writer = datapath_of(ins);
    vw.live_out = w_live_out[static_cast<std::size_t>(w)];
    vw.must_mrf = w_must_mrf[static_cast<std::size_t>(w)];
    v.eligible = v.eligible && !long_latency(ins, sfu_long_latency);
    write_at[static_cast<std::size_t>(w)] = {it->second, static_cast<int>(v.writes.size())};
    v.writes.push_back(vw);
  }
  std::map<int, std::vector<int>> fills;  // register -> indices into values of its read operands
  for (int t = 0; t < n; ++t)
    for (const auto& [sl, ws] : at(reached, t)) {
      const ValueRead rd{t, sl};
      if (ws.front() != kEntry) {  // a web's read
        CandidateValue& v = at(values, at(write_at, ws.front()).first).v;
        const int i = static_cast<int>(v.reads.size());
        v.reads.push_back(rd);
        for (int w : ws) {
          ValueWrite& vw = at(v.writes, at(write_at, w).second);
          vw.first_read = std::min(vw.first_read, i), vw.last_read = std::max(vw.last_read, i);
        }
        continue;
      }
      if (ws.size() > 1 || !read_operands) continue;  // uncertain location: MRF
      const int reg = reg_of(at(s.in, t)->src[sl]);
      auto& fs = fills[reg];
      const auto f = std::find_if(fs.begin(), fs.end(), [&](int i) {
        const ValueWrite& fill = at(values, i).v.writes.front();
        return dominates(ValueRead{fill.pos, fill.slot}, rd);
      });
      if (f != fs.end()) {
        at(values, *f).v.reads.push_back(rd);
        continue;
      }
      Keyed k{{t, 0, sl}, {}};
      k.v.read_operand = true;
      ValueWrite fill;
      fill.pos = t;
      fill.slot = sl;
      fill.writer = datapath_of(*at(s.in, t));
      k.v.writes.push_back(fill);
      fs.push_back(static_cast<int>(values.size()));
      values.push_back(std::move(k));
    }
  std::stable_sort(values.begin(), values.end(), [](const Keyed& a, const Keyed& b) { return a.key < b.key; });
  std::vector<CandidateValue> res;
  for (auto& k : values)
    if (!k.v.read_operand || !k.v.reads.empty()) res.push_back(std::move(k.v));
  return res;
}

}  // namespace rfvar::arch::energy
