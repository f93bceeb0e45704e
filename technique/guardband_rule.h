// How an aging technique's clock must slow down over the lifetime: its guardband rule (docs/models.md#nbti,
// Tan 2016 §4.1). Shared by the techniques that pick it (aging_hooks.h).
//
// Contract: apply() is a pure function of the SM's fresh state and its true aged sub-bank delays
// (the sensors only steer plans; the guardband uses the true delays). It returns the normalized
// delay the fresh clock covers, the one the aged clock must cover, the physical sub-bank that sets
// the latter (-1 when no single sub-bank does), and the sub-banks of each virtual bank of the
// organization in force at end of life (physical banks for techniques without a table).
//   slowest_register_rule()       every sub-bank: the slowest aged register of the SM (baseline)
//   vl_rf_rule()                  the fast VL-RF registers (their sub-bank's aging factor); slow
//                                 ones must still finish in slow_access_cycles periods
//   fast_banks_rule(at)           the sub-banks of the fast virtual banks of the h = 0 table: the
//                                 chip-test table's (nbti.guardband_fast_set says which K banks),
//                                 or with FastBanksAt::reorganization the sensors' re-organization
//                                 at end of life
#pragma once

#include <memory>
#include <vector>

#include "nbti/aging.h"
#include "nbti/params.h"
#include "rfmodel/params.h"
#include "varius/chip_sample.h"

namespace rfvar::technique {

struct SmFresh;

struct GuardbandInputs {
  const SmFresh& fresh;
  const nbti::AgedSubbanks& aged;
  const nbti::NbtiParams& np;
  const rfmodel::RfParams& rp;
  const varius::RfGeometry& g;
};

struct GuardbandOutcome {
  double fresh_period = 1.0;
  double aged_period = 1.0;
  int critical_subbank = -1;
  std::vector<std::vector<int>> end_banks;  // [banks] physical sub-bank ids
};

class IGuardbandRule {
 public:
  virtual ~IGuardbandRule() = default;
  virtual GuardbandOutcome apply(const GuardbandInputs& in) const = 0;
};

std::shared_ptr<const IGuardbandRule> slowest_register_rule();
std::shared_ptr<const IGuardbandRule> vl_rf_rule();
// Which organization's fast virtual banks fast_banks_rule() covers.
enum class FastBanksAt { chip_test_table, reorganization };
std::shared_ptr<const IGuardbandRule> fast_banks_rule(FastBanksAt at);

// Physical banks (no organization table): bank b holds sub-banks b S .. b S + S - 1.
std::vector<std::vector<int>> physical_banks(int banks, int subbanks_per_bank);

}  // namespace rfvar::technique
