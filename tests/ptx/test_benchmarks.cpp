// The CUDA benchmarks of data/cuda/ run by the PTX interpreter against their CPU references
// (tests/ptx/reference/): every <bench>-small.toml with a reference must match it within the
// reference's tolerance; benchmarks without a reference (yet) are listed and skipped. The buffers
// are initialized from seed 1 (RFVAR_PTX_SEED=<n> tries another).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sstream>

#include "ptx/harness.h"
#include "common/config.h"
#include "tests/ptx/reference/reference.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::arch::ptx;

namespace {
template <typename T>
double element(const std::vector<unsigned char>& b, std::size_t k) {
  T v;
  std::memcpy(&v, b.data() + k * sizeof(T), sizeof(T));
  return static_cast<double>(v);
}

double element_of(const std::string& type, const std::vector<unsigned char>& b, std::size_t k) {
  if (type == "u8") return element<std::uint8_t>(b, k);
  if (type == "s8") return element<std::int8_t>(b, k);
  if (type == "u16") return element<std::uint16_t>(b, k);
  if (type == "s16") return element<std::int16_t>(b, k);
  if (type == "u32") return element<std::uint32_t>(b, k);
  if (type == "s32") return element<std::int32_t>(b, k);
  if (type == "u64") return element<std::uint64_t>(b, k);
  if (type == "s64") return element<std::int64_t>(b, k);
  if (type == "f32") return element<float>(b, k);
  if (type == "f64") return element<double>(b, k);
  throw std::runtime_error("unknown element type " + type);
}

std::size_t type_size(const std::string& t) {
  if (t == "u8" || t == "s8") return 1;
  if (t == "u16" || t == "s16") return 2;
  if (t == "u32" || t == "s32" || t == "f32") return 4;
  return 8;
}

// Elements outside the tolerance; the first few described in `why`.
std::size_t mismatches(const test::Expected& e, const std::vector<unsigned char>& got, std::string* why) {
  const std::size_t es = type_size(e.type);
  if (got.size() < e.bytes.size()) {
    *why = e.buffer + ": buffer has " + std::to_string(got.size()) + " bytes, reference " +
           std::to_string(e.bytes.size());
    return 1;
  }
  const bool exact = e.type[0] != 'f' && e.rel_tol == 0.0 && e.abs_tol == 0.0;
  std::size_t bad = 0;
  std::ostringstream os;
  for (std::size_t k = 0; k < e.bytes.size() / es; ++k) {
    const double g = element_of(e.type, got, k), w = element_of(e.type, e.bytes, k);
    bool ok;
    if (exact)
      ok = std::memcmp(got.data() + k * es, e.bytes.data() + k * es, es) == 0;
    else if (std::isnan(w))
      ok = std::isnan(g);
    else
      ok = std::fabs(g - w) <= e.abs_tol + e.rel_tol * std::fabs(w);
    if (!ok && bad++ < 5) os << " [" << k << "] got " << g << " want " << w << ";";
  }
  if (bad)
    *why = e.buffer + ": " + std::to_string(bad) + " of " + std::to_string(e.bytes.size() / es) +
           " elements differ:" + os.str();
  return bad;
}
}  // namespace

TEST_CASE(
    "ptx benchmarks: GIVEN each small harness with a CPU reference WHEN interpreted THEN the buffers match") {
  std::map<std::string, test::Reference> refs = test::rodinia_references();
  for (auto& [k, v] : test::sdk_references()) refs[k] = v;
  for (auto& [k, v] : test::ltrf_references()) refs[k] = v;
  for (auto& [k, v] : test::jeon_references()) refs[k] = v;
  const std::filesystem::path cuda = data_dir() / "cuda";
  std::vector<std::filesystem::path> harnesses;
  if (std::filesystem::exists(cuda))
    for (const auto& d : std::filesystem::directory_iterator(cuda)) {
      const std::filesystem::path h = d.path() / (d.path().filename().string() + "-small.toml");
      if (std::filesystem::exists(h)) harnesses.push_back(h);
    }
  std::sort(harnesses.begin(), harnesses.end());
  int compared = 0;
  for (const auto& h : harnesses) {
    const std::string name = h.stem().string();
    const auto ref = refs.find(name);
    if (ref == refs.end()) {
      MESSAGE(name << ": no CPU reference yet, skipped");
      continue;
    }
    ++compared;
    INFO(name);
    std::string error;
    bool ok = true;
    try {
      RunOptions opt;
      opt.trace.record = false;
      if (const char* seed = std::getenv("RFVAR_PTX_SEED")) opt.seed = std::strtoull(seed, nullptr, 10);
      const HarnessRun run = run_harness(load_harness(h), opt);
      for (const test::Expected& e : ref->second(run.initial)) {
        const auto got = run.final.find(e.buffer);
        if (got == run.final.end()) {
          ok = false, error += e.buffer + ": no such buffer in the harness; ";
          continue;
        }
        std::string why;
        if (mismatches(e, got->second, &why)) ok = false, error += why + " ";
      }
      MESSAGE(name << (ok ? ": matches the reference" : ": DIFFERS: " + error) << " ("
                   << run.warp_instructions << " warp instructions)");
    } catch (const std::exception& ex) {
      ok = false;
      error = ex.what();
      MESSAGE(name << ": FAILED: " << error);
    }
    CHECK_MESSAGE(ok, name << ": " << error);
  }
  if (!harnesses.empty()) CHECK_MESSAGE(compared > 0, "data/cuda has harnesses but none has a CPU reference");
}

TEST_CASE(
    "ptx benchmarks: GIVEN each small harness WHEN traced twice THEN traces are identical and well formed") {
  const std::filesystem::path cuda = data_dir() / "cuda";
  if (!std::filesystem::exists(cuda)) return;
  for (const auto& d : std::filesystem::directory_iterator(cuda)) {
    const std::filesystem::path h = d.path() / (d.path().filename().string() + "-small.toml");
    if (!std::filesystem::exists(h)) continue;
    INFO(h.filename().string());
    const Harness harness = load_harness(h);
    const HarnessRun a = run_harness(harness, RunOptions{}), b = run_harness(harness, RunOptions{});
    CHECK(a.traces == b.traces);
    REQUIRE(a.traces.size() == a.launches.size());
    std::uint64_t steps = 0;
    bool ok = true;
    for (std::size_t k = 0; k < a.traces.size(); ++k) {
      const Entry& e = *a.program.find(a.launches[k].kernel);
      const auto& s = a.launches[k].shape;
      const std::uint32_t threads = s.block[0] * s.block[1] * s.block[2];
      ok &= a.traces[k].blocks.size() == std::size_t{s.grid[0]} * s.grid[1] * s.grid[2];
      for (const auto& blk : a.traces[k].blocks) {
        ok &= blk.warps.size() == (threads + 31) / 32;
        for (const auto& w : blk.warps) {
          steps += w.steps.size();
          std::size_t mems = 0;
          for (const auto& st : w.steps) {
            ok &= st.mask != 0;
            mems += e.info[static_cast<std::size_t>(st.pc)].mem_record;
          }
          const Op last = e.code[static_cast<std::size_t>(w.steps.back().pc)].op;
          ok &= last == Op::Ret || last == Op::Exit;
          ok &= mems == w.mem.size();
          for (const auto& m : w.mem) ok &= m.first + m.count <= w.lines.size() && m.count <= 256;
        }
      }
    }
    CHECK(ok);
    CHECK(steps == a.warp_instructions);
  }
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
