#include "technique/fresh_sm.h"

#include <algorithm>
#include <string>

#include "common/config.h"
#include "rfmodel/classify.h"

namespace rfvar::technique {

const SmRfPlan& SmFresh::plan(FreshPlan p) const {
  switch (p) {
    case FreshPlan::ideal:
      return ideal;
    case FreshPlan::vl_rf:
      return vl_rf;
    case FreshPlan::bank_table:
      return bank_table;
    case FreshPlan::bank_table_renaming:
      return bank_table_renaming;
  }
  return ideal;
}

SmFresh prepare_sm(const varius::SmDelays& sm, const varius::RfGeometry& g, const rfmodel::RfParams& rp,
                   bool with_vl_rf) {
  SmFresh f;
  if (static_cast<int>(sm.subbank_dvth_sys_V.size()) != g.banks * rp.subbanks)
    throw InputError("the chips have " + std::to_string(sm.subbank_dvth_sys_V.size()) +
                     " sub-banks per SM but rfmodel uses " + std::to_string(g.banks * rp.subbanks) +
                     " (floorplan.subbanks differs from the chips file's)");
  f.subbank_delay = rfmodel::subbank_delays(sm.reg_delay, g, rp.subbanks);
  f.dvth0_V = sm.subbank_dvth_sys_V;
  const rfmodel::VlSb c =
      rfmodel::classify_vl_sb(f.subbank_delay, g.banks, rp.subbanks, rp.fast_fraction, rp.slow_access_cycles);
  f.fast.resize(c.subbanks.slow.size());
  for (std::size_t s = 0; s < f.fast.size(); ++s) f.fast[s] = c.subbanks.slow[s] ? 0 : 1;
  f.fast_count = static_cast<int>(std::count(f.fast.begin(), f.fast.end(), std::uint8_t{1}));
  f.bank_clock_norm = c.subbanks.clock_norm();
  f.ideal = plan_ideal(g, rp);
  f.bank_table = plan_bank_table(f.subbank_delay, f.fast, g, rp, f.bank_clock_norm, false);
  f.bank_table_renaming = plan_bank_table(f.subbank_delay, f.fast, g, rp, f.bank_clock_norm, true);
  if (with_vl_rf) {
    const rfmodel::VlRf v = rfmodel::classify_vl_rf(sm, g, rp.fast_fraction, rp.slow_access_cycles);
    f.vl_rf_period = v.registers.period;
    f.vl_rf_fast_max.assign(f.subbank_delay.size(), 0.0f);
    for (std::size_t r = 0; r < sm.reg_delay.size(); ++r) {
      if (v.registers.slow[r]) continue;
      const int lane = static_cast<int>(r % static_cast<std::size_t>(g.lanes));
      const int bank = static_cast<int>(r / static_cast<std::size_t>(g.lanes * g.rows_per_bank));
      auto& m =
          f.vl_rf_fast_max[static_cast<std::size_t>(bank * rp.subbanks + lane / (g.lanes / rp.subbanks))];
      m = std::max(m, sm.reg_delay[r]);
    }
    f.vl_rf = plan_vl_rf(sm, g, rp);
  }
  return f;
}

}  // namespace rfvar::technique
