#include <doctest/doctest.h>

#include "arch/core/params.h"
#include "hierarchy/ltrf/rf_capacity.h"
#include "common/config.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar::arch;

namespace {
Kernel kernel(int block_threads, int regs, int smem) {
  Kernel k;
  k.name = "k";
  k.block_threads = block_threads;
  k.regs_per_thread = regs;
  k.smem_bytes = smem;
  return k;
}
}  // namespace

TEST_CASE("GIVEN a register-limited kernel WHEN the main RF is 8x larger THEN more blocks and warps are resident") {
  const ArchParams p = ArchParams::from_config(rfvar::Config::load_default());
  const Kernel k = kernel(256, 35, 3072);  // hotspot-like: 32768 / (256 * 36) = 3 blocks
  CHECK(ltrf::blocks_with_capacity(k, p, 1.0) == 3);
  CHECK(ltrf::blocks_with_capacity(k, p, 8.0) == 6);  // now the 1536-thread limit binds
  CHECK(ltrf::warps_with_capacity(k, p, 8.0) == 48);
}

TEST_CASE("GIVEN a register-insensitive kernel WHEN the main RF is 8x larger THEN occupancy does not change") {
  const ArchParams p = ArchParams::from_config(rfvar::Config::load_default());
  const Kernel k = kernel(128, 8, 0);  // limited by the 8-block limit
  CHECK(ltrf::blocks_with_capacity(k, p, 8.0) == ltrf::blocks_with_capacity(k, p, 1.0));
  CHECK_THROWS_AS(ltrf::blocks_with_capacity(k, p, 0.0), rfvar::InputError);
}

TEST_CASE("GIVEN 8 active warps with 16-register partitions WHEN the fair baseline is sized THEN it adds the RFC's storage") {
  const ArchParams p = ArchParams::from_config(rfvar::Config::load_default());
  // 8 x 16 x 32 = 4096 registers = 16 KB on top of 32768 (LTRF §5's "+16KB")
  CHECK(ltrf::baseline_capacity_with_rfc(p, 8, 16) == doctest::Approx(1.125));
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
