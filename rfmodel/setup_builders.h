// RfSetups from classified register-file elements: the mechanisms techniques compose (Tan 2016
// §3.2, §3.3.4).
//
// Contract: pure functions. setup_from_vectors() gives latency slow_access_cycles to the (bank,
// row) entries of slow register vectors (flat vector index = bank * rows_per_bank + row) and 1
// elsewhere, identity bank organization. setup_from_table() gives latency 1 to the rows of Fast
// virtual banks and slow_access_cycles otherwise, hybrid_fast_lanes and subbank_of from the table.
// slow_fraction() is the fraction of (virtual bank, row) entries whose full-width access is slow:
// for bank-level techniques the slow bank fraction, for vl-rf / vl-rv the slow vector fraction.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "rfmodel/bank_table.h"
#include "rfmodel/params.h"
#include "rfmodel/rf_setup.h"
#include "varius/chip_sample.h"

namespace rfvar::rfmodel {

RfSetup setup_from_vectors(const std::string& technique, const varius::RfGeometry& g, const RfParams& p,
                           double clock_norm, const std::vector<std::uint8_t>& slow_vector);

RfSetup setup_from_table(const std::string& technique, double clock_norm, const BankTable& table,
                         int rows_per_bank, int slow_access_cycles);

double slow_fraction(const RfSetup& s);

}  // namespace rfvar::rfmodel
