#include "technique/parts/setups.h"

#include "rfmodel/setup_builders.h"

namespace rfvar::technique {

rfmodel::RfSetup vl_rf_setup(const varius::SmDelays& sm, const varius::RfGeometry& g,
                             const rfmodel::RfParams& p) {
  const rfmodel::VlRf c = rfmodel::classify_vl_rf(sm, g, p.fast_fraction, p.slow_access_cycles);
  return rfmodel::setup_from_vectors("vl-rf", g, p, c.registers.clock_norm(), c.slow_vector);
}

VlSbFast vl_sb_fast(const varius::SmDelays& sm, const varius::RfGeometry& g, const rfmodel::RfParams& p) {
  VlSbFast f;
  f.subbank_delay = rfmodel::subbank_delays(sm.reg_delay, g, p.subbanks);
  f.classes =
      rfmodel::classify_vl_sb(f.subbank_delay, g.banks, p.subbanks, p.fast_fraction, p.slow_access_cycles);
  f.fast.resize(f.classes.subbanks.slow.size());
  for (std::size_t i = 0; i < f.fast.size(); ++i) f.fast[i] = f.classes.subbanks.slow[i] ? 0 : 1;
  return f;
}

rfmodel::BankTable rf_bro_table(const VlSbFast& c, const varius::RfGeometry& g, const rfmodel::RfParams& p,
                                int hybrid_banks) {
  return rfmodel::organize_banks(c.subbank_delay, c.fast, g.banks, p.subbanks, hybrid_banks);
}

rfmodel::RfSetup rf_bro_setup(const varius::SmDelays& sm, const varius::RfGeometry& g,
                              const rfmodel::RfParams& p, int hybrid_banks, const std::string& label) {
  const VlSbFast c = vl_sb_fast(sm, g, p);
  return rfmodel::setup_from_table(label, c.classes.subbanks.clock_norm(),
                                   rf_bro_table(c, g, p, hybrid_banks), g.rows_per_bank,
                                   p.slow_access_cycles);
}

varius::SmDelays nominal_sm(const varius::RfGeometry& g) {
  varius::SmDelays sm;
  sm.reg_delay.assign(static_cast<std::size_t>(g.registers()), 1.0f);
  sm.vector_delay.assign(static_cast<std::size_t>(g.vectors()), 1.0f);
  sm.subbank_delay.assign(static_cast<std::size_t>(g.subbank_count()), 1.0f);
  sm.subbank_dvth_sys_V.assign(static_cast<std::size_t>(g.subbank_count()), 0.0f);
  return sm;
}

}  // namespace rfvar::technique
