// Register-file access energy from access counts (Gebhart et al. ISCA 2011 §4.3, §5.4; MICRO 2011
// §5.2, §6.4): bank access energy plus the wire energy of moving the operand between the bank and
// the function unit.
//
// Contract: pure. Counts are per warp-wide register operand (one 32-lane register read or written by
// one warp instruction: the SM's bank counters, arch/core/sm_stats.h, and the allocation replay,
// allocation_replay.h). A warp operand is 8 accesses of 128 bits (8 clusters of 4 lanes; every lane
// counted, active or not, as the banks are read whole), each costing
//   access energy of the level + 4 words x wire_pj_per_mm x distance(level, datapath)
// (Gebhart ISCA 2011 §4.3: 1.9 pJ per 32-bit word and mm). The private datapath is the ALUs, the
// shared one SFU and MEM (loads, stores; MICRO 2011 §3). The upper-level array energies are those
// of `entries` per thread (orf_entries for the ORF, the RFC's entries for the RFC).
#pragma once

#include <array>
#include <cstdint>

#include "hierarchy/energy/params.h"

namespace rfvar::arch::energy {

enum class Level : std::uint8_t { Mrf, Orf, Lrf, Rfc, LtrfCache, Count };
enum class Datapath : std::uint8_t { Private, Shared, Count };
inline constexpr int kLevels = static_cast<int>(Level::Count);
inline constexpr int kDatapaths = static_cast<int>(Datapath::Count);
inline constexpr double kAccessesPerWarpOperand = 8.0;  // 32 lanes / 4 lanes per 128-bit entry
inline constexpr double kWordsPerAccess = 4.0;          // 128 bits / 32

const char* level_name(Level l);  // "mrf", "orf", "lrf", "rfc", "ltrf_cache"

// Warp-operand reads and writes per level and datapath.
struct AccessCounts {
  std::array<std::array<std::uint64_t, kDatapaths>, kLevels> reads{}, writes{};

  void read(Level l, Datapath d, std::uint64_t n = 1) {
    reads[static_cast<int>(l)][static_cast<int>(d)] += n;
  }
  void write(Level l, Datapath d, std::uint64_t n = 1) {
    writes[static_cast<int>(l)][static_cast<int>(d)] += n;
  }
  std::uint64_t reads_of(Level l) const;
  std::uint64_t writes_of(Level l) const;
  std::uint64_t total_reads() const;
  std::uint64_t total_writes() const;
  AccessCounts& operator+=(const AccessCounts& o);
};

struct EnergyPj {
  double access = 0.0, wire = 0.0;
  double total() const { return access + wire; }
  EnergyPj& operator+=(const EnergyPj& o) {
    access += o.access, wire += o.wire;
    return *this;
  }
};

// Per-level energy of a set of counts; `mrf_scale` multiplies the MRF's access (not wire) energy
// (a main-RF design of LTRF Table 2 relative to #1); `rfc_entries` selects the RFC row.
struct EnergyBreakdown {
  std::array<EnergyPj, kLevels> level{};
  EnergyPj total() const;
};

class AccessEnergy {
 public:
  AccessEnergy(const EnergyParams& p, int rfc_entries = 6, double mrf_scale = 1.0);

  // One 128-bit access, access and wire parts.
  EnergyPj read_128(Level l, Datapath d) const;
  EnergyPj write_128(Level l, Datapath d) const;
  // One warp operand (kAccessesPerWarpOperand accesses), total pJ.
  double read_warp(Level l, Datapath d) const { return kAccessesPerWarpOperand * read_128(l, d).total(); }
  double write_warp(Level l, Datapath d) const { return kAccessesPerWarpOperand * write_128(l, d).total(); }
  EnergyBreakdown energy(const AccessCounts& c) const;

 private:
  double distance_mm(Level l, Datapath d) const;
  double read_access(Level l) const;
  double write_access(Level l) const;

  EnergyParams p_;
  int rfc_entries_;
  double mrf_scale_;
};

}  // namespace rfvar::arch::energy
