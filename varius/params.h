// Typed, validated parameters of the process-variation model (docs/models.md#varius) and the floorplan.
//
// Contract: from_config() reads every key of [varius], [floorplan] (and [population]) through the
// Config getters with the accepted range of each key, so a bad value is a ConfigError naming the
// key, the value, where it came from and the range. Derived quantities (sigma split, RF geometry)
// are computed here once; the structs are plain values afterwards.
#pragma once

#include <cstdint>
#include <string>

#include "common/config.h"

namespace rfvar::varius {

struct VariusParams {
  double vdd_V = 0.9;
  double alpha = 1.3;
  double vth0_V = 0.30;
  double vth_sigma_over_mu = 0.12;   // total (systematic + random) relative sigma of Vth
  double leff_sigma_over_mu = 0.06;  // total relative sigma of Leff
  double rand_to_sys_ratio = 1.0;    // sigma_rand / sigma_sys
  double phi = 0.5;                  // spherical correlation range, fraction of die width
  double rho_vl = 0.0;               // correlation of the Vth and Leff systematic unit fields
  double d2d_vth_sigma_over_mu = 0.0;
  double d2d_leff_sigma_over_mu = 0.0;
  int grid = 128;                    // G: systematic field is G x G cells over the die
  std::string sampling = "fast";     // "fast" | "exact"
  std::string cell_model = "6t";     // "6t" | "alpha_power"
  double beta_pd_over_ax = 2.0;
  double p_v = 0.6;

  // sigma_tot^2 = sigma_sys^2 + sigma_rand^2 with sigma_rand = ratio * sigma_sys (docs/models.md#varius).
  double vth_sigma_sys() const;
  double vth_sigma_rand() const;
  double leff_sigma_sys() const;
  double leff_sigma_rand() const;

  static VariusParams from_config(const Config& c);
};

struct FloorplanParams {
  int sm_cols = 5, sm_rows = 3, sms = 15;
  int bank_cols = 4, bank_rows = 4;
  int rows_per_bank = 64;
  int subbanks = 2;
  double cell_aspect = 2.0;    // 6T cell width : height
  double rf_width_frac = 0.5;  // RF width / SM tile width
  double rf_x_frac = 0.25;     // RF left edge / tile width
  double rf_y_frac = 0.5;      // RF bottom edge / tile height
  double rf_height_frac = 0.0; // height the bank rows are spread over / tile height; 0 = banks abut

  static constexpr int kLanes = 32;          // registers per bank entry (warp size)
  static constexpr int kBitsPerRegister = 32;
  int banks() const { return bank_cols * bank_rows; }
  int bit_columns_per_bank() const { return kLanes * kBitsPerRegister; }
  // RF extent in die units (the die is the unit square). Height follows from the width, the bank
  // grid, rows x bit-columns per bank and the cell aspect ratio.
  double tile_width() const { return 1.0 / sm_cols; }
  double tile_height() const { return 1.0 / sm_rows; }
  double rf_width() const { return rf_width_frac * tile_width(); }
  // Height of one bank's cell array, and of the RF region: the bank rows abut (rf_height_frac = 0)
  // or are spread evenly over rf_height_frac of the tile, each bank centred in its slot.
  double bank_height() const;
  double rf_height() const;
  double bank_pitch_y() const { return rf_height() / bank_rows; }

  static FloorplanParams from_config(const Config& c);
};

struct PopulationParams {
  int chips = 100;
  std::uint64_t seed = 1;
  int deflate_level = 0;  // HDF5 deflate level of the chip file's big datasets (0 = uncompressed)
  static PopulationParams from_config(const Config& c);
};

}  // namespace rfvar::varius
