// Guardband of the PV baseline (docs/models.md#nbti): the slowest aged register over all banks.
#include <algorithm>
#include <numeric>

#include "nbti/guardband.h"
#include "technique/fresh_sm.h"
#include "technique/guardband_rule.h"

namespace rfvar::technique {

namespace {
class SlowestRegister final : public IGuardbandRule {
 public:
  GuardbandOutcome apply(const GuardbandInputs& in) const override {
    std::vector<int> all(in.aged.size());
    std::iota(all.begin(), all.end(), 0);
    GuardbandOutcome o;
    o.fresh_period = *std::max_element(in.aged.fresh_delay.begin(), in.aged.fresh_delay.end());
    o.aged_period = nbti::slowest_of(in.aged.delay, all);
    o.critical_subbank = nbti::slowest_id(in.aged.delay, all);
    o.end_banks = physical_banks(in.g.banks, in.rp.subbanks);
    return o;
  }
};
}  // namespace

std::shared_ptr<const IGuardbandRule> slowest_register_rule() { return std::make_shared<SlowestRegister>(); }

std::vector<std::vector<int>> physical_banks(int banks, int S) {
  std::vector<std::vector<int>> out(static_cast<std::size_t>(banks));
  for (int b = 0; b < banks; ++b)
    for (int k = 0; k < S; ++k) out[static_cast<std::size_t>(b)].push_back(b * S + k);
  return out;
}

}  // namespace rfvar::technique
