// Where every register-file cell of every SM lies on the die grid (docs/models.md#varius floorplan).
//
// Contract: the die is the unit square; SM s sits in tile (s % sm_cols, s / sm_cols) of the tile
// grid; its RF is a rectangle at (rf_x_frac, rf_y_frac) of the tile, rf_width_frac of the tile wide.
// Bank columns abut across that width; bank rows abut (rf_height_frac = 0: one cell array as high as
// its aspect makes it) or sit at pitch rf_height / bank_rows, each bank centred in its slot
// (FloorplanParams::bank_height, rf_height). Inside the RF,
// bank b sits at bank column b % bank_cols, bank row b / bank_cols; a bank is rows_per_bank rows x
// 1024 bit-columns, lane l of an entry occupies bit-columns [32 l, 32 l + 32). A cell takes the
// systematic value of the grid cell holding its centre (piecewise constant). Immutable.
#pragma once

#include <vector>

#include "varius/params.h"

namespace rfvar::varius {

// A run of a register's 32 cells that share one grid x-cell.
struct ColumnRun {
  int grid_x;
  int cells;
};

class Floorplan {
 public:
  Floorplan(const FloorplanParams& p, int grid);

  const FloorplanParams& params() const { return p_; }
  int grid() const { return grid_; }
  int rf_columns() const { return p_.bank_cols * p_.bit_columns_per_bank(); }
  int rf_rows() const { return p_.bank_rows * p_.rows_per_bank; }

  // Grid x index of RF bit-column `col` of SM `sm`; grid y index of RF row `row`.
  int column_cell(int sm, int col) const { return col_x_[static_cast<std::size_t>(sm) * rf_columns() + col]; }
  int row_cell(int sm, int row) const { return row_y_[static_cast<std::size_t>(sm) * rf_rows() + row]; }
  // RF column of bit 0 of `lane` in bank `bank`; RF row of `row` in `bank`.
  int rf_column(int bank, int lane) const {
    return (bank % p_.bank_cols) * p_.bit_columns_per_bank() + lane * FloorplanParams::kBitsPerRegister;
  }
  int rf_row(int bank, int row) const { return (bank / p_.bank_cols) * p_.rows_per_bank + row; }
  // The grid x-runs of the 32 cells of lane `lane` in any row of bank `bank` of SM `sm`.
  std::vector<ColumnRun> register_runs(int sm, int bank, int lane) const;

 private:
  FloorplanParams p_;
  int grid_;
  std::vector<int> col_x_;  // [sms * rf_columns]
  std::vector<int> row_y_;  // [sms * rf_rows]
};

}  // namespace rfvar::varius
