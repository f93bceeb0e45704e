#include "frontend/accelsim/kernel_header.h"

#include <limits>

#include "frontend/accelsim/text_fields.h"

namespace rfvar::arch::accelsim {
namespace {

// "(x,y,z)" with positive components.
Dim3 parse_dim3(std::string_view v, const Where& w, const std::string& key) {
  std::string_view s = trim(v);
  const auto bad = [&] {
    fail(w, "bad -" + key + " " + excerpt(v) + ": expected (x,y,z) with positive integers");
  };
  if (s.size() < 2 || s.front() != '(' || s.back() != ')') bad();
  s = s.substr(1, s.size() - 2);
  std::uint32_t c[3] = {0, 0, 0};
  for (int k = 0; k < 3; ++k) {
    const std::size_t comma = s.find(',');
    if ((k < 2) == (comma == std::string_view::npos)) bad();
    if (!parse_dec(trim(s.substr(0, comma)), c[k]) || c[k] == 0) bad();
    s = k < 2 ? s.substr(comma + 1) : std::string_view{};
  }
  return {c[0], c[1], c[2]};
}

template <class T>
T parse_number(std::string_view v, const Where& w, const std::string& key, bool hex) {
  T out{};
  if (!(hex ? parse_hex(trim(v), out) : parse_dec(trim(v), out)))
    fail(w, "bad -" + key + " " + excerpt(trim(v)) +
                (hex ? ": expected a hex number" : ": expected a decimal number"));
  return out;
}

}  // namespace

void read_header_line(std::string_view line, const Where& where, HeaderState& state) {
  const std::size_t eq = line.find('=');
  if (eq == std::string_view::npos)
    fail(where, "header line " + excerpt(line) + " has no '='; expected -key = value");
  const std::string key(trim(line.substr(1, eq - 1)));
  const std::string_view value = trim(line.substr(eq + 1));
  if (!state.seen.insert(key).second) fail(where, "header -" + key + " given twice");
  KernelHeader& h = state.header;
  if (key == "kernel name") {
    h.name = std::string(value);
  } else if (key == "kernel id") {
    h.kernel_id = parse_number<std::int32_t>(value, where, key, false);
  } else if (key == "grid dim") {
    h.grid = parse_dim3(value, where, key);
  } else if (key == "block dim") {
    h.block = parse_dim3(value, where, key);
  } else if (key == "shmem") {
    h.shmem_bytes = parse_number<std::int32_t>(value, where, key, false);
  } else if (key == "nregs") {
    h.nregs = parse_number<std::int32_t>(value, where, key, false);
  } else if (key == "binary version") {
    h.binary_version = parse_number<std::int32_t>(value, where, key, false);
  } else if (key == "cuda stream id") {
    h.cuda_stream_id = parse_number<std::uint64_t>(value, where, key, false);
  } else if (key == "shmem base_addr") {
    h.shmem_base_addr = parse_number<std::uint64_t>(value, where, key, true);
  } else if (key == "local mem base_addr") {
    h.local_base_addr = parse_number<std::uint64_t>(value, where, key, true);
  } else if (key == "nvbit version") {
    h.nvbit_version = std::string(value);
  } else if (key == "accelsim tracer version") {
    h.tracer_version = parse_number<std::int32_t>(value, where, key, false);
    if (h.tracer_version < 3 || h.tracer_version > 5)
      fail(where, "unsupported -accelsim tracer version " + std::to_string(h.tracer_version) +
                      " (accepted: 3, 4, 5; older raw traces must go through post-traces-processing)");
  } else if (key == "enable lineinfo") {
    const auto v = parse_number<int>(value, where, key, false);
    if (v != 0 && v != 1) fail(where, "bad -enable lineinfo " + excerpt(value) + ": expected 0 or 1");
    h.lineinfo = v == 1;
  }
}

void check_header(const HeaderState& state, const Where& where) {
  for (const char* key :
       {"kernel name", "grid dim", "block dim", "shmem", "nregs", "accelsim tracer version"})
    if (!state.seen.contains(key))
      fail(where, std::string("header -") + key + " missing before the first #BEGIN_TB");
  const KernelHeader& h = state.header;
  if (h.block.count() > 1024)
    fail(where, "-block dim has " + std::to_string(h.block.count()) + " threads (accepted: 1..1024)");
  if (h.grid.count() > std::numeric_limits<std::int32_t>::max())
    fail(where, "-grid dim has " + std::to_string(h.grid.count()) + " blocks (accepted: up to 2^31-1)");
  if (h.shmem_bytes < 0 || h.nregs < 0) fail(where, "-shmem and -nregs must be >= 0");
}

}  // namespace rfvar::arch::accelsim
