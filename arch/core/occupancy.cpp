#include "arch/core/occupancy.h"

#include <algorithm>
#include <string>

#include "common/config.h"

namespace rfvar::arch {

int max_blocks_per_sm(const Kernel& k, const ArchParams& p, bool count_registers) {
  const int pad_cta = (k.block_threads + 31) / 32 * 32;
  const int regs4 = (k.regs_per_thread + 3) & ~3;  // GPGPU-Sim rounds registers up to a multiple of 4
  int n = std::min(p.max_threads_per_sm / pad_cta, p.max_blocks_per_sm);
  if (k.smem_bytes > 0) n = std::min(n, p.smem_bytes_per_sm / k.smem_bytes);
  if (count_registers) n = std::min(n, p.registers_per_sm / (pad_cta * regs4));
  if (n < 1)
    throw InputError("kernel '" + k.name + "' does not fit on an SM (block " + std::to_string(k.block_threads) +
                     " threads, " + std::to_string(k.regs_per_thread) + " registers, " +
                     std::to_string(k.smem_bytes) + " B shared memory)");
  return n;
}

}  // namespace rfvar::arch
