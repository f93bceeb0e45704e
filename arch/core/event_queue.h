// A calendar queue of timed events: the SM's pending result write-backs.
//
// Contract: the same pop order as std::priority_queue<E, std::vector<E>, std::greater<>>, i.e. the
// smallest (time, seq) first (E::operator> compares them), for any push order. Fast path: an event
// due less than kBuckets cycles after the last pop_due()'s `now` goes into the bucket of its cycle (a
// FIFO of up to kSlots events held in place: seq must grow with push order, as the SM's counter does)
// if the bucket events, it included, span less than kBuckets cycles; any other event, and one finding
// its bucket full, waits in a heap that top() and pop() merge in. The placement depends on `now`
// only for speed, never the order.
// top() and pop() require !empty(). The buckets are one array of kBuckets x kSlots events (~13 KB),
// so a queue stays in the L1 cache while the N-SM mode steps its SMs in turn (docs/performance.md).
#pragma once

#include <bit>
#include <cstdint>
#include <functional>
#include <queue>
#include <vector>

namespace rfvar::arch {

template <typename E>
class CalendarQueue {
 public:
  static constexpr std::uint64_t kBuckets = 64;  // power of two, > the SM's ALU, shared-memory and L1-hit latencies
  static constexpr std::uint8_t kSlots = 6;      // events per bucket held in place

  CalendarQueue() : buckets_(kBuckets) {}
  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }

  void push(const E& e) {
    ++size_;
    // An event due kBuckets cycles or more after the last pop_due()'s `now` waits in the heap, so
    // that a long latency does not hold the window away from the short ones that follow.
    if (e.time - now_ >= kBuckets) return push_far(e);
    if (nbucket_ == 0) base_ = high_ = e.time;
    // The bucket events, this one included, must stay within one window of kBuckets cycles (one time
    // per bucket); an event earlier than the others widens the window downward when it can.
    const std::uint64_t lo = std::min(base_, e.time), hi = std::max(high_, e.time);
    if (hi - lo >= kBuckets) return push_far(e);
    const std::uint64_t b = e.time & (kBuckets - 1);
    Bucket& k = buckets_[b];
    if (k.head + k.size == kSlots) return push_far(e);  // full: the heap keeps (time, seq) order
    base_ = lo;
    high_ = hi;
    ++nbucket_;
    k.e[k.head + k.size++] = e;
    nonempty_[b / 64] |= 1ull << (b % 64);
  }

  const E& top() const {
    const std::size_t i = first_bucket();
    if (i == kBuckets) return far_.top();
    const E& e = buckets_[i].e[buckets_[i].head];
    return !far_.empty() && e > far_.top() ? far_.top() : e;
  }

  void pop() {
    const std::size_t i = first_bucket();
    --size_;
    if (i == kBuckets || (!far_.empty() && buckets_[i].e[buckets_[i].head] > far_.top())) return far_.pop();
    pop_bucket(i);
  }

  // Pops the earliest event into `out` if it is due at or before `now`.
  // `now` must not decrease between calls (it places later pushes: push()).
  bool pop_due(std::uint64_t now, E& out) {
    now_ = now;
    if (size_ == 0) return false;
    const std::size_t i = first_bucket();
    const bool from_far = i == kBuckets || (!far_.empty() && buckets_[i].e[buckets_[i].head] > far_.top());
    const E& e = from_far ? far_.top() : buckets_[i].e[buckets_[i].head];
    if (e.time > now) {
      if (i != kBuckets) base_ = buckets_[i].e[buckets_[i].head].time;  // the earliest bucket event
      return false;
    }
    out = e;
    --size_;
    if (from_far) {
      far_.pop();
    } else {
      pop_bucket(i);
    }
    return true;
  }

  void clear() {
    now_ = 0;
    if (size_ == 0) return;
    for (auto& b : buckets_) b.size = 0, b.head = 0;
    for (auto& w : nonempty_) w = 0;
    far_ = {};
    size_ = nbucket_ = 0;
  }

 private:
  struct Bucket {
    std::uint8_t head = 0, size = 0;  // e[head .. head + size) queued, all due in one cycle
    E e[kSlots];
  };
  static constexpr std::size_t kWords = kBuckets / 64;

  // Out of line, so that push()'s bucket path stays small enough to inline at its callers.
  [[gnu::noinline]] void push_far(const E& e) { far_.push(e); }

  void pop_bucket(std::size_t i) {
    Bucket& b = buckets_[i];
    base_ = b.e[b.head].time;  // the earliest bucket event: the rest stay in [base_, base_ + kBuckets)
    --nbucket_;
    ++b.head;
    if (--b.size == 0) {
      b.head = 0;
      nonempty_[i / 64] &= ~(1ull << (i % 64));
    }
  }

  // The bucket of the earliest queued bucket event: the first non-empty one from base_ on, cyclically
  // (kBuckets if none).
  std::size_t first_bucket() const {
    if (nbucket_ == 0) return kBuckets;
    const std::uint64_t start = base_ & (kBuckets - 1);
    std::size_t w = start / 64;
    std::uint64_t m = nonempty_[w] & (~0ull << (start % 64));
    for (std::size_t n = 0; n <= kWords; ++n) {
      if (m) return w * 64 + static_cast<std::size_t>(std::countr_zero(m));
      w = (w + 1) % kWords;
      m = nonempty_[w];
    }
    return kBuckets;
  }

  std::vector<Bucket> buckets_;
  std::uint64_t nonempty_[kWords] = {};
  std::priority_queue<E, std::vector<E>, std::greater<>> far_;
  std::uint64_t now_ = 0;               // the last pop_due()'s now
  std::uint64_t base_ = 0, high_ = 0;  // the bucket events' times lie in [base_, high_], high_ < base_ + kBuckets
  std::size_t size_ = 0, nbucket_ = 0;  // events queued; of them in buckets
};

}  // namespace rfvar::arch
