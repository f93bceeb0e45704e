// Bytes in, bytes out: the exchange format of job results between the ranks of a distributed run
// (common/job_distributor.h).
//
// Contract: ByteWriter appends values in native byte order (the ranks of one run share one build
// and one architecture); ByteReader reads them back in the order written, bit for bit (a double
// keeps every bit, NaNs included). Only trivially copyable values and vectors of them; reading past
// the end throws std::out_of_range (a truncated or misordered message is a bug, never silent).
#pragma once

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace rfvar {

class ByteWriter {
 public:
  template <class T>
    requires std::is_trivially_copyable_v<T>
  void put(const T& v) {
    const auto* p = reinterpret_cast<const char*>(&v);
    buf_.append(p, sizeof(T));
  }
  template <class T>
    requires std::is_trivially_copyable_v<T>
  void put(const std::vector<T>& v) {
    put(static_cast<std::uint64_t>(v.size()));
    if (!v.empty()) buf_.append(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(T));
  }
  void put(const std::string& s) {
    put(static_cast<std::uint64_t>(s.size()));
    buf_.append(s);
  }
  const std::string& bytes() const { return buf_; }
  std::string take() { return std::move(buf_); }

 private:
  std::string buf_;
};

class ByteReader {
 public:
  explicit ByteReader(const std::string& bytes) : data_(bytes.data()), size_(bytes.size()) {}
  template <class T>
    requires std::is_trivially_copyable_v<T>
  void get(T& v) {
    need(sizeof(T));
    std::memcpy(&v, data_ + at_, sizeof(T));
    at_ += sizeof(T);
  }
  template <class T>
    requires std::is_trivially_copyable_v<T>
  void get(std::vector<T>& v) {
    std::uint64_t n = 0;
    get(n);
    need(n * sizeof(T));
    v.resize(static_cast<std::size_t>(n));
    if (n) std::memcpy(v.data(), data_ + at_, static_cast<std::size_t>(n) * sizeof(T));
    at_ += static_cast<std::size_t>(n) * sizeof(T);
  }
  void get(std::string& s) {
    std::uint64_t n = 0;
    get(n);
    need(n);
    s.assign(data_ + at_, static_cast<std::size_t>(n));
    at_ += static_cast<std::size_t>(n);
  }
  template <class T>
  T get() {
    T v{};
    get(v);
    return v;
  }
  bool done() const { return at_ == size_; }

 private:
  void need(std::uint64_t n) const {
    if (n > size_ - at_) throw std::out_of_range("ByteReader: read past the end of a job message");
  }
  const char* data_;
  std::size_t size_;
  std::size_t at_ = 0;
};

}  // namespace rfvar
