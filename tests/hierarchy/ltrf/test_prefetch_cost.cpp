#include <doctest/doctest.h>

#include "hierarchy/ltrf/prefetch_cost.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar::arch::ltrf;

namespace {
TransferParams fermi() {
  TransferParams p;  // 16 banks, 1-cycle banks at 1x, crossbar 4x narrower (4 cycles per register)
  p.banks_per_group = 16;
  p.groups = 1;
  p.bank_cycles_1x = 1.0;
  p.xbar_narrowing = 4;
  p.xbar_cycles_1x = 1.0;
  return p;
}
RegSet regs(std::initializer_list<int> ids) {
  RegSet s;
  for (int r : ids) s.set(static_cast<std::size_t>(r));
  return s;
}
}  // namespace

TEST_CASE("GIVEN working sets with more and more registers in one bank WHEN prefetched THEN the latency grows with the conflicts") {
  const TransferParams p = fermi();
  // Warp 0: Eq. 3 puts r, r+16, r+32 ... in the same bank.
  const RegSet spread = regs({0, 1, 2, 3});   // 4 banks, no conflict
  const RegSet two = regs({0, 16, 1, 17});    // 2 per bank
  const RegSet four = regs({0, 16, 32, 48});  // 4 in bank 0
  CHECK(max_bank_load(p, 0, spread) == 1);
  CHECK(max_bank_load(p, 0, two) == 2);
  CHECK(max_bank_load(p, 0, four) == 4);
  for (double lat : {1.0, 2.8, 6.3}) {
    CAPTURE(lat);
    const int c1 = transfer_cycles(p, 0, spread, lat);
    const int c2 = transfer_cycles(p, 0, two, lat);
    const int c4 = transfer_cycles(p, 0, four, lat);
    CHECK(c1 < c2);
    CHECK(c2 < c4);
  }
  // Conflict-free: one bank access plus one narrow-crossbar traversal.
  CHECK(transfer_cycles(p, 0, spread, 1.0) == 5);
  // Four in one bank at 6.3x: banks serialize (4 x 6.3) and the last register crosses (4).
  CHECK(transfer_cycles(p, 0, four, 6.3) == 30);  // ceil(25.2 + 4)
  CHECK(transfer_cycles(p, 0, RegSet{}, 6.3) == 0);
}

TEST_CASE("GIVEN the same registers WHEN the main RF is slower or the crossbar wider THEN the prefetch time follows") {
  TransferParams p = fermi();
  const RegSet ws = regs({0, 1, 2, 3, 4, 5, 6, 7});
  CHECK(transfer_cycles(p, 3, ws, 1.0) < transfer_cycles(p, 3, ws, 5.3));
  TransferParams wide = p;
  wide.xbar_narrowing = 1;
  CHECK(transfer_cycles(wide, 3, ws, 1.0) < transfer_cycles(p, 3, ws, 1.0));
  // Eq. 3 shifts banks by the warp id: a working set conflict-free for one warp stays so for another.
  CHECK(max_bank_load(p, 5, ws) == 1);
}

TEST_CASE("GIVEN two warps prefetching at once WHEN their registers share banks THEN the shared ports make the second wait") {
  const TransferParams p = fermi();
  MainRfPorts ports(p);
  const RegSet ws = regs({0, 1, 2, 3});
  const auto first = ports.schedule(100, 0, ws, 2.0);
  const auto second = ports.schedule(100, 0, ws, 2.0);  // same banks (same warp id mapping)
  CHECK(first == 100 + transfer_cycles(p, 0, ws, 2.0));
  CHECK(second > first);
  MainRfPorts fresh(p);
  fresh.schedule(100, 0, ws, 2.0);
  CHECK(fresh.schedule(100, 8, ws, 2.0) == first);  // warp 8's registers land in banks 8-11
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
