// vl-rv: n % VL-RV (Tan 2016 §3.2.1): every rv_array_vectors neighbouring register vectors form an
// array as slow as its slowest vector; arrays are ranked and a vector is slow if its array is.
#include "rfmodel/classify.h"
#include "rfmodel/setup_builders.h"
#include "technique/freq_technique.h"

namespace rfvar::technique {

namespace {
class VlRv final : public IFreqTechnique {
 public:
  const Info& info() const override { return info_; }
  rfmodel::RfSetup freq_setup(const varius::SmDelays& sm, const varius::RfGeometry& g,
                              const rfmodel::RfParams& p, int) const override {
    const rfmodel::VlRv c =
        rfmodel::classify_vl_rv(sm, g, p.fast_fraction, p.slow_access_cycles, p.rv_array_vectors);
    return rfmodel::setup_from_vectors("vl-rv", g, p, c.arrays.clock_norm(), c.slow_vector);
  }

 private:
  Info info_{"vl-rv",
             "70 % VL-RV: per-array slow flags over neighbouring register vectors",
             "Tan 2016 §3.2.1",
             {3}};
};
}  // namespace

std::unique_ptr<ITechnique> make_vl_rv() { return std::make_unique<VlRv>(); }

}  // namespace rfvar::technique
