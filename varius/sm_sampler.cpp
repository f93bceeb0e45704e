#include "varius/sm_sampler.h"

#include <algorithm>
#include <map>

#include "common/registry.h"

namespace rfvar::varius {

std::unique_ptr<ISmSampler> make_sm_sampler(const ICellModel& cell, const VariusParams& p) {
  const Registry<ISmSampler, const ICellModel&, const VariusParams&> table(
      "varius.sampling", {{"fast", make_fast_sampler}, {"exact", make_exact_sampler}});
  return table.create(p.sampling, cell, p);
}

RfGeometry rf_geometry(const FloorplanParams& f) {
  RfGeometry g;
  g.banks = f.banks();
  g.rows_per_bank = f.rows_per_bank;
  g.lanes = FloorplanParams::kLanes;
  g.bits = FloorplanParams::kBitsPerRegister;
  g.subbanks = f.subbanks;
  return g;
}

void finish_sm(const SmContext& ctx, double vth0_V, SmDelays& d) {
  const RfGeometry g = rf_geometry(ctx.floorplan.params());
  d.vector_delay.assign(static_cast<std::size_t>(g.vectors()), 0.0f);
  d.subbank_delay.assign(static_cast<std::size_t>(g.subbank_count()), 0.0f);
  d.subbank_dvth_sys_V.assign(static_cast<std::size_t>(g.subbank_count()), 0.0f);
  for (int b = 0; b < g.banks; ++b)
    for (int r = 0; r < g.rows_per_bank; ++r) {
      const int v = b * g.rows_per_bank + r;
      float vmax = 0.0f;
      for (int l = 0; l < g.lanes; ++l) {
        const float x = d.reg_delay[static_cast<std::size_t>(v * g.lanes + l)];
        vmax = std::max(vmax, x);
        float& sb = d.subbank_delay[static_cast<std::size_t>(g.subbank_of(b, l))];
        sb = std::max(sb, x);
      }
      d.vector_delay[static_cast<std::size_t>(v)] = vmax;
    }
  d.slowest_cell = *std::max_element(d.subbank_delay.begin(), d.subbank_delay.end());
  // Sub-bank mean of the piecewise-constant map: rows and columns are separable, so count the
  // grid rows and columns a sub-bank's cells fall in and weight the map by the product.
  const Floorplan& fp = ctx.floorplan;
  const int cols_per_sb = FloorplanParams::kBitsPerRegister * g.lanes_per_subbank();
  for (int b = 0; b < g.banks; ++b) {
    std::map<int, int> ys;
    for (int r = 0; r < g.rows_per_bank; ++r) ++ys[fp.row_cell(ctx.sm, fp.rf_row(b, r))];
    for (int s = 0; s < g.subbanks; ++s) {
      std::map<int, int> xs;
      const int c0 = fp.rf_column(b, s * g.lanes_per_subbank());
      for (int c = 0; c < cols_per_sb; ++c) ++xs[fp.column_cell(ctx.sm, c0 + c)];
      double sum = 0.0;
      for (const auto& [gy, ny] : ys)
        for (const auto& [gx, nx] : xs) sum += static_cast<double>(ny) * nx * ctx.maps.vth_at(gy * ctx.maps.grid + gx);
      const double mean = sum / (static_cast<double>(g.rows_per_bank) * cols_per_sb);
      d.subbank_dvth_sys_V[static_cast<std::size_t>(b * g.subbanks + s)] = static_cast<float>(vth0_V * mean);
    }
  }
}

}  // namespace rfvar::varius
