#include "varius/cell_timing.h"

#include <cmath>

#include "common/registry.h"

namespace rfvar::varius {

std::unique_ptr<ICellModel> make_cell_model(const VariusParams& p) {
  static_assert(sizeof(TailProbs) == 2 * sizeof(double));
  const Registry<ICellModel, const VariusParams&> table(
      "varius.cell_model", {{"6t", make_cell_6t}, {"alpha_power", make_cell_alpha_power}});
  return table.create(p.cell_model, p);
}

NormalNodes NormalNodes::trapezoid(double step, double half_range) {
  NormalNodes n;
  const int k = static_cast<int>(std::round(half_range / step));
  double sum = 0.0;
  for (int i = -k; i <= k; ++i) {
    const double z = i * step;
    n.z.push_back(z);
    n.w.push_back(std::exp(-0.5 * z * z));
    sum += n.w.back();
  }
  for (auto& w : n.w) w /= sum;
  return n;
}

}  // namespace rfvar::varius
