// The conditional distribution of one cell's read delay given its systematic deviations, tabulated
// for fast-mode sampling of maxima and minima (docs/models.md#varius: invert the cell delay CDF at U^(1/n)).
//
// Contract: quantiles are indexed by the normal score x (P(D <= d) = Phi(x)), on the uniform grid
// x_k = -kScoreMax + k kScoreStep; both tails come from ICellModel::tail_probs without cancellation.
// Nodes sit on a grid anchored at (0, 0) in (sys_v, sys_l) with steps set by the systematic sigmas
// (+ die-to-die), out to kExtentSigmas of them; values beyond are clamped to the last node. A node
// is computed on first use (thread-safe, std::call_once) and is a pure function of its position,
// so results never depend on which nodes a run happened to need, or on threads. curve() blends the
// four surrounding nodes bilinearly in (sys_v, sys_l), the Leff scale factor (1 + sys_l) of the
// delay being applied exactly (the delay is homogeneous of degree 1 in the Leff of both devices).
#pragma once

#include <memory>
#include <mutex>
#include <vector>

#include "varius/cell_timing.h"
#include "varius/params.h"

namespace rfvar::varius {

class DelayQuantileTable {
 public:
  static constexpr double kScoreMax = 8.5;
  static constexpr double kScoreStep = 1.0 / 16;
  static constexpr double kExtentSigmas = 7.0;
  static constexpr int kVthStepsPerSigma = 4;
  static constexpr int kLeffStepsPerSigma = 1;

  DelayQuantileTable(const ICellModel& model, const VariusParams& p);
  DelayQuantileTable(const DelayQuantileTable&) = delete;
  DelayQuantileTable& operator=(const DelayQuantileTable&) = delete;

  static int points() { return 2 * static_cast<int>(kScoreMax / kScoreStep) + 1; }
  // out[k] = log d at score x_k for a cell with systematic deviations (sys_v, sys_l); out has points().
  void curve(double sys_v, double sys_l, float* out) const;
  // log d at score x on a curve (linear interpolation; x clamped to +-kScoreMax).
  static float at(const float* curve, double x) {
    double u = (x + kScoreMax) / kScoreStep;
    const double top = points() - 1;
    u = u < 0.0 ? 0.0 : (u > top ? top : u);
    int j = static_cast<int>(u);
    j = j > points() - 2 ? points() - 2 : j;
    const float f = static_cast<float>(u - j);
    return curve[j] + f * (curve[j + 1] - curve[j]);
  }
  // Reference: log d with P(D <= d) = Phi(x), by bisection on the model's tail probabilities.
  double log_delay_at_score(double x, double sys_v, double sys_l) const;
  int nodes_built() const;

 private:
  struct Node {
    std::once_flag once;
    std::vector<float> log_d;  // minus log(1 + sys_l) of the node
  };
  const Node& node(int iv, int il) const;
  void build(Node& n, double sys_v, double sys_l) const;
  double score(double log_d, double sys_v, double sys_l) const;

  const ICellModel& model_;
  double step_v_ = 1.0, step_l_ = 1.0;
  int half_v_ = 0, half_l_ = 0;  // node indices run over [-half, half]
  std::unique_ptr<Node[]> nodes_;
};

}  // namespace rfvar::varius
