// A fixed-capacity FIFO that grows by doubling when full: the register file's per-bank request
// queues (register_file.h), with no allocation per push.
//
// Contract: init(cap) empties the queue with capacity `cap` (a power of two); push() never fails
// (a full queue doubles, keeping its order); front() / pop() require a non-empty queue, pop_n(n) one
// with at least n (0 or 1) entries.
#pragma once

#include <cstdint>
#include <vector>

namespace rfvar::arch {

template <typename T>
struct Ring {
  std::vector<T> buf;
  std::uint32_t head = 0, size = 0;
  std::uint32_t mask = 0;  // capacity - 1 (capacity is a power of two)
  void init(std::size_t cap) {
    buf.assign(cap, T{}), head = size = 0, mask = static_cast<std::uint32_t>(cap - 1);
  }
  bool empty() const { return size == 0; }
  T& front() { return buf[head]; }
  void pop() { head = (head + 1) & mask, --size; }
  // pop() if n is 1, nothing if 0, without a branch (the register file's arbitration: register_file.h).
  void pop_n(std::uint32_t n) { head = (head + n) & mask, size -= n; }
  void push(const T& v) {
    if (size == buf.size()) [[unlikely]]
      grow();
    buf[(head + size) & mask] = v;
    ++size;
  }
  void grow() {  // rare: unroll into a larger buffer
    std::vector<T> nb(buf.size() * 2);
    for (std::uint32_t i = 0; i < size; ++i) nb[i] = buf[(head + i) & mask];
    buf.swap(nb);
    head = 0;
    mask = static_cast<std::uint32_t>(buf.size() - 1);
  }
};

}  // namespace rfvar::arch
