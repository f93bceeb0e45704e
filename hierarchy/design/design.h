// The register-file hierarchy designs of LTRF §5 / issue 6, run on one SM: BL, RFC, LTRF, LTRF+,
// SHRF-like (LTRF on strands) and Ideal.
//
// Contract: run_design() runs a workload of any front end (i_workload.h; arch/run.h semantics:
// deterministic for its inputs, `key` = workload_key() of the stream it was made with)
// with the main RF of `point` (capacity -> occupancy with the larger RF, rf_capacity.h; banks;
// relative latency -> main_rf_setup.h) under the design's upper level:
//  * bl    - no upper level: every access goes to the main RF;
//  * rfc   - Gebhart ISCA 2011 register-file cache (rfc_path.h);
//  * ltrf  - register-interval prefetching (ltrf_path.h), whole working set written back; the SM's
//            banks are the register-file cache's (16 banks at 1x), the main RF `point` is reached
//            only by the path's prefetches and write-backs;
//  * ltrf+ - the same with liveness (LTRF+: dead registers neither fetched nor written back);
//  * shrf  - LTRF hardware with strands as prefetch regions (LTRF §6.6 "LTRF (strand)");
//  * ideal - like bl; the study gives it ideal_capacity at 1x latency (LTRF §5).
// Every design uses the two-level scheduler with `active_warps` per scheduler unit (Gebhart ISCA
// 2011: 8 of the 32 warps an issue port serves; [arch] two_level_active_warps has the same meaning)
// and the Eq. 3 register mapping; the RFC / LTRF partitions are active_warps x scheduler units.
// find_design() throws InputError naming the accepted designs; check_active_warps() throws
// InputError unless 1 <= active_warps <= 64.
#pragma once

#include <string>
#include <vector>

#include "arch/core/params.h"
#include "arch/core/sm_stats.h"
#include "hierarchy/design/ltrf_path.h"
#include "hierarchy/design/main_rf_setup.h"
#include "hierarchy/ltrf/params.h"
#include "hierarchy/rfc/params.h"
#include "hierarchy/rfc/rfc_stats.h"
#include "workload/i_workload.h"
#include "workload/kernel.h"
#include "common/rng.h"

namespace rfvar::arch::hierarchy {

enum class Design { Bl, Rfc, Ltrf, LtrfPlus, Shrf, Ideal };

const std::vector<std::string>& design_names();  // "bl", "rfc", "ltrf", "ltrf+", "shrf", "ideal"
Design find_design(const std::string& name);
const char* design_name(Design d);

struct HierarchyParams {
  ltrf::LtrfParams ltrf;
  rfc::RfcParams rfc;
  int active_warps = 8;  // per scheduler unit
  int subbanks = 2;      // floorplan.subbanks (sub-bank accounting of the main RF)

  static HierarchyParams from_config(const Config& c);
};

void check_active_warps(int active_warps);
// RFC / LTRF partitions per SM: active warps per scheduler unit x scheduler units.
int partitions_per_sm(int active_warps, const ArchParams& p);

struct DesignRun {
  SmStats stats;
  rfc::RfcStats rfc;     // rfc only
  std::uint64_t rfc_inactive_writes = 0;  // rfc only: results for deactivated warps (main-RF writes)
  LtrfPathStats ltrf;    // ltrf, ltrf+, shrf only
};

DesignRun run_design(const IWorkload& wl, const ArchParams& p, const HierarchyParams& h, Design d, const MainRfShape& point,
                     std::uint64_t key);
// A `.kernel` benchmark: run_design() on its KernelWorkload with the key of `workload`.
DesignRun run_design(const Benchmark& b, const ArchParams& p, const HierarchyParams& h, Design d, const MainRfShape& point,
                     const RngStream& workload);

}  // namespace rfvar::arch::hierarchy
