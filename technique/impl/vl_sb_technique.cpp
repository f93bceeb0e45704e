// vl-sb: n % VL-SB without re-organization (Tan 2016 §3.2.1): sub-banks ranked by delay, a physical
// bank is slow if any of its sub-banks is.
#include <algorithm>

#include "technique/parts/setups.h"
#include "technique/freq_technique.h"

namespace rfvar::technique {

namespace {
class VlSb final : public IFreqTechnique {
 public:
  const Info& info() const override { return info_; }
  rfmodel::RfSetup freq_setup(const varius::SmDelays& sm, const varius::RfGeometry& g,
                              const rfmodel::RfParams& p, int) const override {
    const VlSbFast c = vl_sb_fast(sm, g, p);
    rfmodel::RfSetup s = rfmodel::RfSetup::ideal(g.banks, g.rows_per_bank, p.subbanks);
    s.technique = "vl-sb";
    s.clock_norm = c.classes.subbanks.clock_norm();
    for (int b = 0; b < g.banks; ++b)
      if (c.classes.slow_bank[static_cast<std::size_t>(b)])
        std::fill_n(s.latency.begin() + b * g.rows_per_bank, g.rows_per_bank,
                    static_cast<std::uint8_t>(p.slow_access_cycles));
    return s;
  }

 private:
  Info info_{"vl-sb",
             "70 % VL-SB: a physical bank is slow if any of its sub-banks is",
             "Tan 2016 §3.2.1",
             {3}};
};
}  // namespace

std::unique_ptr<ITechnique> make_vl_sb() { return std::make_unique<VlSb>(); }

}  // namespace rfvar::technique
