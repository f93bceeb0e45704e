#include "hierarchy/design/design.h"

#include <cmath>

#include "hierarchy/design/rfc_path.h"
#include "arch/mapping/i_register_mapping.h"
#include "arch/run.h"
#include "arch/sm/rf_provider.h"
#include "workload/kernel_workload.h"
#include "common/config.h"

namespace rfvar::arch::hierarchy {

const std::vector<std::string>& design_names() {
  static const std::vector<std::string> n = {"bl", "rfc", "ltrf", "ltrf+", "shrf", "ideal"};
  return n;
}

const char* design_name(Design d) { return design_names()[static_cast<std::size_t>(d)].c_str(); }

Design find_design(const std::string& name) {
  const auto& n = design_names();
  for (std::size_t i = 0; i < n.size(); ++i)
    if (n[i] == name) return static_cast<Design>(i);
  std::string a;
  for (const auto& s : n) a += (a.empty() ? "" : ", ") + s;
  throw InputError("unknown design '" + name + "'; accepted: " + a);
}

HierarchyParams HierarchyParams::from_config(const Config& c) {
  HierarchyParams h;
  h.ltrf = ltrf::LtrfParams::from_config(c);
  h.rfc = rfc::RfcParams::from_config(c);
  h.active_warps = static_cast<int>(c.get_int("ltrf.active_warps", Range::closed(1, 64)));
  h.subbanks = static_cast<int>(c.get_int("floorplan.subbanks", Range::closed(1, 32)));
  return h;
}

void check_active_warps(int active_warps) {
  if (active_warps < 1 || active_warps > 64)
    throw InputError("--active-warps " + std::to_string(active_warps) +
                     " outside the accepted range 1-64 (active warps per scheduler unit)");
}

int partitions_per_sm(int active_warps, const ArchParams& p) { return active_warps * p.schedulers; }

DesignRun run_design(const Benchmark& b, const ArchParams& p, const HierarchyParams& h, Design d, const MainRfShape& point,
                     const RngStream& workload) {
  const std::uint64_t key = workload_key(workload);
  const KernelWorkload wl(b, key, p.l1_line_bytes);
  return run_design(wl, p, h, d, point, key);
}

DesignRun run_design(const IWorkload& wl, const ArchParams& p, const HierarchyParams& h, Design d, const MainRfShape& point,
                     std::uint64_t key) {
  check_active_warps(h.active_warps);
  ArchParams ap = p;
  ap.registers_per_sm = static_cast<int>(std::floor(p.registers_per_sm * point.capacity_multiple));  // LTRF §6.1
  ap.two_level_active_warps = h.active_warps;
  const int active = partitions_per_sm(h.active_warps, p);
  StaticRfProvider provider(main_rf_setup(point, h.subbanks, p.registers_per_sm));
  ltrf::MainRfConfig rf;
  rf.capacity_multiple = point.capacity_multiple;
  rf.bank_multiple = point.bank_multiple;
  rf.latency_rel = point.latency_rel;
  const ltrf::TransferParams tp = ltrf::TransferParams::from(h.ltrf, rf);
  DesignRun out;
  auto run = [&](IOperandPath* path, IRfProvider& rf) {
    return run_workload(wl, ap, "two-level", make_mapping("eq3"), rf, key, path, nullptr).stats;
  };
  switch (d) {
    case Design::Bl:
    case Design::Ideal: out.stats = run(nullptr, provider); break;
    case Design::Rfc: {
      RfcPath path(h.rfc, h.ltrf.long_latency_sfu, true);
      out.stats = run(&path, provider);
      out.rfc = path.stats();
      out.rfc_inactive_writes = path.inactive_writes();
      break;
    }
    case Design::Ltrf:
    case Design::LtrfPlus:
    case Design::Shrf: {
      const auto variant = d == Design::LtrfPlus ? ltrf::LtrfVariant::LtrfPlus : ltrf::LtrfVariant::Ltrf;
      LtrfPath path(variant, d == Design::Shrf ? RegionKind::Strands : RegionKind::Intervals, h.ltrf, tp, point.latency_rel,
                    active);
      // Operands come from the register-file cache: 16 banks at 1x with Eq. 3 interleaving and an
      // arbiter (LTRF §4.1); the main RF (point) is reached only over the path's ports.
      StaticRfProvider cache_banks(main_rf_setup(MainRfShape{point.capacity_multiple, 1.0, 1.0}, h.subbanks, p.registers_per_sm));
      out.stats = run(&path, cache_banks);
      out.ltrf = path.stats();
      break;
    }
  }
  return out;
}

}  // namespace rfvar::arch::hierarchy
