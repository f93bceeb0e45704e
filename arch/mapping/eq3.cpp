// Tan 2016 Eq. 3 (GPGPU-Sim register_bank()): bank = (warp_id + reg_id) % banks.
#include "arch/mapping/i_register_mapping.h"
#include "rfmodel/register_mapping.h"

namespace rfvar::arch {
namespace {
class Eq3 final : public IRegisterMapping {
 public:
  void on_kernel_launch(const MappingContext& ctx) override { banks_ = ctx.setup->banks; }
  int bank(int warp_slot, int reg, bool) const override { return rfmodel::eq3_bank(warp_slot, reg, banks_); }

 private:
  int banks_ = 16;
};
}  // namespace

std::unique_ptr<IRegisterMapping> make_eq3_mapping() { return std::make_unique<Eq3>(); }

}  // namespace rfvar::arch
