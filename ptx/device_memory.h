// The device's global memory: one flat byte array at kGlobalBase holding the module's .global
// variables first, then the buffers a harness allocates, and the generic-address windows of the
// per-block and per-thread spaces.
//
// Contract: allocate() returns 256-byte aligned device addresses in increasing order; contents
// persist across launches until the DeviceMemory is destroyed. Memory is zero-initialized.
// at() checks bounds and returns nullptr for an address range outside the allocated memory.
// Generic addresses: [kSharedWindow, kSharedWindow + 2^32) is the block's shared space,
// [kLocalWindow, kLocalWindow + 2^32) the thread's local space, [kConstWindow, +2^32) const,
// anything else global (cvta adds / subtracts the window base).
#pragma once

#include <cstdint>
#include <vector>

namespace rfvar::arch::ptx {

inline constexpr std::uint64_t kGlobalBase = 0x10000000ull;
inline constexpr std::uint64_t kSharedWindow = 0x7f0000000000ull;
inline constexpr std::uint64_t kLocalWindow = 0x7e0000000000ull;
inline constexpr std::uint64_t kConstWindow = 0x7d0000000000ull;
inline constexpr std::uint64_t kWindowBytes = 0x100000000ull;
inline constexpr std::uint64_t kAllocAlign = 256;

class DeviceMemory {
 public:
  // A device address of `bytes` zeroed bytes, 256-byte aligned.
  std::uint64_t allocate(std::uint64_t bytes) {
    const std::uint64_t at = (bytes_.size() + kAllocAlign - 1) / kAllocAlign * kAllocAlign;
    bytes_.resize(at + (bytes == 0 ? 1 : bytes), 0);
    return kGlobalBase + at;
  }
  unsigned char* at(std::uint64_t addr, std::uint64_t n) {
    if (addr < kGlobalBase || addr - kGlobalBase + n > bytes_.size()) return nullptr;
    return bytes_.data() + (addr - kGlobalBase);
  }
  const unsigned char* at(std::uint64_t addr, std::uint64_t n) const {
    return const_cast<DeviceMemory*>(this)->at(addr, n);
  }
  std::uint64_t size() const { return bytes_.size(); }

 private:
  std::vector<unsigned char> bytes_;
};

}  // namespace rfvar::arch::ptx
