// A progress bar on stderr for anything that takes more than a few seconds.
//
// Contract: tick() is thread-safe and cheap (one atomic add; redraws at most every 100 ms, from
// whichever thread crosses the interval). Nothing is drawn unless enabled and stderr is a terminal,
// so logs and --json output stay clean. Models receive a Progress* (may be null) and only tick();
// they never print.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>

namespace rfvar {

class Progress {
 public:
  Progress(std::string label, std::uint64_t total, bool enabled = true);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  void tick(std::uint64_t n = 1);
  void finish();  // final redraw and newline; called by the destructor if needed
  std::uint64_t done() const { return done_.load(); }

  // Null-safe helper for model code.
  static void tick(Progress* p, std::uint64_t n = 1) {
    if (p) p->tick(n);
  }

 private:
  void draw(bool final);
  std::string label_;
  std::uint64_t total_;
  bool enabled_;
  bool finished_ = false;
  std::atomic<std::uint64_t> done_{0};
  std::atomic<std::int64_t> last_draw_ns_{0};
  std::chrono::steady_clock::time_point start_;
  std::mutex draw_mutex_;
};

}  // namespace rfvar
