// Coalescing of one warp's global/local access into cache-line requests (GPGPU-Sim Fermi model:
// the active lanes' addresses split into line-sized, line-aligned requests; one request per distinct
// line; GPGPU-Sim shader.cc memory_coalescing_arch_13 with 128 B segments for cached accesses).
//
// Contract: coalesce() evaluates an AddrStream (workload/kernel.h) for the active lanes of
// `mask` and writes the distinct line addresses (byte address / line_bytes, region in the high
// bits) in ascending order to `lines`; it returns their count (0 for an empty mask, at most 32).
#pragma once

#include <cstdint>

#include "workload/kernel.h"

namespace rfvar::arch {

// The byte address of thread `tid` (index in the block) of block `bid` in iteration `iter` of the
// innermost enclosing loop and `iter2` of the second-innermost one, region bits included.
std::uint64_t stream_address(const AddrStream& s, int bid, int tid, std::int32_t iter, std::int32_t iter2);

int coalesce(const AddrStream& s, int bid, int wib, std::int32_t iter, std::int32_t iter2, std::uint32_t mask,
             int line_bytes,
             std::uint64_t lines[32]);

}  // namespace rfvar::arch
