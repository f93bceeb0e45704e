// Jeon et al., CAL 2019 §4's evaluation of register sharing: every kernel launch of each workload on
// the SM with the static register file, the virtualized register file (the baseline of the speedups),
// perfect sharing with an unlimited and a finite address mapping table, and partial sharing (perfect
// plus w-merges, Jeon §2.2) with the finite table (docs/models.md "Register sharing").
//
// Contract: run_sharing_study() loads each workload once (the PTX interpreter with TraceKeys,
// frontend/load_workload.h; no trace cache) and runs it under the baseline technique on the SM
// without PV (`rp`, `g`) with `scheduler` (Jeon §4: two-level) in the five configurations of kConfigs: the given
// ArchParams with [sharing] replaced (virtual_rf, mode, table_entries), everything else as given.
// Results are per launch and summed per workload. Deterministic for given inputs. Throws InputError
// for an unknown workload and for table_entries < 1.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "arch/core/params.h"
#include "rfmodel/params.h"
#include "varius/chip_sample.h"
#include "common/progress.h"

namespace rfvar::study {

inline constexpr int kSharingConfigs = 5;
// static: the plain register file (per-thread allocation); vrf: the virtualized one, the baseline;
// unlimited / table: perfect sharing with an unlimited / a table_entries-entry table; partial: partial
// sharing (sharing.mode = "partial") with the table_entries-entry table.
inline constexpr std::array<const char*, kSharingConfigs> kSharingConfigNames = {"static", "vrf", "unlimited",
                                                                                 "table", "partial"};

struct SharingStudyOptions {
  std::vector<std::string> workloads;     // workload specs (ptx:NAME ...)
  int table_entries = 200;                // the finite table (Jeon §4.1: 200 = 1 KB), >= 1
  std::string scheduler = "two-level";    // Jeon §4
};

struct SharingRun {
  std::uint64_t cycles = 0, warp_instructions = 0;
  std::uint64_t peak_registers = 0;  // physical warp registers (vrf and sharing; 0 for static)
  double mean_registers = 0.0;       // in use, averaged over the launch's cycles
  std::uint64_t peak_blocks = 0;     // most blocks resident at once (vrf and sharing)
  std::uint64_t global_loads = 0, hits = 0;  // sharing: global loads looked up, of them hits (loads removed)
  std::uint64_t partial_hits = 0;            // partial: loads built from registers by a w-merge (also removed)
};

struct SharingLaunch {
  std::string workload, kernel;
  int launch = 0;
  int static_blocks = 0;  // blocks per SM under the per-thread allocation (arch/core/occupancy.h)
  int regs_per_thread = 0;
  std::array<SharingRun, kSharingConfigs> run;
};

struct SharingStudyResult {
  SharingStudyOptions options;
  std::vector<SharingLaunch> launches;
  std::vector<std::string> workloads;                          // in order
  std::vector<std::array<SharingRun, kSharingConfigs>> totals;  // [workload]: summed (peaks: max)
};

// The default workloads: Jeon §4's matrixMul (unoptimized and tiled) and CNNs.
std::vector<std::string> default_sharing_workloads();

void check_sharing_study_options(const SharingStudyOptions& o);
// `rp` and `g`: the register file's parameters and geometry without a chip (as `rfvar sim` without --chip).
SharingStudyResult run_sharing_study(const SharingStudyOptions& o, const arch::ArchParams& p,
                                     const rfmodel::RfParams& rp, const varius::RfGeometry& g, std::uint64_t seed,
                                     Progress* progress = nullptr);

}  // namespace rfvar::study
