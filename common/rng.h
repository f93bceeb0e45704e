// Counter-based random streams keyed by (seed, chip, stream, substream).
//
// Contract: every draw is a pure function of (seed, chip, stream, substream, position), computed
// with Random123's Philox4x32-10 (Salmon et al., SC 2011). Two RngStream objects with the same key
// produce the same sequence on any thread, in any order, whatever other chips are generated, so
// results are bit-identical for any thread count and any subset of chips (as OpenMC derives every
// particle's stream from a master seed). No library code may use rand(), std::random_device or
// default-seeded engines; randomness is always passed in as an RngStream.
#pragma once

#include <Random123/boxmuller.hpp>
#include <Random123/philox.h>
#include <Random123/uniform.hpp>

#include <array>
#include <cstddef>
#include <cstdint>

namespace rfvar {

// Purposes of random streams. Append only: changing a value changes every result.
enum class Stream : std::uint32_t {
  VthSystematic = 1,  // systematic Vth / Leff field (one complex draw gives both unit fields)
  VthRandom = 2,      // per-transistor random Vth parts
  LeffRandom = 3,     // per-transistor random Leff parts
  DieToDie = 4,       // chip-wide offsets
  RegisterMax = 5,    // fast mode: direct sampling of per-register maxima / minima
  Workload = 6,       // stochastic workload behaviour (branches, addresses) in arch/
  Harness = 7,        // initial contents of CUDA benchmark buffers (ptx/harness.h)
  Test = 100,         // reserved for tests
};

class RngStream {
 public:
  using Philox = r123::Philox4x32;

  RngStream(std::uint64_t seed, std::uint32_t chip, Stream stream, std::uint32_t substream = 0)
      : chip_(chip), tag_((static_cast<std::uint32_t>(stream) << 20) | (substream & 0xFFFFFu)) {
    key_ = {{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32)}};
  }

  // A child stream for a sub-purpose (per SM, per bank...); substream < 2^20.
  RngStream substream(std::uint32_t sub) const {
    RngStream s = *this;
    s.tag_ = (tag_ & ~0xFFFFFu) | (sub & 0xFFFFFu);
    s.pos_ = 0;
    return s;
  }

  // Random block number `index` (4 x 32 random bits); does not move the stream.
  std::array<std::uint32_t, 4> block(std::uint64_t index) const {
    Philox::ctr_type c = {{static_cast<std::uint32_t>(index), static_cast<std::uint32_t>(index >> 32),
                           chip_, tag_}};
    Philox::ctr_type r = Philox()(c, key_);
    return {r[0], r[1], r[2], r[3]};
  }

  std::uint32_t next_u32() {
    if (have_ == 0) {
      buf_ = block(pos_++);
      have_ = 4;
    }
    return buf_[4 - have_--];
  }
  std::uint64_t next_u64() {
    std::uint64_t hi = next_u32();
    return (hi << 32) | next_u32();
  }
  // Uniform in the open interval (0, 1), 53-bit resolution.
  double uniform() { return r123::u01fixedpt<double>(next_u64()); }
  // Standard normal (Box-Muller on 64-bit uniforms; tails to ~9 sigma).
  double normal() {
    if (have_normal_) {
      have_normal_ = false;
      return spare_normal_;
    }
    const std::uint64_t a = next_u64();
    const std::uint64_t b = next_u64();
    const r123::double2 z = r123::boxmuller(a, b);
    spare_normal_ = z.y;
    have_normal_ = true;
    return z.x;
  }
  // Integer in [0, n), n > 0 (Lemire's multiply-shift; bias < 2^-32 n, irrelevant here).
  std::uint32_t below(std::uint32_t n) {
    return static_cast<std::uint32_t>((static_cast<std::uint64_t>(next_u32()) * n) >> 32);
  }

  // Fill out[0..n) with standard normals as a function of (key, first_block) only: block
  // first_block + i feeds out[4i .. 4i+3] (words 0,1 and 2,3 each give a Box-Muller pair:
  // radius from the first word, angle from the second; float math, vectorized; tails to
  // ~6.8 sigma). Does not move the sequential stream.
  void fill_normal_float(float* out, std::size_t n, std::uint64_t first_block = 0) const;
  // out[4i + j] = word j of block(first_block + i), i < nblocks, computed many blocks at a time
  // (vectorized Philox4x32-10, bit-identical to block()).
  void fill_blocks(std::uint32_t* out, std::size_t nblocks, std::uint64_t first_block = 0) const;

 private:
  Philox::key_type key_{};
  std::uint32_t chip_;
  std::uint32_t tag_;
  std::uint64_t pos_ = 0;
  std::array<std::uint32_t, 4> buf_{};
  int have_ = 0;
  bool have_normal_ = false;
  double spare_normal_ = 0.0;
};

}  // namespace rfvar
