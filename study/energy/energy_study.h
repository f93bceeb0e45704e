// The energy study (issue 18): register-file energy of the Gebhart MICRO 2011 compile-time
// LRF / ORF / MRF hierarchy, the Gebhart ISCA 2011 register-file cache and LTRF / LTRF+ at the
// main-RF designs #1-#7 of LTRF Table 2, from access counts and the [energy] table.
//
// Contract: run_energy_study() is deterministic for its inputs (OpenMP over independent items,
// results gathered by index); with a JobDistributor (`jobs`, MPI) the design runs are spread over the
// ranks as phase "energy_runs" (common/job_distributor.h), with results identical for any rank count.
//  * Allocation (MICRO 2011 §6): for every workload spec (frontend/load_workload.h forms; a plain name
//    is a `.kernel` benchmark resolved by ltrf::load_ltrf_benchmark(), so LTRF's own kernels work),
//    the pcs' executions are counted by replaying the traces (allocation_replay.h), and the flat RF,
//    the two-level SW hierarchy (ORF + MRF, lrf_entries = 0), the three-level one (LRF + ORF + MRF)
//    with the LRF organization of energy.lrf and the three-level one with the other organization
//    (MICRO 2011 §6.3: unified vs split, each priced with its own LRF wire distance) are priced with
//    AccessEnergy (MRF at design #1). Normalized energies are per workload (hierarchy / flat), means
//    arithmetic over workloads.
//  * Designs (ISCA 2011 §5.4, LTRF §6.2): every `.kernel` workload, and with `compiled_designs`
//    every other one (ptx:NAME, a harness .toml, a trace: "compiled", loaded by
//    ltrf::load_ltrf_workload() with allocated register ids and `trace_cache`, as the ltrf study
//    does), runs on the SM (hierarchy::run_design, two-level scheduler) under each design of
//    `designs` (bl, rfc, ltrf, ltrf+) at each main-RF design of `configs` (BL at #1 always runs:
//    the normalizer). `.kernel` and compiled workloads are averaged apart (mean_*_rel over the
//    `.kernel` ones, as before compiled runs existed; mean_*_rel_compiled over the others). Counts:
//    BL, RFC: main-RF = the SM's bank reads / writes (RFC misses, inactive warps, write-backs);
//    RFC reads = hits + evicted and flushed live values read out, RFC writes = cached results;
//    LTRF: cache = the SM's bank accesses (its 16 banks stand for the cache's) + write-backs read
//    out + prefetched registers written in; main RF = registers prefetched (reads) and written back
//    + late results of inactive warps (writes). All on the private datapath. The main RF's bank
//    energy is scaled by energy.config_power of the design. energy_rel = energy / BL #1's energy;
//    power_rel = (energy / cycles) / (BL #1's energy / cycles) (LTRF Fig. 10's normalization).
//    The RFC's energy at #1 relative to BL at #1 is ISCA 2011's "register file energy" saving.
// Throws InputError for an empty kernel list, an unknown design, a config outside 1..7, or a
// workload the allocation cannot handle (allocation.h).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "arch/core/params.h"
#include "hierarchy/energy/access_energy.h"
#include "hierarchy/energy/allocation.h"
#include "hierarchy/design/design.h"
#include "common/job_distributor.h"
#include "common/progress.h"
#include "common/rng.h"

namespace rfvar::study {

struct EnergyStudyOptions {
  std::vector<std::string> kernels;
  std::vector<int> configs = {1, 2, 3, 4, 5, 6, 7};
  std::vector<std::string> designs = {"bl", "rfc", "ltrf", "ltrf+"};
  int block_stride = 1;  // allocation replay: every s-th block of each launch
  bool sfu_long_latency = false;
  bool compiled_designs = true;  // also run the designs on the non-.kernel workloads
  std::filesystem::path trace_cache;
};

struct LevelEnergies {
  arch::energy::AccessCounts counts;
  arch::energy::EnergyBreakdown energy;
};

struct AllocationResult {
  std::string kernel;         // the benchmark's name (.kernel) or the spec as given (ptx:NAME, ...)
  bool hand_written = false;  // a `.kernel` benchmark (has the design runs)
  std::uint64_t warp_instructions = 0;
  LevelEnergies flat, two_level, three_level;
  LevelEnergies three_level_other;  // three-level with the LRF organization energy.lrf does not name
  arch::energy::HierarchyAllocation three_level_alloc_stats;  // at_pc cleared; counter sums over kernels
  double two_level_rel = 0.0, three_level_rel = 0.0;          // energy / flat
  double three_level_other_rel = 0.0;
  double rfc_rel = 0.0;  // RFC energy / BL energy at design #1 (SM runs); NaN without them
};

struct DesignEnergy {
  LevelEnergies e;
  std::uint64_t cycles = 0, warp_instructions = 0;
  double energy_rel = 0.0, power_rel = 0.0;  // vs BL at #1
};

struct DesignKernelResult {
  std::string kernel;                         // as AllocationResult::kernel
  bool hand_written = true;                   // a `.kernel` benchmark; false: compiled (ptx:NAME, ...)
  DesignEnergy bl1;                           // BL at design #1 (the normalizer)
  std::vector<std::vector<DesignEnergy>> at;  // [config][design]
};

struct EnergyStudyResult {
  std::vector<AllocationResult> allocation;  // [kernels]
  double mean_two_level_rel = 0.0, mean_three_level_rel = 0.0;
  double mean_three_level_other_rel = 0.0;  // the other LRF organization (MICRO 2011 §6.3)
  arch::energy::LrfOrganization lrf = arch::energy::LrfOrganization::Split, other_lrf = arch::energy::LrfOrganization::Unified;
  // Three-level hierarchy: share of the flat RF's reads / writes served by each level (mean over workloads).
  std::array<double, arch::energy::kLevels> mean_read_share{}, mean_write_share{};
  // Over the hand-written workloads with an RFC run at design #1 (NaN if none): MICRO 2011 Fig. 13's
  // HW RFC bar and the SW bars on the same workloads.
  double mean_rfc_rel = 0.0, mean_two_level_rel_hand = 0.0, mean_three_level_rel_hand = 0.0;
  int rfc_workloads = 0;
  // The same over the compiled workloads with an RFC run at design #1 (NaN if none).
  double mean_rfc_rel_compiled = 0.0, mean_two_level_rel_compiled = 0.0, mean_three_level_rel_compiled = 0.0;
  int rfc_workloads_compiled = 0;
  std::vector<int> configs;
  std::vector<std::string> designs;
  std::vector<DesignKernelResult> design_runs;  // [workloads with design runs], in the order of `kernels`
  // [config][design]: means over the `.kernel` design runs / over the compiled ones (NaN if none).
  std::vector<std::vector<double>> mean_energy_rel, mean_power_rel;
  std::vector<std::vector<double>> mean_energy_rel_compiled, mean_power_rel_compiled;
  std::size_t runs = 0;
};

// The checks of run_energy_study() before any run: kernels named, designs, configs 1..7 (LTRF
// Table 2), block_stride >= 1; InputError naming the option and the accepted range.
void check_energy_study_options(const EnergyStudyOptions& o, const arch::hierarchy::HierarchyParams& h);

EnergyStudyResult run_energy_study(const EnergyStudyOptions& o, const arch::ArchParams& p,
                                   const arch::hierarchy::HierarchyParams& h,
                                   const arch::energy::EnergyParams& ep, std::uint64_t seed,
                                   Progress* progress = nullptr, JobDistributor* jobs = nullptr);

// The progress ticks run_energy_study() makes: one per workload (allocation), one per compiled
// workload loaded for the designs, and one per design run.
std::size_t energy_study_items(const EnergyStudyOptions& o);

// A design run's access counts as described above (exposed for tests).
arch::energy::AccessCounts design_counts(arch::hierarchy::Design d, const arch::hierarchy::DesignRun& r);

// True if `spec` names a `.kernel` benchmark (not ptx:, a .toml harness, a trace folder or file).
bool is_hand_written(const std::string& spec);

}  // namespace rfvar::study
