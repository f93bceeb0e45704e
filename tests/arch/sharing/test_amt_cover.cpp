// Tests of AddressMappingTable::cover() (partial sharing's search, Jeon et al., CAL 2019 §2.2, §3).
#include <doctest/doctest.h>

#include <vector>

#include "arch/sharing/address_mapping_table.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar::arch::sharing;

WarpLoad words(std::uint64_t first_word, int count = 32) { return {first_word * 4, 4, count, 4, 0}; }

TEST_CASE("address mapping table cover: GIVEN words 0-31 and 32-63 THEN words 16-47 are covered by both, shifted") {
  AddressMappingTable t(0, 9);
  t.insert(words(0), 5, 1);
  t.insert(words(32), 6, 2);
  const auto c = t.cover(words(16), {});
  REQUIRE(c);
  CHECK(c->n == 2);
  CHECK(c->phys[0] == 5);
  CHECK(c->phys[1] == 6);
  CHECK(c->lanes[0] == 0x0000FFFFu);  // lanes 0-15 from register 5's lanes 16-31
  CHECK(c->shift[0] == 16);
  CHECK(c->lanes[1] == 0xFFFF0000u);  // lanes 16-31 from register 6's lanes 0-15
  CHECK(c->shift[1] == -16);
  // One entry alone covers a load of its own words 1-31 (shift 1).
  const auto one = t.cover(words(1, 31), {});
  REQUIRE(one);
  CHECK(one->n == 1);
  CHECK(one->shift[0] == 1);
  // Words 48-79: the second half is in no entry.
  CHECK_FALSE(t.cover(words(48), {}));
  // A register flagged unavailable is not a source.
  std::vector<std::uint8_t> busy(8, 0);
  busy[6] = 1;
  CHECK_FALSE(t.cover(words(16), busy));
  // Another width, or a broadcast, is not covered.
  CHECK_FALSE(t.cover({64, 4, 32, 8, 0}, {}));
  CHECK_FALSE(t.cover({64, 0, 32, 4, 0}, {}));
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
