// Fast mode: draw each register's slowest cell and the SM's fastest cell directly.
// The maximum of n iid cells has CDF F^n, so it is F^-1(U^(1/n)); in the upper tail we work with
// q = 1 - U^(1/n) = -expm1(log(U) / n) (spec §1), F^-1 coming from the DelayQuantileTable of the
// cell's systematic deviations. A register whose 32 cells straddle a grid-cell boundary is the
// maximum of one such draw per run of cells; the SM's fastest cell is the minimum over the grid
// cells its RF covers of a draw of the minimum of that cell's n cells (F^-1(1 - U^(1/n))).
#include <Random123/uniform.hpp>
#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <vector>

#include "varius/delay_quantile_table.h"
#include "varius/normal_math.h"
#include "varius/sm_sampler.h"

namespace rfvar::varius {

namespace {

constexpr std::uint32_t kMinSubstream = 1u << 16;
constexpr int kBlocksPerRegister = 16;  // two 64-bit uniforms per Philox block: <= 32 runs

// Normal score of the maximum (upper = true) or minimum of n iid cells from the uniform u.
inline double extreme_score(double u, int n, bool upper) {
  const double e = -std::log(u) / n;    // U^(1/n) = exp(-e)
  const double near1 = std::exp(-e);    // U^(1/n)
  const double tail = -std::expm1(-e);  // 1 - U^(1/n), no cancellation
  return upper ? norm_quantile(near1, tail) : norm_quantile(tail, near1);
}

inline double u01(std::uint32_t hi, std::uint32_t lo) {
  return r123::u01fixedpt<double>((static_cast<std::uint64_t>(hi) << 32) | lo);
}

class FastSampler final : public ISmSampler {
 public:
  FastSampler(const ICellModel& cell, const VariusParams& p) : table_(cell, p) {}

  SmDelays sample(const SmContext& ctx) const override {
    const Floorplan& fp = ctx.floorplan;
    const FloorplanParams& f = fp.params();
    const SystematicMaps& maps = ctx.maps;
    const int lanes = FloorplanParams::kLanes, rows = f.rows_per_bank, pts = DelayQuantileTable::points();
    // Quantile curves of the grid cells this RF touches, built on demand.
    std::map<int, std::vector<float>> curves;
    auto curve_of = [&](int g) -> const float* {
      auto it = curves.find(g);
      if (it == curves.end()) {
        it = curves.emplace(g, std::vector<float>(static_cast<std::size_t>(pts))).first;
        table_.curve(maps.vth_at(g), maps.leff_at(g), it->second.data());
      }
      return it->second.data();
    };
    SmDelays d;
    d.reg_delay.resize(static_cast<std::size_t>(f.banks() * rows * lanes));
    const RngStream rng(ctx.seed, ctx.chip, Stream::RegisterMax, static_cast<std::uint32_t>(ctx.sm));
    for (int b = 0; b < f.banks(); ++b)
      for (int l = 0; l < lanes; ++l) {
        const std::vector<ColumnRun> runs = fp.register_runs(ctx.sm, b, l);
        for (int r = 0; r < rows; ++r) {
          const int gy = fp.row_cell(ctx.sm, fp.rf_row(b, r));
          const std::uint64_t reg = static_cast<std::uint64_t>((b * rows + r) * lanes + l);
          float worst = -1e30f;
          for (std::size_t k = 0; k < runs.size(); ++k) {
            const auto blk = rng.block(reg * kBlocksPerRegister + k / 2);
            const double u = (k % 2 == 0) ? u01(blk[0], blk[1]) : u01(blk[2], blk[3]);
            const float* c = curve_of(gy * maps.grid + runs[k].grid_x);
            worst = std::max(worst, DelayQuantileTable::at(c, extreme_score(u, runs[k].cells, true)));
          }
          d.reg_delay[reg] = std::exp(worst);
        }
      }
    d.fastest_cell = fastest(ctx, curve_of);
    return d;
  }

 private:
  template <typename CurveOf>
  float fastest(const SmContext& ctx, CurveOf& curve_of) const {
    const Floorplan& fp = ctx.floorplan;
    std::map<int, long> ys, xs;  // cells per grid row / column (separable)
    for (int r = 0; r < fp.rf_rows(); ++r) ++ys[fp.row_cell(ctx.sm, r)];
    for (int c = 0; c < fp.rf_columns(); ++c) ++xs[fp.column_cell(ctx.sm, c)];
    const RngStream rng(ctx.seed, ctx.chip, Stream::RegisterMax, kMinSubstream + static_cast<std::uint32_t>(ctx.sm));
    float best = 1e30f;
    std::uint64_t group = 0;
    for (const auto& [gy, ny] : ys)
      for (const auto& [gx, nx] : xs) {
        const auto blk = rng.block(group++);
        const int n = static_cast<int>(ny * nx);
        const float* c = curve_of(gy * ctx.maps.grid + gx);
        best = std::min(best, DelayQuantileTable::at(c, extreme_score(u01(blk[0], blk[1]), n, false)));
      }
    return std::exp(best);
  }

  DelayQuantileTable table_;
};

}  // namespace

std::unique_ptr<ISmSampler> make_fast_sampler(const ICellModel& cell, const VariusParams& p) {
  return std::make_unique<FastSampler>(cell, p);
}

}  // namespace rfvar::varius
