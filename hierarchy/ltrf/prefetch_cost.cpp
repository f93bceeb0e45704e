#include "hierarchy/ltrf/prefetch_cost.h"

#include <algorithm>
#include <cmath>

#include "rfmodel/register_mapping.h"

namespace rfvar::arch::ltrf {

TransferParams TransferParams::from(const LtrfParams& p, const MainRfConfig& rf) {
  TransferParams t;
  t.banks_per_group = 16;
  t.groups = std::max(1, static_cast<int>(std::lround(rf.bank_multiple)));
  t.bank_cycles_1x = p.bank_cycles_1x;
  t.xbar_narrowing = p.xbar_narrowing;
  t.xbar_cycles_1x = p.xbar_cycles_1x;
  return t;
}

namespace {

int bank_index(const TransferParams& p, int warp_id, int reg) {
  const int group = warp_id % p.groups;
  return group * p.banks_per_group + rfmodel::eq3_bank(warp_id, reg, p.banks_per_group);  // Tan 2016 Eq. 3
}

}  // namespace

MainRfPorts::MainRfPorts(const TransferParams& p)
    : p_(p),
      bank_free_(static_cast<std::size_t>(p.groups * p.banks_per_group), 0.0),
      link_free_(static_cast<std::size_t>(p.groups * p.banks_per_group), 0.0) {}

std::uint64_t MainRfPorts::schedule(std::uint64_t now, int warp_id, const RegSet& regs, double latency_rel) {
  const double bank_c = p_.bank_cycles_1x * latency_rel;  // LTRF Table 2 latency multiple
  const double xbar_c = p_.xbar_cycles_1x * p_.xbar_narrowing;  // LTRF §4.2: 4x narrower, 4x longer
  const double t0 = static_cast<double>(now);
  double done = t0;
  for (int r = 0; r < kMaxCfgRegs; ++r) {
    if (!regs.test(static_cast<std::size_t>(r))) continue;
    const auto b = static_cast<std::size_t>(bank_index(p_, warp_id, r));
    const double start = std::max(t0, bank_free_[b]);
    bank_free_[b] = start + bank_c;
    const double cross = std::max(bank_free_[b], link_free_[b]);
    link_free_[b] = cross + xbar_c;
    done = std::max(done, link_free_[b]);
  }
  return static_cast<std::uint64_t>(std::ceil(done - 1e-9));
}

int transfer_cycles(const TransferParams& p, int warp_id, const RegSet& regs, double latency_rel) {
  MainRfPorts ports(p);
  return static_cast<int>(ports.schedule(0, warp_id, regs, latency_rel));
}

int max_bank_load(const TransferParams& p, int warp_id, const RegSet& regs) {
  std::vector<int> load(static_cast<std::size_t>(p.groups * p.banks_per_group), 0);
  int m = 0;
  for (int r = 0; r < kMaxCfgRegs; ++r)
    if (regs.test(static_cast<std::size_t>(r))) m = std::max(m, ++load[static_cast<std::size_t>(bank_index(p, warp_id, r))]);
  return m;
}

}  // namespace rfvar::arch::ltrf
