// Exact mode: every cell of the SM, each read-path transistor with its own random Vth and Leff
// part (docs/models.md#varius), processed one bank at a time with vectorized delay evaluation.
// Normal number i of transistor t in an SM is element t * cells + i of that SM's stream, cell
// i = register * 32 + bit (register index as in chip_sample.h), so a cell's draws never depend
// on the chunking.
#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

#include "varius/sm_sampler.h"

namespace rfvar::varius {

namespace {

class ExactSampler final : public ISmSampler {
 public:
  ExactSampler(const ICellModel& cell, const VariusParams& p)
      : cell_(cell), sv_(static_cast<float>(p.vth_sigma_rand())), sl_(static_cast<float>(p.leff_sigma_rand())) {}

  SmDelays sample(const SmContext& ctx) const override {
    const Floorplan& fp = ctx.floorplan;
    const FloorplanParams& f = fp.params();
    const SystematicMaps& maps = ctx.maps;
    const int bits = FloorplanParams::kBitsPerRegister, lanes = FloorplanParams::kLanes;
    const int cols = f.bit_columns_per_bank(), rows = f.rows_per_bank;
    const std::size_t chunk = static_cast<std::size_t>(rows) * cols;  // one bank
    const std::uint64_t cells = chunk * static_cast<std::uint64_t>(f.banks());
    const int nt = cell_.transistors();
    const RngStream vth_rng(ctx.seed, ctx.chip, Stream::VthRandom, static_cast<std::uint32_t>(ctx.sm));
    const RngStream leff_rng(ctx.seed, ctx.chip, Stream::LeffRandom, static_cast<std::uint32_t>(ctx.sm));

    std::vector<float> sys_v(chunk), sys_l(chunk), out(chunk);
    std::vector<std::vector<float>> dv(static_cast<std::size_t>(nt), std::vector<float>(chunk));
    std::vector<std::vector<float>> dl(static_cast<std::size_t>(nt), std::vector<float>(chunk));
    std::vector<const float*> pv(static_cast<std::size_t>(nt)), pl(static_cast<std::size_t>(nt));
    SmDelays d;
    d.reg_delay.resize(static_cast<std::size_t>(cells / bits));
    float fastest = 1e30f;
    for (int b = 0; b < f.banks(); ++b) {
      for (int r = 0; r < rows; ++r) {
        const int gy = fp.row_cell(ctx.sm, fp.rf_row(b, r));
        const int c0 = fp.rf_column(b, 0);
        for (int c = 0; c < cols; ++c) {
          const int g = gy * maps.grid + fp.column_cell(ctx.sm, c0 + c);
          sys_v[static_cast<std::size_t>(r) * cols + c] = static_cast<float>(maps.vth_at(g));
          sys_l[static_cast<std::size_t>(r) * cols + c] = static_cast<float>(maps.leff_at(g));
        }
      }
      const std::uint64_t first_cell = static_cast<std::uint64_t>(b) * chunk;
      for (int t = 0; t < nt; ++t) {
        auto& v = dv[static_cast<std::size_t>(t)];
        auto& l = dl[static_cast<std::size_t>(t)];
        const std::uint64_t block = (static_cast<std::uint64_t>(t) * cells + first_cell) / 4;
        vth_rng.fill_normal_float(v.data(), chunk, block);
        leff_rng.fill_normal_float(l.data(), chunk, block);
        for (std::size_t i = 0; i < chunk; ++i) {
          v[i] = sys_v[i] + sv_ * v[i];
          l[i] = sys_l[i] + sl_ * l[i];
        }
        pv[static_cast<std::size_t>(t)] = v.data();
        pl[static_cast<std::size_t>(t)] = l.data();
      }
      cell_.log_delay(pv.data(), pl.data(), chunk, out.data());
      // Cells of register (b, r, lane) are the 32 consecutive columns [32 lane, 32 lane + 32).
      const std::size_t reg0 = static_cast<std::size_t>(b) * rows * lanes;
      for (std::size_t k = 0; k < chunk / bits; ++k) {
        const float* x = out.data() + k * bits;
        float mx = x[0], mn = x[0];
        for (int i = 1; i < bits; ++i) {
          mx = std::max(mx, x[i]);
          mn = std::min(mn, x[i]);
        }
        d.reg_delay[reg0 + k] = std::exp(mx);
        fastest = std::min(fastest, mn);
      }
    }
    d.fastest_cell = std::exp(fastest);
    return d;
  }

 private:
  const ICellModel& cell_;
  float sv_, sl_;
};

}  // namespace

std::unique_ptr<ISmSampler> make_exact_sampler(const ICellModel& cell, const VariusParams& p) {
  return std::make_unique<ExactSampler>(cell, p);
}

}  // namespace rfvar::varius
