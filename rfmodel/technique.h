// Register-file techniques by name: turn one SM's delays into the RfSetup the SM model runs.
//
// Contract: make_setup() is a pure function of (technique name, SM delays, params, hybrid count).
// Accepted names (technique_names()):
//   baseline             clock = 1 / slowest register; every access 1 cycle
//   vl-rf                n % VL-RF: per-row latency 2 where the vector holds a slow register
//   vl-rv                n % VL-RV: per-row latency 2 for vectors of slow arrays
//   vl-sb                n % VL-SB, no re-organization: a bank is slow if any sub-bank is slow
//   vl-sb+rf-bro         VL-SB + RF-BRO bank organization table (h = 0)
//   vl-sb+rf-bro+hybrid  the same with `hybrid_banks` hybrid banks (clamped; see bank_table.h)
// Unknown names throw InputError listing the accepted ones. Sub-bank delays are derived from the
// per-register delays for params.subbanks (classify.h), so any S works with any chip file.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "rfmodel/bank_table.h"
#include "rfmodel/params.h"
#include "rfmodel/rf_setup.h"
#include "varius/chip_sample.h"

namespace rfvar::rfmodel {

// One technique: a small policy object built from the name -> factory table.
class ISetupBuilder {
 public:
  virtual ~ISetupBuilder() = default;
  virtual RfSetup build(const varius::SmDelays& sm, const varius::RfGeometry& g, const RfParams& p,
                        int hybrid_banks) const = 0;
};

std::vector<std::string> technique_names();
// Throws InputError for an unknown name (message lists the accepted names).
std::unique_ptr<ISetupBuilder> make_builder(const std::string& technique);
void check_technique(const std::string& technique);

RfSetup make_setup(const std::string& technique, const varius::SmDelays& sm, const varius::RfGeometry& g,
                   const RfParams& p, int hybrid_banks = 0);

// An RfSetup from a bank organization table (RF-BRO, hybrids, kernel-level re-organization):
// latency 1 for Fast virtual banks, slow_access_cycles otherwise; hybrid_fast_lanes from the table.
RfSetup setup_from_table(const std::string& technique, double clock_norm, const BankTable& table,
                         int rows_per_bank, int slow_access_cycles);

// Fraction of (virtual bank, row) entries whose full-width access is slow: for bank-level
// techniques the slow bank fraction, for vl-rf / vl-rv the slow vector fraction.
double slow_fraction(const RfSetup& s);

}  // namespace rfvar::rfmodel
