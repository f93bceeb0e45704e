// The dynamic memory behaviour of one traced warp memory instruction: coalesced line requests
// (global / local / const) or the shared-memory bank-conflict degree.
//
// Contract: pure functions of the active lanes' byte addresses, given in lane order.
// append_lines() appends each distinct line (address / line_bytes, low 56 bits, with the space's
// tag in bits 56-63: global 0, local 1, const 2) in order of first appearance and returns how many
// it appended (0 for no lanes). shared_conflict_degree() is the number of serialized passes over 32
// banks of 4-byte words: the most distinct words any bank holds among all words the lanes touch
// (`width_bytes` from each address, 1..kMaxLaneBytes, of at most 32 lanes; a word several lanes
// read is one broadcast), at least 1.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "workload/kernel.h"

namespace rfvar::arch::accelsim {

inline constexpr int kSpaceTagShift = 56;
inline constexpr int kSharedBanks = 32;
inline constexpr int kSharedBankBytes = 4;
inline constexpr int kMaxLaneBytes = 32;  // widest access per lane the reader accepts (mem_width)

std::uint64_t space_tag(MemSpace space);

std::uint32_t append_lines(std::span<const std::uint64_t> addrs, std::uint64_t line_bytes, MemSpace space,
                           std::vector<std::uint64_t>& lines);

std::uint32_t shared_conflict_degree(std::span<const std::uint64_t> addrs, int width_bytes);

}  // namespace rfvar::arch::accelsim
