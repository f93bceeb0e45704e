#include "common/progress.h"

#include <unistd.h>

#include <cstdio>

namespace rfvar {

Progress::Progress(std::string label, std::uint64_t total, bool enabled)
    : label_(std::move(label)), total_(total), enabled_(enabled && ::isatty(2)),
      start_(std::chrono::steady_clock::now()) {}

Progress::~Progress() { finish(); }

void Progress::tick(std::uint64_t n) {
  done_.fetch_add(n, std::memory_order_relaxed);
  if (!enabled_) return;
  const auto now = std::chrono::duration_cast<std::chrono::nanoseconds>(
                       std::chrono::steady_clock::now() - start_).count();
  std::int64_t last = last_draw_ns_.load(std::memory_order_relaxed);
  if (now - last < 100'000'000) return;
  if (!last_draw_ns_.compare_exchange_strong(last, now)) return;
  draw(false);
}

void Progress::finish() {
  if (finished_) return;
  finished_ = true;
  if (enabled_) draw(true);
}

void Progress::draw(bool final) {
  std::lock_guard<std::mutex> lock(draw_mutex_);
  const std::uint64_t d = done_.load();
  const double frac = total_ ? static_cast<double>(d) / static_cast<double>(total_) : 1.0;
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  const int width = 30;
  const int fill = static_cast<int>(frac * width + 0.5);
  char bar[width + 1];
  for (int i = 0; i < width; ++i) bar[i] = i < fill ? '#' : '.';
  bar[width] = '\0';
  const double eta = frac > 0 ? secs * (1 - frac) / frac : 0;
  std::fprintf(stderr, "\r%-12s [%s] %llu/%llu  %.1fs elapsed, ~%.0fs left ", label_.c_str(), bar,
               static_cast<unsigned long long>(d), static_cast<unsigned long long>(total_), secs,
               final ? 0.0 : eta);
  if (final) std::fputc('\n', stderr);
  std::fflush(stderr);
}

}  // namespace rfvar
