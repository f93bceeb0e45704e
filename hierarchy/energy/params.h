// Access and wire energy of the register-file levels (Gebhart et al. ISCA 2011 Table 2-3, MICRO 2011
// Table 3-4) and the main-RF designs of LTRF Table 2, read from the [energy] section.
//
// Contract: from_config() reads and validates every [energy] key (ConfigError naming key, value and
// the accepted range; the per-entry tables must list 8 values, the config power list 7). All
// energies are per 128-bit access (one register of 4 threads, a 4-lane cluster's bank entry), wire
// energy per 32-bit word and mm. Plain value; no model logic beyond the table lookups.
#pragma once

#include <vector>

#include "common/config.h"

namespace rfvar::arch::energy {

inline constexpr int kUpperTableEntries = 8;  // MICRO 2011 Table 3: 1..8 entries per thread

// MICRO 2011 §3.2, §6.3: one LRF bank per lane (unified) or one per operand slot A, B, C (split).
enum class LrfOrganization { Unified, Split };
inline constexpr int kSplitLrfBanks = 3;  // operand slots A, B, C (D = A * B + C)
const char* lrf_organization_name(LrfOrganization o);  // "unified", "split"

struct EnergyParams {
  double mrf_read_pj = 8.0, mrf_write_pj = 11.0;  // ISCA Table 3, MICRO Table 4
  std::vector<double> upper_read_pj = {0.7, 1.2, 1.2, 1.9, 2.0, 2.0, 2.4, 3.4};  // MICRO Table 3 [entries-1]
  std::vector<double> upper_write_pj = {2.0, 3.8, 4.4, 6.1,
                                        6.0, 6.7, 7.7, 10.9};  // MICRO Table 3 [entries-1]
  double lrf_read_pj = 0.7, lrf_write_pj = 2.0;                // MICRO Table 4
  double wire_pj_per_mm = 1.9;                                 // per 32-bit word (300 fF/mm at 0.9 V)
  double mrf_private_mm = 1.0, mrf_shared_mm = 1.0;
  double orf_private_mm = 0.2, orf_shared_mm = 0.4;
  double lrf_private_mm = 0.05;
  double lrf_split_private_mm = 0.05;  // split LRF's banks -> ALUs (MICRO Table 4 gives one LRF distance)
  double rfc_private_mm = 0.2, rfc_shared_mm = 0.4;  // ISCA Table 5 (RFC 0.2 mm from the ALUs)
  int orf_entries = 3;                               // MICRO §6.4: the most efficient 3-level design
  int lrf_entries = 1;                               // MICRO §3.2: one entry per thread (per bank if split)
  LrfOrganization lrf = LrfOrganization::Split;      // MICRO §6.4: the most efficient design splits it
  double ltrf_cache_read_pj = 3.4,
         ltrf_cache_write_pj = 10.9;  // no source gives them: MICRO Table 3's 8 entries
  double ltrf_cache_mm = 0.2;
  std::vector<double> config_power = {1.0, 8.0, 8.0, 3.2, 3.2, 1.05, 0.65};  // LTRF Table 2 "Power", #1-#7

  static EnergyParams from_config(const Config& c);
  // Upper-level (ORF / RFC) read or write energy of an array with `entries` per thread (1..8).
  double upper_read(int entries) const;
  double upper_write(int entries) const;
};

}  // namespace rfvar::arch::energy
