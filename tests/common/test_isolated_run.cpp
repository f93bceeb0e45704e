// common/isolated_run.h: a child process's four outcomes, and that nothing it changes reaches the
// caller.
#include <doctest/doctest.h>

#include <csignal>
#include <cstdlib>
#include <stdexcept>

#include "common/isolated_run.h"

namespace {
namespace RFVAR_UNITY_ID {

using rfvar::IsolatedOutcome;
using rfvar::run_isolated;

TEST_CASE("run_isolated: a function that returns is Ok, and its changes stay in the child") {
  int touched = 0;
  const IsolatedOutcome o = run_isolated([&] { touched = 1; }, 5);
  CHECK(o.kind == IsolatedOutcome::Kind::Ok);
  CHECK(o.isolated);
  CHECK(touched == 0);
}

TEST_CASE("run_isolated: a function that throws is Threw") {
  const IsolatedOutcome o = run_isolated([] { throw std::runtime_error("no"); }, 5);
  CHECK(o.kind == IsolatedOutcome::Kind::Threw);
}

TEST_CASE("run_isolated: a crash is Crashed with its signal, the caller goes on") {
  const IsolatedOutcome o = run_isolated([] { std::raise(SIGSEGV); }, 5);
  CHECK(o.kind == IsolatedOutcome::Kind::Crashed);
  CHECK(o.signal == SIGSEGV);
  CHECK(o.describe().find("signal 11") == 0);
  const IsolatedOutcome a = run_isolated([] { std::abort(); }, 5);
  CHECK(a.kind == IsolatedOutcome::Kind::Crashed);
  CHECK(a.signal == SIGABRT);
}

TEST_CASE("run_isolated: a function still running after its seconds is TimedOut") {
  const IsolatedOutcome o = run_isolated(
      [] {
        volatile unsigned long spin = 0;
        for (;;) spin = spin + 1;
      },
      1);
  CHECK(o.kind == IsolatedOutcome::Kind::TimedOut);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
