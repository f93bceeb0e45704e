// Test helper: run one entry of a PTX text on fresh device memory with buffers passed as .u64
// params (in order), and read the buffers back.
#pragma once

#include <cstring>
#include <string>
#include <vector>

#include "ptx/interpreter.h"
#include "ptx/parser.h"

namespace rfvar::test {

// The boilerplate of a hand-written PTX module around `body` (entries, globals).
inline std::string ptx_module(const std::string& body) {
  return ".version 9.0\n.target sm_75\n.address_size 64\n\n" + body;
}

struct PtxRun {
  arch::ptx::Program prog;
  arch::ptx::DeviceMemory mem;
  std::vector<std::uint64_t> addr;  // device address of each buffer
  std::vector<std::size_t> bytes;
  arch::LaunchTrace trace;
  arch::ptx::LaunchStats stats;

  // Buffers of `bytes[i]` zero bytes (or given contents), passed as the entry's params in order.
  PtxRun(const std::string& ptx, const std::vector<std::vector<unsigned char>>& buffers)
      : prog(arch::ptx::parse_ptx(ptx, "t.ptx")) {
    arch::ptx::load_module(prog, mem);
    for (const auto& b : buffers) {
      addr.push_back(mem.allocate(b.size()));
      bytes.push_back(b.size());
      if (!b.empty()) std::memcpy(mem.at(addr.back(), b.size()), b.data(), b.size());
    }
  }

  PtxRun& launch(const std::string& entry, arch::ptx::LaunchShape shape, std::uint32_t line_bytes = 128) {
    const arch::ptx::Entry* e = prog.find(entry);
    if (!e) throw std::runtime_error("no entry " + entry);
    std::vector<unsigned char> params(static_cast<std::size_t>(e->param_bytes), 0);
    for (std::size_t k = 0; k < e->params.size() && k < addr.size(); ++k)
      std::memcpy(params.data() + e->params[k].offset, &addr[k], 8);
    arch::ptx::TraceOptions opt;
    opt.line_bytes = line_bytes;
    trace = arch::ptx::run_launch(prog, *e, shape, params, mem, opt, &stats);
    return *this;
  }

  template <typename T>
  std::vector<T> read(std::size_t buffer) const {
    std::vector<T> v(bytes[buffer] / sizeof(T));
    std::memcpy(v.data(), mem.at(addr[buffer], bytes[buffer]), v.size() * sizeof(T));
    return v;
  }
};

template <typename T>
std::vector<unsigned char> bytes_of_values(const std::vector<T>& v) {
  std::vector<unsigned char> out(v.size() * sizeof(T));
  std::memcpy(out.data(), v.data(), out.size());
  return out;
}

inline std::vector<unsigned char> zeros(std::size_t n) { return std::vector<unsigned char>(n, 0); }

inline arch::ptx::LaunchShape shape(std::uint32_t block_x, std::uint32_t grid_x = 1) {
  arch::ptx::LaunchShape s;
  s.block = {block_x, 1, 1};
  s.grid = {grid_x, 1, 1};
  return s;
}

}  // namespace rfvar::test
