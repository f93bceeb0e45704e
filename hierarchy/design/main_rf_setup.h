// The main register file of a hierarchy design as the SM's RfSetup (LTRF Table 2 designs).
//
// Contract: pure. main_rf_setup() gives 16 x bank_multiple banks (at most 64, the SM's limit) with
// enough rows for `capacity_multiple` x `base_registers` (the SM's registers_per_sm at 1x: 32768 on
// Fermi = 64 rows of 16 banks; 65536 on LTRF's Maxwell SM) 32-lane entries (at most 256 rows, the
// SM's limit: 64 warps x 64 registers on 16 banks), every access taking latency_rel x 1 cycle
// on average. Integer bank cycles are spread over the (bank, row) cells so that cell i of the
// row-major order takes floor((i+1) L) - floor(i L) cycles (at least 1): any run of consecutive
// cells averages L, and L = 1 gives RfSetup::ideal exactly. A slow access keeps its bank busy
// (docs/models.md#arch), which models the non-pipelined banks of LTRF §2.2. Throws InputError unless
// latency_rel > 0, capacity_multiple > 0 and
// base_registers >= 32.
#pragma once

#include "rfmodel/rf_setup.h"

namespace rfvar::arch::hierarchy {

struct MainRfShape {
  double capacity_multiple = 1.0;  // x base_registers
  double bank_multiple = 1.0;      // x 16 banks
  double latency_rel = 1.0;        // x the 1-cycle baseline bank access
};

rfmodel::RfSetup main_rf_setup(const MainRfShape& m, int subbanks, int base_registers);

}  // namespace rfvar::arch::hierarchy
