// A calendar queue of timed events: the SM's pending result write-backs.
//
// Contract: the same pop order as std::priority_queue<E, std::vector<E>, std::greater<>>, i.e. the
// smallest (time, seq) first (E::operator> compares them), for any push order. Fast path: an event
// due less than kBuckets cycles after the earliest queued time goes into the bucket of its cycle (a
// FIFO of up to kSlots events held in place: seq must grow with push order, as the SM's counter does);
// any other event, and one finding its bucket full, waits in a heap that top() and pop() merge in.
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
    if (size_ == 0) base_ = e.time;  // every queued bucket event is due in [base_, base_ + kBuckets)
    ++size_;
    if (e.time < base_ || e.time - base_ >= kBuckets) return far_.push(e);
    const std::uint64_t b = e.time & (kBuckets - 1);
    Bucket& k = buckets_[b];
    if (k.head + k.size == kSlots) return far_.push(e);  // full: the heap keeps (time, seq) order
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
  bool pop_due(std::uint64_t now, E& out) {
    if (size_ == 0) return false;
    const std::size_t i = first_bucket();
    const bool from_far = i == kBuckets || (!far_.empty() && buckets_[i].e[buckets_[i].head] > far_.top());
    const E& e = from_far ? far_.top() : buckets_[i].e[buckets_[i].head];
    if (e.time > now) return false;
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
    if (size_ == 0) return;
    for (auto& b : buckets_) b.size = 0, b.head = 0;
    for (auto& w : nonempty_) w = 0;
    far_ = {};
    size_ = 0;
  }

 private:
  struct Bucket {
    std::uint8_t head = 0, size = 0;  // e[head .. head + size) queued, all due in one cycle
    E e[kSlots];
  };
  static constexpr std::size_t kWords = kBuckets / 64;

  void pop_bucket(std::size_t i) {
    Bucket& b = buckets_[i];
    base_ = b.e[b.head].time;  // the earliest bucket event: the rest stay in [base_, base_ + kBuckets)
    ++b.head;
    if (--b.size == 0) {
      b.head = 0;
      nonempty_[i / 64] &= ~(1ull << (i % 64));
    }
  }

  // The bucket of the earliest queued bucket event: the first non-empty one from base_ on, cyclically
  // (kBuckets if none).
  std::size_t first_bucket() const {
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
  std::uint64_t base_ = 0;
  std::size_t size_ = 0;
};

}  // namespace rfvar::arch
