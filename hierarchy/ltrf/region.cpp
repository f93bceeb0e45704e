#include "hierarchy/ltrf/region.h"

#include <algorithm>
#include <stdexcept>

namespace rfvar::arch::ltrf {

RegionPartition::RegionPartition(const Cfg& cfg, std::vector<Region> regions) : regions_(std::move(regions)) {
  of_.resize(cfg.blocks.size());
  for (std::size_t b = 0; b < cfg.blocks.size(); ++b) of_[b].assign(cfg.blocks[b].instrs.size(), -1);
  for (std::size_t r = 0; r < regions_.size(); ++r) {
    Region& reg = regions_[r];
    reg.static_length = 0;
    reg.working_set.reset();
    for (const BlockPiece& p : reg.pieces) {
      const auto& instrs = cfg.blocks[static_cast<std::size_t>(p.block)].instrs;
      for (int i = p.begin; i < p.end; ++i) {
        int& slot = of_[static_cast<std::size_t>(p.block)][static_cast<std::size_t>(i)];
        if (slot != -1) throw std::logic_error("region formation covered an instruction twice");
        slot = static_cast<int>(r);
        reg.working_set |= instrs[static_cast<std::size_t>(i)].regs();
      }
      reg.static_length += p.size();
    }
  }
  for (const auto& row : of_)
    if (std::find(row.begin(), row.end(), -1) != row.end())
      throw std::logic_error("region formation left an instruction uncovered");
  // Region successors: the region of the next instruction after each piece's last one.
  for (std::size_t r = 0; r < regions_.size(); ++r) {
    Region& reg = regions_[r];
    reg.succs.clear();
    auto add = [&](int s) {
      if (s != static_cast<int>(r) && std::find(reg.succs.begin(), reg.succs.end(), s) == reg.succs.end())
        reg.succs.push_back(s);
    };
    for (const BlockPiece& p : reg.pieces) {
      const auto& bb = cfg.blocks[static_cast<std::size_t>(p.block)];
      if (p.end < static_cast<int>(bb.instrs.size())) {
        add(region_of({p.block, p.end}));
      } else {
        for (int s : bb.succs) add(region_of({s, 0}));
      }
    }
  }
  entry_ = region_of({cfg.entry, 0});
}

int RegionPartition::max_working_set() const {
  int m = 0;
  for (const Region& r : regions_) m = std::max(m, count(r.working_set));
  return m;
}

double RegionPartition::mean_static_length() const {
  if (regions_.empty()) return 0.0;
  double sum = 0.0;
  for (const Region& r : regions_) sum += r.static_length;
  return sum / static_cast<double>(regions_.size());
}

bool RegionPartition::single_entry(const Cfg& cfg) const {
  auto check = [&](InstrRef from, InstrRef to) {
    const int rt = region_of(to);
    const InstrRef e = regions_[static_cast<std::size_t>(rt)].entry();
    if (region_of(from) != rt) return to == e;
    return true;  // inside the region (a back edge to its header or any internal edge)
  };
  if (!(regions_[static_cast<std::size_t>(entry_)].entry() == InstrRef{cfg.entry, 0})) return false;
  for (int b = 0; b < cfg.size(); ++b) {
    const auto& bb = cfg.blocks[static_cast<std::size_t>(b)];
    const int n = static_cast<int>(bb.instrs.size());
    for (int i = 0; i + 1 < n; ++i)
      if (!check({b, i}, {b, i + 1})) return false;
    for (int s : bb.succs)
      if (!check({b, n - 1}, {s, 0})) return false;
  }
  return true;
}

}  // namespace rfvar::arch::ltrf
