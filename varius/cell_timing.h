// Read delay of one SRAM cell from its read-path transistors' Vth and Leff (docs/models.md#varius).
//
// Contract: delays are normalized to the cell without variation (1.0 = nominal). Deviations are
// relative, as in VARIUS: Vth = vth0 (1 + dv), Leff = L0 (1 + dl), each the sum of the systematic
// part shared by the cell and the transistor's own random part. Models are immutable and
// thread-safe. Two policies, one file each, chosen by varius.cell_model:
//   "6t"          cell_6t.cpp: bit line discharged by access AX (saturated) in series with
//                 pull-down PD (linear), V_R from I_AX = I_PD (Mukhopadhyay et al. TCAD 2005)
//   "alpha_power" cell_alpha_power.cpp: d ~ Leff / (Vdd - Vth)^alpha, one transistor per cell
// A device whose Vdd - Vth or Leff falls below 1e-3 (V or relative; > 15 sigma at the defaults) is
// clamped there so the delay stays finite.
#pragma once

#include <cstddef>
#include <memory>
#include <string_view>
#include <vector>

#include "varius/params.h"

namespace rfvar::varius {

struct TailProbs {
  double above = 0.0;  // P(D > d)
  double below = 1.0;  // P(D <= d)
};

class ICellModel {
 public:
  virtual ~ICellModel() = default;
  virtual std::string_view name() const = 0;
  // Read-path transistors with their own random Vth and Leff parts (2 normals each).
  virtual int transistors() const = 0;
  // Vectorized: out[i] = log(delay) of cell i; dvth[t][i], dleff[t][i] are transistor t's relative
  // deviations (systematic + random).
  virtual void log_delay(const float* const* dvth, const float* const* dleff, std::size_t n,
                         float* out) const = 0;
  // Scalar reference in double precision (tests, nominal checks).
  virtual double delay(const double* dvth, const double* dleff) const = 0;
  // Distribution of one cell's delay given its systematic deviations (sys_v, sys_l), its transistors'
  // random parts being iid N(0, sigma_rand) (params): both tails, each without cancellation.
  virtual TailProbs tail_probs(double d, double sys_v, double sys_l) const = 0;
};

std::unique_ptr<ICellModel> make_cell_model(const VariusParams& p);  // by p.cell_model
std::unique_ptr<ICellModel> make_cell_6t(const VariusParams& p);
std::unique_ptr<ICellModel> make_cell_alpha_power(const VariusParams& p);

// Trapezoid nodes z_k and weights (summing to 1) for E[f(Z)], Z ~ N(0,1): step 0.5 over
// [-8.5, 8.5]; the rule is spectrally accurate for the smooth Gaussian-like integrands here.
struct NormalNodes {
  std::vector<double> z, w;
  static NormalNodes trapezoid(double step = 0.5, double half_range = 8.5);
};

}  // namespace rfvar::varius
