// Running work in a child process, so that a crash or a hang inside a third-party library it calls
// cannot take the calling process down: libhdf5 1.10 can segfault or loop forever on a corrupt file
// before it returns an error (fuzz/README.md "libhdf5 on corrupt images").
//
// Contract: run_isolated(f, seconds) forks. The child runs f() with the default action restored for
// SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT and SIGALRM, an alarm of `seconds` (0 counts as 1), its stdout and stderr
// sent to /dev/null, and ends with _exit() (no exit handlers: nothing of the parent's, such as its
// open output files, is flushed or closed by the child). Nothing f() changes reaches the caller;
// the caller then does the same work itself, knowing it returns. Outcomes: Ok (f() returned),
// Threw (f() threw), TimedOut (still running after `seconds`: killed), Crashed (killed by `signal`,
// or ended with another exit status, such as a sanitizer's report). If fork() fails the outcome is
// Ok with `isolated` false: the caller proceeds unprotected. Call it only while no other thread of
// the process is inside the library f() uses (the child gets that library's state as it is).
#pragma once

#include <functional>
#include <string>

namespace rfvar {

struct IsolatedOutcome {
  enum class Kind { Ok, Threw, Crashed, TimedOut } kind = Kind::Ok;
  int signal = 0;         // Crashed: the signal that ended the child (0: it exited with `status`)
  int status = 0;         // Crashed without a signal: the child's exit status
  bool isolated = true;   // false: fork() failed and nothing was run
  // "signal 11 (Segmentation fault)", "exit status 1": how a Crashed child ended.
  std::string describe() const;
};

IsolatedOutcome run_isolated(const std::function<void()>& f, unsigned seconds);

}  // namespace rfvar
