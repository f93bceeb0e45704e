// Tests for common/parallel_jobs.h.
#include <doctest/doctest.h>

#include <atomic>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/config.h"
#include "common/parallel_jobs.h"

namespace {
namespace RFVAR_UNITY_ID {

using rfvar::InputError;
using rfvar::parallel_jobs;
using rfvar::Progress;

TEST_CASE("GIVEN 100 jobs WHEN run in parallel THEN each index runs once, writes its own slot and ticks") {
  std::vector<int> out(100, -1);
  Progress bar("test", 100, false);
  parallel_jobs(100, &bar, [&](int i) { out[static_cast<std::size_t>(i)] = i * i; });
  for (int i = 0; i < 100; ++i) CHECK(out[static_cast<std::size_t>(i)] == i * i);
  CHECK(bar.done() == 100);
  parallel_jobs(0, nullptr, [&](int) { FAIL("no job expected"); });
}

TEST_CASE(
    "GIVEN failing jobs WHEN the loop ends THEN every job ran and the lowest index's exception is rethrown "
    "as thrown") {
  std::atomic<int> ran{0};
  Progress bar("test", 40, false);
  auto jobs = [&](int i) {
    ++ran;
    if (i == 7) throw InputError("job 7");
    if (i == 3 || i == 30) throw std::runtime_error("job " + std::to_string(i));
  };
  CHECK_THROWS_WITH_AS(parallel_jobs(40, &bar, jobs), "job 3", std::runtime_error);
  CHECK(ran == 40);
  CHECK(bar.done() == 40);
  CHECK_THROWS_WITH_AS(parallel_jobs(5, nullptr,
                                     [](int i) {
                                       if (i >= 2) throw InputError("bad " + std::to_string(i));
                                     }),
                       "bad 2", InputError);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
