#include "technique/parts/providers.h"

#include <map>

#include "rfmodel/bank_table.h"
#include "rfmodel/setup_builders.h"
#include "technique/parts/setups.h"

namespace rfvar::technique {

namespace {

class PerKernel final : public arch::IRfProvider {
 public:
  PerKernel(std::function<arch::KernelRf(int)> build, Hybrid hybrid, int rows_per_bank)
      : build_(std::move(build)), hybrid_(hybrid), rows_per_bank_(rows_per_bank) {}
  arch::KernelRf at_kernel_launch(const arch::Kernel&, int, int partial_vectors,
                                  const arch::SmStats&) override {
    const int h = hybrid_ == Hybrid::per_kernel ? rfmodel::hybrid_banks_for_kernel(partial_vectors, rows_per_bank_) : 0;
    auto it = cache_.find(h);
    if (it == cache_.end()) it = cache_.emplace(h, build_(h)).first;
    return it->second;
  }

 private:
  std::function<arch::KernelRf(int)> build_;
  Hybrid hybrid_;
  int rows_per_bank_;
  std::map<int, arch::KernelRf> cache_;
};

}  // namespace

std::unique_ptr<arch::IRfProvider> per_kernel_provider(std::function<arch::KernelRf(int h)> build,
                                                       Hybrid hybrid, int rows_per_bank) {
  return std::make_unique<PerKernel>(std::move(build), hybrid, rows_per_bank);
}

std::unique_ptr<arch::IRfProvider> rf_bro_provider(const varius::SmDelays* sm, const varius::RfGeometry& g,
                                                   const rfmodel::RfParams& p, const RfBroOptions& o) {
  const VlSbFast c = vl_sb_fast(sm ? *sm : nominal_sm(g), g, p);
  const std::string label = o.label;
  const bool with_table = o.table == RenamingTable::handed;
  return per_kernel_provider(
      [c, g, p, label, with_table](int h) {
        const rfmodel::BankTable t = rf_bro_table(c, g, p, h);
        arch::KernelRf rf;
        rf.setup = rfmodel::setup_from_table(label, c.classes.subbanks.clock_norm(), t, g.rows_per_bank,
                                             p.slow_access_cycles);
        if (with_table) rf.table = t;  // the organization table renaming reads
        return rf;
      },
      o.hybrid, g.rows_per_bank);
}

}  // namespace rfvar::technique
