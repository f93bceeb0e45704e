// Tests of the register file's request queue (arch/regfile/ring.h): FIFO order across growth and
// the branch-free pop_n().
#include <doctest/doctest.h>

#include "arch/regfile/ring.h"

namespace {
namespace RFVAR_UNITY_ID {

using rfvar::arch::Ring;

TEST_CASE("GIVEN a ring of 4 that wrapped WHEN it grows past its capacity THEN it keeps FIFO order") {
  Ring<int> r;
  r.init(4);
  for (int i = 0; i < 3; ++i) r.push(i);
  r.pop(), r.pop();  // head at 2: the next pushes wrap around
  for (int i = 3; i < 12; ++i) r.push(i);  // 10 entries: it doubled twice
  CHECK(r.buf.size() == 16);
  for (int i = 2; i < 12; ++i) {
    REQUIRE(!r.empty());
    CHECK(r.front() == i);
    r.pop();
  }
  CHECK(r.empty());
}

TEST_CASE("GIVEN a ring WHEN pop_n(0) and pop_n(1) THEN nothing and one entry leave") {
  Ring<int> r;
  r.init(2);
  r.push(7), r.push(8), r.push(9);  // grown to 4
  r.pop_n(0);
  CHECK(r.size == 3);
  CHECK(r.front() == 7);
  r.pop_n(1);
  CHECK(r.size == 2);
  CHECK(r.front() == 8);
  r.pop_n(1), r.pop_n(1);
  CHECK(r.empty());
  r.push(10);  // into the last slot, where the head now is
  CHECK(r.front() == 10);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
