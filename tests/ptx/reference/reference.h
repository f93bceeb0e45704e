// CPU references of the CUDA benchmarks in data/cuda/: given the initial contents of a harness's
// buffers (after the harness initialized them from its seed, before any launch), compute what the
// output buffers hold after the harness's launch sequence. The PTX interpreter's results are
// compared with these (tests/ptx/test_benchmarks.cpp).
//
// Contract: a reference is a plain C++ transcription of the benchmark's algorithm, written from the
// algorithm (not from the PTX); it reads buffers by name and returns the expected bytes of each
// buffer it checks, with the tolerance the comparison allows (elementwise: |got - want| <= abs_tol
// + rel_tol * |want| for floating types; integers exact unless tolerances are set).
#pragma once

#include <cstdint>
#include <cstring>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace rfvar::test {

using Buffers = std::map<std::string, std::vector<unsigned char>>;

struct Expected {
  std::string buffer;               // harness buffer name
  std::string type;                 // element type as in the harness: u8 s8 u16 s16 u32 s32 u64 s64 f32 f64
  std::vector<unsigned char> bytes; // expected final contents (whole buffer, or a prefix)
  double rel_tol = 0.0;
  double abs_tol = 0.0;
};

// name of the harness file without extension (e.g. "hotspot-small") -> reference
using Reference = std::function<std::vector<Expected>(const Buffers& initial)>;
std::map<std::string, Reference> rodinia_references();  // reference_rodinia.cpp: hotspot bfs bp nw lavamd nn
std::map<std::string, Reference> sdk_references();      // reference_sdk.cpp: bn 64h sla st3d pns mm
std::map<std::string, Reference> ltrf_references();     // reference_ltrf.cpp: cfd lbm mriq sgemm srad
std::map<std::string, Reference> jeon_references();     // reference_jeon.cpp: mm128 cnn (Jeon 2019)

// Typed views of a buffer's bytes.
template <typename T>
std::vector<T> as(const Buffers& b, const std::string& name) {
  const auto it = b.find(name);
  if (it == b.end()) throw std::runtime_error("reference: no buffer '" + name + "'");
  std::vector<T> v(it->second.size() / sizeof(T));
  std::memcpy(v.data(), it->second.data(), v.size() * sizeof(T));
  return v;
}
template <typename T>
std::vector<unsigned char> bytes_of(const std::vector<T>& v) {
  std::vector<unsigned char> out(v.size() * sizeof(T));
  std::memcpy(out.data(), v.data(), out.size());
  return out;
}

}  // namespace rfvar::test
