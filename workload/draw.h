// The workload's deterministic draws: a pure function of the workload key and two 64-bit words
// naming what is drawn (launch, block, warp, the instruction's index in its warp's dynamic stream,
// pc, lane / request). Shared by the `.kernel` front end (data-dependent branch conditions,
// kernel_workload.h) and the SM (L1 / L2 hit draws of requests without addresses, arch/sm/sm.h), so that a
// recorded trace and a direct run draw the same numbers.
#pragma once

#include <cstdint>

namespace rfvar::arch {

inline std::uint64_t mix64(std::uint64_t z) {  // SplitMix64 finalizer (Steele et al., OOPSLA 2014)
  z += 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

// A uniform draw in [0, 1) with 53 random bits.
inline double workload_draw(std::uint64_t key, std::uint64_t a, std::uint64_t b) {
  return static_cast<double>(mix64(key ^ mix64(a ^ mix64(b))) >> 11) * 0x1p-53;
}

// The word `a` of a draw: launch index and block id.
inline std::uint64_t draw_block_word(int launch_index, int bid) {
  return (static_cast<std::uint64_t>(launch_index) << 32) ^ static_cast<std::uint64_t>(bid);
}
// The word `b` of a draw: warp index in block and the instruction's index in the warp's stream.
inline std::uint64_t draw_step_word(int wib, std::uint32_t step) {
  return (static_cast<std::uint64_t>(wib) << 48) ^ (static_cast<std::uint64_t>(step) << 8);
}

}  // namespace rfvar::arch
