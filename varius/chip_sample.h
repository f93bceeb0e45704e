// The delays of one sampled chip: what varius/ hands to rfmodel/ and nbti/.
//
// Contract: a ChipSample is immutable once built. All delays are normalized to the read delay of a
// cell without variation (1.0 = nominal), so a baseline SM's normalized frequency is
// 1 / slowest_cell. Register layout inside an SM (Fermi, docs/models.md#varius): 16 banks x 64 rows (entries,
// "register vectors") x 32 lanes (registers of 32 bits). Flat indices:
//   register  r = (bank * rows_per_bank + row) * 32 + lane     (32768 per SM)
//   vector    v = bank * rows_per_bank + row                   (1024 per SM)
//   sub-bank  s = bank * S + lanes / (32 / S)                  (16 * S per SM; S = floorplan.subbanks)
#pragma once

#include <cstdint>
#include <vector>

namespace rfvar::varius {

struct RfGeometry {
  int banks = 16;
  int rows_per_bank = 64;
  int lanes = 32;        // registers per entry
  int bits = 32;         // cells per register
  int subbanks = 2;      // S, column sub-banks per bank
  int registers() const { return banks * rows_per_bank * lanes; }
  int vectors() const { return banks * rows_per_bank; }
  int subbank_count() const { return banks * subbanks; }
  int lanes_per_subbank() const { return lanes / subbanks; }
  int subbank_of(int bank, int lane) const { return bank * subbanks + lane / lanes_per_subbank(); }
};

struct SmDelays {
  std::vector<float> reg_delay;           // [registers()]: max of the register's 32 cells
  std::vector<float> vector_delay;        // [vectors()]: max over the entry's 32 registers
  std::vector<float> subbank_delay;       // [subbank_count()]: max over the sub-bank's cells
  std::vector<float> subbank_dvth_sys_V;  // [subbank_count()]: mean systematic Vth offset (volts), NBTI dV0
  float slowest_cell = 1.0f;              // = max of reg_delay
  float fastest_cell = 1.0f;              // min over every cell of the SM
  double baseline_norm_freq() const { return 1.0 / slowest_cell; }
};

struct ChipSample {
  std::uint32_t chip_id = 0;
  RfGeometry geometry;
  std::vector<SmDelays> sms;        // floorplan.sms entries
  int grid = 0;                     // G
  std::vector<float> vth_sys_map;   // [G*G] relative systematic Vth deviation d_sys (row-major, y then x)
  std::vector<float> leff_sys_map;  // [G*G] relative systematic Leff deviation
  double vth_d2d = 0.0, leff_d2d = 0.0;  // die-to-die relative offsets
};

}  // namespace rfvar::varius
