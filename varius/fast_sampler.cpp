// Fast mode: draw each register's slowest cell and the SM's fastest cell directly.
// The maximum of n iid cells has CDF F^n, so it is F^-1(U^(1/n)) (docs/models.md#varius), F^-1 coming from the
// DelayQuantileTable of the cell's systematic deviations and the normal score of U^(1/n) from the
// ExtremeScoreTable. A register whose 32 cells straddle a grid-cell boundary is the maximum of one
// such draw per run of cells; the SM's fastest cell is the minimum over the grid cells its RF
// covers of a draw of the minimum of that cell's n cells (F^-1(1 - U^(1/n))).
// Random numbers (Stream::RegisterMax, substream = SM): the draw of run k of register reg uses
// words 2 (k % 2), 2 (k % 2) + 1 of block (k / 2) * registers + reg, so run 0 and 1 of every
// register come from one contiguous, vectorized block range. Minima use substream 2^16 + SM.
// Work is done one bank at a time: uniforms and scores vectorized, quantile look-ups scalar,
// exp vectorized.
#include <Random123/uniform.hpp>
#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <vector>

#include "varius/delay_quantile_table.h"
#include "varius/extreme_score.h"
#include "common/fast_math.h"
#include "varius/sm_sampler.h"

namespace rfvar::varius {

namespace {

constexpr std::uint32_t kMinSubstream = 1u << 16;

// w in (0, 1) from two 32-bit words, full relative precision near 0 (the upper tail).
inline float w01(std::uint32_t hi, std::uint32_t lo) {
  return static_cast<float>(hi) * 0x1p-32f + (static_cast<float>(lo) * 0x1p-64f + 0x1p-65f);
}

class FastSampler final : public ISmSampler {
 public:
  FastSampler(const ICellModel& cell, const VariusParams& p) : table_(cell, p) {}

  SmDelays sample(const SmContext& ctx) const override {
    const Floorplan& fp = ctx.floorplan;
    const FloorplanParams& f = fp.params();
    const SystematicMaps& maps = ctx.maps;
    const int lanes = FloorplanParams::kLanes, rows = f.rows_per_bank, pts = DelayQuantileTable::points();
    const std::size_t per_bank = static_cast<std::size_t>(rows) * lanes;
    const std::uint64_t regs = per_bank * static_cast<std::uint64_t>(f.banks());
    // Quantile curves of the grid cells this RF touches, built on demand; slot_[g] = offset.
    std::vector<int> slot(static_cast<std::size_t>(maps.grid) * maps.grid, -1);
    std::vector<float> curves;
    auto curve_of = [&](int g) -> const float* {
      int& s = slot[static_cast<std::size_t>(g)];
      if (s < 0) {
        s = static_cast<int>(curves.size());
        curves.resize(curves.size() + static_cast<std::size_t>(pts));
        table_.curve(maps.vth_at(g), maps.leff_at(g), curves.data() + s);
      }
      return curves.data() + s;
    };
    SmDelays d;
    d.reg_delay.resize(regs);
    const RngStream rng(ctx.seed, ctx.chip, Stream::RegisterMax, static_cast<std::uint32_t>(ctx.sm));
    std::vector<std::uint32_t> words(4 * per_bank);
    std::vector<float> w0(per_bank), w1(per_bank), ln0(per_bank), ln1(per_bank), x0(per_bank), x1(per_bank);
    std::vector<float> worst(per_bank);
    std::vector<std::vector<ColumnRun>> runs(static_cast<std::size_t>(lanes));
    std::vector<int> row_gy(static_cast<std::size_t>(rows));
    for (int b = 0; b < f.banks(); ++b) {
      const std::uint64_t reg0 = static_cast<std::uint64_t>(b) * per_bank;
      for (int l = 0; l < lanes; ++l) runs[static_cast<std::size_t>(l)] = fp.register_runs(ctx.sm, b, l);
      for (int r = 0; r < rows; ++r) row_gy[static_cast<std::size_t>(r)] = fp.row_cell(ctx.sm, fp.rf_row(b, r));
      rng.fill_blocks(words.data(), per_bank, reg0);
      for (std::size_t i = 0; i < per_bank; ++i) {
        const auto& rl = runs[i % static_cast<std::size_t>(lanes)];
        ln0[i] = std::log(static_cast<float>(rl[0].cells));
        ln1[i] = rl.size() > 1 ? std::log(static_cast<float>(rl[1].cells)) : 0.0f;
      }
#pragma omp simd
      for (std::size_t i = 0; i < per_bank; ++i) {
        w0[i] = w01(words[4 * i], words[4 * i + 1]);
        w1[i] = w01(words[4 * i + 2], words[4 * i + 3]);
      }
      scores_.scores(w0.data(), ln0.data(), per_bank, x0.data());
      scores_.scores(w1.data(), ln1.data(), per_bank, x1.data());
      for (int r = 0; r < rows; ++r) {
        const int gy = row_gy[static_cast<std::size_t>(r)] * maps.grid;
        for (int l = 0; l < lanes; ++l) {
          const std::size_t i = static_cast<std::size_t>(r) * lanes + l;
          const auto& rl = runs[static_cast<std::size_t>(l)];
          float wst = DelayQuantileTable::at(curve_of(gy + rl[0].grid_x), x0[i]);
          if (rl.size() > 1) wst = std::max(wst, DelayQuantileTable::at(curve_of(gy + rl[1].grid_x), x1[i]));
          for (std::size_t k = 2; k < rl.size(); ++k) {  // fine grids only: a register over 3+ grid cells
            const auto blk = rng.block((k / 2) * regs + reg0 + i);
            const float w = (k % 2 == 0) ? w01(blk[0], blk[1]) : w01(blk[2], blk[3]);
            const double x = ExtremeScoreTable::exact(w, rl[k].cells);
            wst = std::max(wst, DelayQuantileTable::at(curve_of(gy + rl[k].grid_x), x));
          }
          worst[i] = wst;
        }
      }
      float* out = d.reg_delay.data() + reg0;
#pragma omp simd
      for (std::size_t i = 0; i < per_bank; ++i) out[i] = fast_expf(worst[i]);
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
        const double w = r123::u01fixedpt<double>((static_cast<std::uint64_t>(blk[0]) << 32) | blk[1]);
        const double x = -ExtremeScoreTable::exact(w, static_cast<double>(ny * nx));  // minimum: -score
        best = std::min(best, DelayQuantileTable::at(curve_of(gy * ctx.maps.grid + gx), x));
      }
    return std::exp(best);
  }

  DelayQuantileTable table_;
  ExtremeScoreTable scores_;
};

}  // namespace

std::unique_ptr<ISmSampler> make_fast_sampler(const ICellModel& cell, const VariusParams& p) {
  return std::make_unique<FastSampler>(cell, p);
}

}  // namespace rfvar::varius
