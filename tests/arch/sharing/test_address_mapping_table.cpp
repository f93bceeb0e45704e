// Tests of arch/sharing/address_mapping_table.h: Jeon et al., CAL 2019 §3's address mapping table
// (a warp-unit load's key, hit and miss, a store's invalidation, LRU replacement, release).
#include <doctest/doctest.h>

#include <cstdint>
#include <stdexcept>

#include "arch/sharing/address_mapping_table.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar::arch::sharing;

TEST_CASE("address mapping table: GIVEN a recorded load WHEN the same warp-unit load comes THEN it hits") {
  AddressMappingTable t(200, 9);
  const WarpLoad a{0x1000, 4, 32, 4};
  CHECK_FALSE(t.lookup(a, 1));
  CHECK_FALSE(t.insert(a, 7, 1));
  CHECK(t.lookup(a, 2) == 7);
  CHECK_FALSE(t.lookup(WarpLoad{0x1000, 4, 31, 4}, 3));  // fewer active lanes: another load
  CHECK_FALSE(t.lookup(WarpLoad{0x1004, 4, 32, 4}, 3));  // shifted by one lane: no perfect sharing
  CHECK_FALSE(t.lookup(WarpLoad{0x1000, 8, 32, 4}, 3));
  CHECK(t.size() == 1);
}

TEST_CASE(
    "address mapping table: GIVEN two entries WHEN a store writes one word of one THEN only that entry "
    "goes") {
  AddressMappingTable t(0, 9);
  t.insert({0x1000, 4, 32, 4}, 1, 1);          // words 0x1000 .. 0x107c
  t.insert({0x2000, 0, 32, 4}, 2, 1);          // one word, broadcast
  CHECK(t.on_store({0x1f00, 4, 32, 4}) == 0);  // 0x1f00 .. 0x1f7f: neither
  CHECK(t.on_store({0x1080, 4, 1, 4}) == 0);   // the word after the first entry's last
  CHECK(t.on_store({0x107c, 0, 1, 4}) == 1);   // the first entry's last lane
  CHECK_FALSE(t.lookup({0x1000, 4, 32, 4}, 2));
  CHECK(t.lookup({0x2000, 0, 32, 4}, 2) == 2);
  CHECK(t.on_store({0x1ffe, 0, 1, 4}) == 1);  // a misaligned store overlapping the broadcast word
  CHECK(t.size() == 0);
}

TEST_CASE(
    "address mapping table: GIVEN a full table WHEN a miss is recorded THEN the LRU entry is replaced") {
  AddressMappingTable t(2, 9);
  t.insert({0x0, 4, 32, 4}, 1, 1);
  t.insert({0x80, 4, 32, 4}, 2, 2);
  CHECK(t.lookup({0x0, 4, 32, 4}, 3) == 1);       // entry 1 used last
  CHECK(t.insert({0x100, 4, 32, 4}, 3, 4) == 2);  // entry 2 is the least recently used
  CHECK(t.size() == 2);
  CHECK(t.lookup({0x0, 4, 32, 4}, 5) == 1);
  CHECK_FALSE(t.lookup({0x80, 4, 32, 4}, 5));
  CHECK(t.lookup({0x100, 4, 32, 4}, 5) == 3);
}

TEST_CASE(
    "address mapping table: GIVEN no capacity limit WHEN 1000 loads are recorded THEN none is replaced") {
  AddressMappingTable t(0, 9);
  for (int i = 0; i < 1000; ++i)
    CHECK_FALSE(t.insert({static_cast<std::uint64_t>(i) * 128, 4, 32, 4}, i % 10, i));
  CHECK(t.size() == 1000);
  SUBCASE("release removes the entries of one physical register") {
    CHECK(t.release(3) == 100);
    CHECK(t.size() == 900);
    CHECK_FALSE(t.lookup({3 * 128, 4, 32, 4}, 2000));
  }
}

TEST_CASE(
    "address mapping table: a warp-unit key is one stride group; the stride field limits what is recorded") {
  CHECK(warp_load({0x10, 0x14, 0x18}, 4) == WarpLoad{0x10, 4, 3, 4});
  CHECK(warp_load({0x40, 0x40}, 4) == WarpLoad{0x40, 0, 2, 4});
  CHECK(warp_load({0x18, 0x14}, 4) == WarpLoad{0x18, -4, 2, 4});
  CHECK_FALSE(warp_load({0x10, 0x14, 0x1c}, 4));  // two stride groups
  CHECK_FALSE(warp_load({}, 4));
  const AddressMappingTable t(200, 9);  // 9-bit signed byte stride: |stride| <= 255
  CHECK(t.recordable({0, 255, 32, 4}));
  CHECK(t.recordable({0, -255, 32, 4}));
  CHECK_FALSE(t.recordable({0, 256, 32, 4}));
  CHECK_THROWS_AS(AddressMappingTable(-1, 9), std::invalid_argument);
  CHECK_THROWS_AS(AddressMappingTable(200, 1), std::invalid_argument);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
