// Liveness register allocation of a PTX entry (see reg_alloc.h for the contract).
#include "ptx/reg_alloc.h"

#include <algorithm>
#include <bit>
#include <climits>
#include <cstdint>
#include <map>
#include <numeric>
#include <utility>

namespace rfvar::arch::ptx {

namespace {

using Bits = std::vector<std::uint64_t>;

struct Value {
  bool wide = false;  // 64-bit: an aligned pair
  int first_def = INT_MAX;
  int accesses = 0;  // static: instruction operands naming it
};

// The entry's non-predicate registers as values, and per pc the values written and read.
struct Uses {
  std::vector<Value> values;
  std::vector<std::vector<int>> defs, uses;  // [pc] value indices, operand order, no repeats

  explicit Uses(const Entry& e) : defs(e.info.size()), uses(e.info.size()) {
    std::map<std::pair<std::string, int>, int> index;
    auto value_of = [&](const RegName& r) {
      const auto [it, fresh] = index.try_emplace({r.cls, r.num}, static_cast<int>(values.size()));
      if (fresh) values.push_back({reg_kind(r) == RegKind::B64, INT_MAX, 0});
      return it->second;
    };
    auto add = [&](std::vector<int>& list, const RegName& r, int pc, bool def) {
      if (reg_kind(r) == RegKind::Pred) return;
      const int v = value_of(r);
      Value& val = values[static_cast<std::size_t>(v)];
      ++val.accesses;
      if (def) val.first_def = std::min(val.first_def, pc);
      if (std::find(list.begin(), list.end(), v) == list.end()) list.push_back(v);
    };
    for (std::size_t pc = 0; pc < e.info.size(); ++pc) {
      for (const RegName& r : e.info[pc].dsts) add(defs[pc], r, static_cast<int>(pc), true);
      for (const RegName& r : e.info[pc].srcs) add(uses[pc], r, static_cast<int>(pc), false);
    }
  }
};

void set_bit(Bits& b, int i) { b[static_cast<std::size_t>(i) / 64] |= 1ull << (i % 64); }
template <class F>
void for_bits(const Bits& b, F&& f) {
  for (std::size_t w = 0; w < b.size(); ++w)
    for (std::uint64_t x = b[w]; x; x &= x - 1) f(static_cast<int>(w * 64) + std::countr_zero(x));
}

std::vector<int> successors(const Entry& e, int pc) {
  const Instr& in = e.code[static_cast<std::size_t>(pc)];
  const int n = static_cast<int>(e.code.size());
  const bool guarded = in.guard >= 0;
  std::vector<int> s;
  if (in.op == Op::Bra) s.push_back(in.target);
  if ((in.op != Op::Bra && in.op != Op::Ret && in.op != Op::Exit) || guarded)
    if (pc + 1 < n) s.push_back(pc + 1);
  return s;
}

// Backward dataflow to a fixpoint: the values live after each pc.
std::vector<Bits> live_out(const Entry& e, const Uses& u) {
  const std::size_t n = e.code.size(), words = (u.values.size() + 63) / 64;
  std::vector<Bits> in(n, Bits(words, 0)), out(n, Bits(words, 0));
  std::vector<std::vector<int>> succ(n);
  for (std::size_t pc = 0; pc < n; ++pc) succ[pc] = successors(e, static_cast<int>(pc));
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t k = n; k-- > 0;) {
      Bits o(words, 0);
      for (int s : succ[k])
        for (std::size_t w = 0; w < words; ++w) o[w] |= in[static_cast<std::size_t>(s)][w];
      Bits i = o;
      if (e.code[k].guard < 0)  // a guarded definition may not happen: the old value stays live
        for (int d : u.defs[k]) i[static_cast<std::size_t>(d) / 64] &= ~(1ull << (d % 64));
      for (int v : u.uses[k]) set_bit(i, v);
      if (i != in[k]) in[k] = std::move(i), changed = true;
      out[k] = std::move(o);
    }
  }
  return out;
}

// Interference: a definition against everything live after it, and the definitions of one
// instruction against each other.
std::vector<Bits> interference(const Uses& u, const std::vector<Bits>& out) {
  const std::size_t nv = u.values.size(), words = (nv + 63) / 64;
  std::vector<Bits> adj(nv, Bits(words, 0));
  for (std::size_t pc = 0; pc < out.size(); ++pc)
    for (int d : u.defs[pc]) {
      Bits& a = adj[static_cast<std::size_t>(d)];
      for (std::size_t w = 0; w < words; ++w) a[w] |= out[pc][w];
      for_bits(out[pc], [&](int v) { set_bit(adj[static_cast<std::size_t>(v)], d); });
      for (int d2 : u.defs[pc]) set_bit(a, d2), set_bit(adj[static_cast<std::size_t>(d2)], d);
    }
  for (std::size_t v = 0; v < nv; ++v) adj[v][v / 64] &= ~(1ull << (v % 64));
  return adj;
}

// Greedy colouring in `order`; within `limit` ids, else (overflow) the cheapest shared id.
struct Colouring {
  std::vector<int> reg;
  int ids = 0;
  int overflow = 0;
};

Colouring colour(const Uses& u, const std::vector<Bits>& adj, const std::vector<int>& order, int limit) {
  const int nv = static_cast<int>(u.values.size());
  Colouring c;
  c.reg.assign(static_cast<std::size_t>(nv), -1);
  const int cap = limit > 0 ? limit : 2 * nv + 2;
  std::vector<int> cost(static_cast<std::size_t>(cap));
  for (int v : order) {
    const Value& val = u.values[static_cast<std::size_t>(v)];
    const int width = val.wide ? 2 : 1;
    std::fill(cost.begin(), cost.end(), 0);
    std::vector<char> busy(static_cast<std::size_t>(cap), 0);
    for_bits(adj[static_cast<std::size_t>(v)], [&](int n) {
      const int r = c.reg[static_cast<std::size_t>(n)];
      if (r < 0) return;
      const Value& nb = u.values[static_cast<std::size_t>(n)];
      for (int k = r; k < r + (nb.wide ? 2 : 1) && k < cap; ++k) {
        busy[static_cast<std::size_t>(k)] = 1;
        cost[static_cast<std::size_t>(k)] += nb.accesses;
      }
    });
    int best = -1, best_cost = INT_MAX;
    for (int r = 0; r + width <= cap; r += width) {  // 64-bit values on even ids
      int k = 0, sum = 0;
      for (; k < width && !busy[static_cast<std::size_t>(r + k)]; ++k) {
      }
      if (k == width) {
        best = r, best_cost = 0;
        break;
      }
      for (k = 0; k < width; ++k) sum += cost[static_cast<std::size_t>(r + k)];
      if (sum < best_cost) best = r, best_cost = sum;
    }
    if (best_cost > 0) ++c.overflow;
    c.reg[static_cast<std::size_t>(v)] = best;
    c.ids = std::max(c.ids, best + width);
  }
  return c;
}

// Smallest-last order (Matula & Beck 1983): repeatedly remove the value with the fewest remaining
// interfering ids (64-bit neighbours count two); colour in the reverse order of removal.
std::vector<int> smallest_last(const Uses& u, const std::vector<Bits>& adj) {
  const int nv = static_cast<int>(u.values.size());
  auto width = [&](int v) { return u.values[static_cast<std::size_t>(v)].wide ? 2 : 1; };
  std::vector<int> degree(static_cast<std::size_t>(nv), 0), order;
  std::vector<char> removed(static_cast<std::size_t>(nv), 0);
  for (int v = 0; v < nv; ++v)
    for_bits(adj[static_cast<std::size_t>(v)],
             [&](int n) { degree[static_cast<std::size_t>(v)] += width(n); });
  for (int k = 0; k < nv; ++k) {
    int best = -1;
    for (int v = 0; v < nv; ++v)
      if (!removed[static_cast<std::size_t>(v)] &&
          (best < 0 || degree[static_cast<std::size_t>(v)] < degree[static_cast<std::size_t>(best)]))
        best = v;
    removed[static_cast<std::size_t>(best)] = 1;
    order.push_back(best);
    for_bits(adj[static_cast<std::size_t>(best)],
             [&](int n) { degree[static_cast<std::size_t>(n)] -= width(best); });
  }
  return {order.rbegin(), order.rend()};
}

}  // namespace

EntryRegs allocate_register_ids(const Entry& e, int budget) {
  const Uses u(e);
  const std::vector<Bits> adj = interference(u, live_out(e, u));
  const int nv = static_cast<int>(u.values.size());
  std::vector<int> order(static_cast<std::size_t>(nv));
  std::iota(order.begin(), order.end(), 0);
  auto by = [&](auto key) {
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return key(a) < key(b); });
  };
  by([&](int v) { return u.values[static_cast<std::size_t>(v)].first_def; });
  Colouring c = colour(u, adj, order, 0);
  if (Colouring sl = colour(u, adj, smallest_last(u, adj), 0); sl.ids < c.ids) c = std::move(sl);
  if (c.ids > budget) {  // too many: the most accessed values first, the least accessed share
    by([&](int v) { return -u.values[static_cast<std::size_t>(v)].accesses; });
    c = colour(u, adj, order, budget);
  }
  EntryRegs out;
  out.code.resize(e.info.size());
  out.ids = c.ids;
  out.values = nv;
  out.overflow_values = c.overflow;
  auto add = [&](std::vector<RegId>& list, int v) {
    const int r = c.reg[static_cast<std::size_t>(v)];
    for (int k = 0; k < (u.values[static_cast<std::size_t>(v)].wide ? 2 : 1); ++k)
      if (std::find(list.begin(), list.end(), static_cast<RegId>(r + k)) == list.end())
        list.push_back(static_cast<RegId>(r + k));
  };
  for (std::size_t pc = 0; pc < e.info.size(); ++pc) {
    for (int v : u.defs[pc]) add(out.code[pc].dst, v);
    for (int v : u.uses[pc]) add(out.code[pc].src, v);
  }
  return out;
}

}  // namespace rfvar::arch::ptx
