// Running work in a child process (see isolated_run.h for the contract).
#include "common/isolated_run.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>

namespace rfvar {

namespace {
constexpr int kThrew = 3;  // the child's exit status when f() threw
}  // namespace

std::string IsolatedOutcome::describe() const {
  if (signal != 0) return "signal " + std::to_string(signal) + " (" + strsignal(signal) + ")";
  return "exit status " + std::to_string(status);
}

IsolatedOutcome run_isolated(const std::function<void()>& f, unsigned seconds) {
  const pid_t pid = fork();
  if (pid < 0) return {IsolatedOutcome::Kind::Ok, 0, 0, false};
  if (pid == 0) {  // the child: default crash actions (not the parent's or a sanitizer's handlers)
    struct sigaction dfl {};
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    for (int s : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGALRM}) sigaction(s, &dfl, nullptr);
    sigset_t all;
    sigemptyset(&all);
    sigprocmask(SIG_SETMASK, &all, nullptr);
    const int null = open("/dev/null", O_WRONLY);
    if (null >= 0) dup2(null, 1), dup2(null, 2);
    alarm(seconds > 0 ? seconds : 1);  // alarm(0) would set no bound
    int status = 0;
    try {
      f();
    } catch (...) {
      status = kThrew;
    }
    _exit(status);
  }
  int st = 0;
  while (waitpid(pid, &st, 0) < 0)
    if (errno != EINTR) return {IsolatedOutcome::Kind::Crashed, 0, -1, true};
  if (WIFSIGNALED(st)) {
    const int s = WTERMSIG(st);
    return {s == SIGALRM ? IsolatedOutcome::Kind::TimedOut : IsolatedOutcome::Kind::Crashed, s, 0, true};
  }
  const int code = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  if (code == 0) return {IsolatedOutcome::Kind::Ok, 0, 0, true};
  if (code == kThrew) return {IsolatedOutcome::Kind::Threw, 0, code, true};
  return {IsolatedOutcome::Kind::Crashed, 0, code, true};
}

}  // namespace rfvar
