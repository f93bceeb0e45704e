// Rotating-priority iteration over a 64-bit mask: the SM's round-robin walks (bank arbitration in
// arch/regfile/register_file.h, collector-unit dispatch in arch/sm/sm_operands.cpp).
//
// Contract: for_each_bit_from(m, start, f) calls f(bit) for the set bits of m in the order start,
// start+1, ..., 63, 0, ..., start-1 (0 <= start < 64); m is read once, before the first call.
#pragma once

#include <bit>
#include <cstdint>

namespace rfvar::arch {

template <typename F>
inline void for_each_bit_from(std::uint64_t m, int start, F&& f) {
  // Bit j of the rotated mask is bit (start + j) % 64 of m: one loop, so f is inlined.
  for (std::uint64_t h = std::rotr(m, start); h; h &= h - 1) f((std::countr_zero(h) + start) & 63);
}

}  // namespace rfvar::arch
