// Guardband of VL-RF: the slowest aged fast register (its sub-bank's aging factor applied to the
// fresh slowest fast register there); slow registers must still finish in slow_access_cycles periods.
#include <algorithm>

#include "technique/fresh_sm.h"
#include "technique/guardband_rule.h"

namespace rfvar::technique {

namespace {
class VlRfRule final : public IGuardbandRule {
 public:
  GuardbandOutcome apply(const GuardbandInputs& in) const override {
    double fast_max = 0.0, all_max = 0.0;
    for (std::size_t s = 0; s < in.aged.size(); ++s) {
      fast_max = std::max(fast_max, in.fresh.vl_rf_fast_max[s] * in.aged.delay_factor[s]);
      all_max = std::max(all_max, in.aged.delay[s]);
    }
    GuardbandOutcome o;
    o.fresh_period = in.fresh.vl_rf_period;
    o.aged_period = std::max(fast_max, all_max / in.rp.slow_access_cycles);
    o.end_banks = physical_banks(in.g.banks, in.rp.subbanks);
    return o;
  }
};
}  // namespace

std::shared_ptr<const IGuardbandRule> vl_rf_rule() { return std::make_shared<VlRfRule>(); }

}  // namespace rfvar::technique
