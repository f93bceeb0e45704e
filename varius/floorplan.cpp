#include "varius/floorplan.h"

#include <algorithm>
#include <cmath>

namespace rfvar::varius {

namespace {
int cell_index(double pos, int grid) {
  return std::clamp(static_cast<int>(std::floor(pos * grid)), 0, grid - 1);
}
}  // namespace

Floorplan::Floorplan(const FloorplanParams& p, int grid) : p_(p), grid_(grid) {
  const int ncol = rf_columns(), nrow = rf_rows();
  col_x_.resize(static_cast<std::size_t>(p.sms) * ncol);
  row_y_.resize(static_cast<std::size_t>(p.sms) * nrow);
  const double cw = p.rf_width() / ncol, rh = p.bank_height() / p.rows_per_bank;
  const double pitch = p.bank_pitch_y(), pad = 0.5 * (pitch - p.bank_height());
  for (int s = 0; s < p.sms; ++s) {
    const double x0 = (s % p.sm_cols + p.rf_x_frac) * p.tile_width();
    const double y0 = (s / p.sm_cols + p.rf_y_frac) * p.tile_height();
    for (int c = 0; c < ncol; ++c)
      col_x_[static_cast<std::size_t>(s) * ncol + c] = cell_index(x0 + (c + 0.5) * cw, grid);
    for (int r = 0; r < nrow; ++r) {  // bank row r / rows_per_bank, centred in its slot
      const double y = y0 + (r / p.rows_per_bank) * pitch + pad + (r % p.rows_per_bank + 0.5) * rh;
      row_y_[static_cast<std::size_t>(s) * nrow + r] = cell_index(y, grid);
    }
  }
}

std::vector<ColumnRun> Floorplan::register_runs(int sm, int bank, int lane) const {
  std::vector<ColumnRun> runs;
  const int c0 = rf_column(bank, lane);
  for (int b = 0; b < FloorplanParams::kBitsPerRegister; ++b) {
    const int gx = column_cell(sm, c0 + b);
    if (runs.empty() || runs.back().grid_x != gx)
      runs.push_back({gx, 1});
    else
      ++runs.back().cells;
  }
  return runs;
}

}  // namespace rfvar::varius
