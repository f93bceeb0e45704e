// Tests of the GDDR5 banks DRAM (arch/memory/dram.h): row hit / miss / conflict costs, FR-FCFS
// order, the cost of interleaving two rows of one bank, determinism, and the whole SM with
// arch.dram_model = "banks" (GPGPU-Sim v3.1.0 Fermi DRAM config, data/fermi-32nm.toml).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "arch/mapping/i_register_mapping.h"
#include "arch/memory/dram.h"
#include "arch/run.h"
#include "common/rng.h"
#include "workload/kernel_parser.h"
#include "common/config.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::arch;

namespace {

// The byte address of column byte `col` of `row` in `bank` of channel 0 (the inverse of the map).
std::uint64_t address(const Dram::Params& p, int bank, std::uint64_t row, int col) {
  const std::uint64_t local = (row * static_cast<std::uint64_t>(p.banks) + static_cast<std::uint64_t>(bank)) *
                                  static_cast<std::uint64_t>(p.row_bytes) + static_cast<std::uint64_t>(col);
  const auto il = static_cast<std::uint64_t>(p.interleave_bytes);
  return (local / il * static_cast<std::uint64_t>(p.channels)) * il + local % il;
}

Dram::Params unshared() {
  Dram::Params p;
  p.share = 1.0;  // this SM alone: occupancy = its own service time
  return p;
}

// Submits (arrival, row) requests to bank 0 of channel 0, decides everything, returns completions.
std::vector<std::uint64_t> serve(const Dram::Params& p, const std::vector<std::pair<double, int>>& reqs, Dram* out = nullptr) {
  Dram d(p);
  std::vector<std::uint32_t> ids;
  for (const auto& [t, row] : reqs) ids.push_back(d.submit(t, address(p, 0, static_cast<std::uint64_t>(row), 0)));
  d.advance(Dram::kUnknown);
  std::vector<std::uint64_t> done;
  for (auto id : ids) done.push_back(d.completion(id));
  if (out) *out = d;
  return done;
}

}  // namespace

TEST_CASE("GIVEN the GPGPU-Sim address map WHEN addresses are 256 B apart THEN they cycle over the 6 channels") {
  const Dram::Params p = unshared();
  Dram d(p);
  // Six consecutive 256 B chunks land in six channels: all six served at once, equal latency.
  std::vector<std::uint32_t> ids;
  for (int c = 0; c < 6; ++c) ids.push_back(d.submit(0.0, 256ull * static_cast<std::uint64_t>(c)));
  d.advance(Dram::kUnknown);
  for (int c = 1; c < 6; ++c) CHECK(d.completion(ids[static_cast<std::size_t>(c)]) == d.completion(ids[0]));
  CHECK(d.row_misses == 6);
  CHECK(address(p, 0, 0, 256) == 256ull * 6);  // the next chunk of channel 0 is 6 chunks on
}

TEST_CASE("GIVEN one bank WHEN a request finds its row open, the bank precharged, or another row open "
          "THEN it costs CL, tRCD + CL, or tRP + tRCD + CL before its data") {
  const Dram::Params p = unshared();
  Dram d(p);
  const auto done = serve(p, {{0.0, 1}, {1000.0, 1}, {2000.0, 2}}, &d);
  const double k = p.core_per_dram_cycle;
  const double miss = static_cast<double>(done[0]), hit = static_cast<double>(done[1]) - 1000.0,
               conflict = static_cast<double>(done[2]) - 2000.0;
  CHECK(std::abs(hit - (miss - p.t_rcd * k)) <= 1.0);      // within the rounding to whole SM cycles
  CHECK(std::abs(conflict - (miss + p.t_rp * k)) <= 1.0);  // (tRAS long past)
  CHECK(hit < miss);
  CHECK(miss < conflict);
  CHECK(d.row_hits == 1);
  CHECK(d.row_misses == 1);
  CHECK(d.row_conflicts == 1);
}

TEST_CASE("GIVEN an open row, an older request to another row and a younger one to the open row "
          "WHEN both wait for the busy bank THEN FR-FCFS serves the younger row hit first") {
  const Dram::Params p = unshared();
  Dram d(p);
  const auto done = serve(p, {{0.0, 1}, {1.0, 2}, {2.0, 1}}, &d);
  CHECK(done[2] < done[1]);  // the row hit overtakes the row miss that arrived before it
  CHECK(d.row_hits == 1);
  CHECK(d.row_conflicts == 1);
  // A queue of one entry (FCFS) serves them in arrival order: two conflicts.
  Dram::Params fcfs = p;
  fcfs.queue = 1;
  Dram f(fcfs);
  const auto in_order = serve(fcfs, {{0.0, 1}, {1.0, 2}, {2.0, 1}}, &f);
  CHECK(in_order[1] < in_order[2]);
  CHECK(f.row_conflicts == 2);
}

TEST_CASE("GIVEN 32 requests to two rows of one bank, one per 100 cycles WHEN the rows alternate or come "
          "grouped THEN alternating is slower, FR-FCFS regrouping only what queues up") {
  Dram::Params p;  // shared by 15 SMs: a row hit occupies the bank 15 bursts (45 cycles), a conflict 15 tRC (199)
  std::vector<std::pair<double, int>> alternating, grouped;
  for (int i = 0; i < 32; ++i) {
    alternating.push_back({100.0 * i, 1 + i % 2});
    grouped.push_back({100.0 * i, 1 + i / 16});
  }
  Dram a(p), g(p);
  const auto ta = serve(p, alternating, &a), tg = serve(p, grouped, &g);
  const std::uint64_t last_a = *std::max_element(ta.begin(), ta.end()), last_g = *std::max_element(tg.begin(), tg.end());
  CHECK(last_a > last_g);
  CHECK(g.row_hits == 30);   // one miss (precharged), one conflict
  // Measured: alternating 19 hits, 12 conflicts, last data at cycle 3441; grouped 30 hits, last at 3367.
  CHECK(a.row_hits > 0);    // conflicts slow the bank, requests queue, FR-FCFS serves queued hits...
  CHECK(a.row_hits < 30);   // ...but the first ones arrive alone and alternate
  CHECK(a.row_conflicts > g.row_conflicts);
}

TEST_CASE("GIVEN the same requests twice WHEN decided with advance() in steps or at once THEN the completions are identical") {
  const Dram::Params p;
  std::vector<std::pair<double, int>> reqs;
  for (int i = 0; i < 200; ++i) reqs.push_back({3.0 * i, (i * 7) % 5});
  const auto once = serve(p, reqs);
  Dram d(p);
  std::vector<std::uint32_t> ids;
  for (std::size_t i = 0; i < reqs.size(); ++i) {
    d.advance(static_cast<std::uint64_t>(reqs[i].first));  // decisions before each arrival, as the SM does
    ids.push_back(d.submit(reqs[i].first, address(p, 0, static_cast<std::uint64_t>(reqs[i].second), 0)));
  }
  d.advance(Dram::kUnknown);
  for (std::size_t i = 0; i < ids.size(); ++i) CHECK(d.completion(ids[i]) == once[i]);
}

TEST_CASE(
    "GIVEN bursts of reads and writes over every channel and bank, more than a channel's queue holds WHEN "
    "advance() is called before every arrival, before every third one, or never THEN every completion and "
    "row counter is the same (decisions depend on the arrivals only: the N-SM run-ahead skips advances)") {
  const Dram::Params p;  // share 15, queue 16
  struct Req {
    double t;
    std::uint64_t addr;
    bool write;
  };
  std::vector<Req> reqs;
  RngStream rng(11, 0, Stream::Test);  // fixed seed: the same requests every run
  const auto next = [&] { return rng.next_u32(); };
  double t = 0.0;
  for (int burst = 0; burst < 40; ++burst) {
    t += static_cast<double>(next() % 400);  // sometimes long gaps, sometimes bursts that back up
    for (int k = 0; k < 40; ++k)           // 40 requests, one per cycle, some at fractional times
      reqs.push_back({t + k + (next() % 4) * 0.25, (next() % (1u << 22)) * 32u, next() % 4 == 0});
  }
  std::sort(reqs.begin(), reqs.end(), [](const Req& a, const Req& b) { return a.t < b.t; });
  const auto run = [&](int every) {
    Dram d(p);
    std::vector<std::uint32_t> ids;
    for (std::size_t i = 0; i < reqs.size(); ++i) {
      if (every > 0 && i % static_cast<std::size_t>(every) == 0) d.advance(static_cast<std::uint64_t>(reqs[i].t));
      ids.push_back(d.submit(reqs[i].t, reqs[i].addr, reqs[i].write));
    }
    d.advance(Dram::kUnknown);
    std::vector<std::uint64_t> out;
    for (const auto id : ids) out.push_back(d.completion(id));
    out.push_back(d.row_hits), out.push_back(d.row_misses), out.push_back(d.row_conflicts);
    return out;
  };
  const auto each = run(1), third = run(3), never = run(0);
  REQUIRE(each[each.size() - 1] > 0);  // row conflicts happen: FR-FCFS has choices to make
  CHECK(third == each);
  CHECK(never == each);
}

namespace {
// 48 warps stream their own rows: each warp reads 8 consecutive lines of a 64 KB block region.
std::string stream_kernel() {
  return "rfvar-kernel 1\nbenchmark rows\nkernel k block=256 regs=8\n  ialu r0 = r0\n  loop 8\n"
         "    ld.global r1 = r0 addr=0 lane=4 iter=128 blk=65536 l2=0\n"
         "    fmad r7 = r1 r7 r7\n  endloop\n  st.global r0 r7 addr=1 lane=4 blk=1024\nend\nlaunch k grid=12\n";
}

SmStats run_banks(const Benchmark& b, const std::string& scheduler, const std::string& model) {
  Config c = Config::load_default();
  c.set("arch.dram_model=\"" + model + "\"");
  ArchParams p = ArchParams::from_config(c);
  p.sms = 1;
  StaticRfProvider rf(rfmodel::RfSetup::ideal());
  return run_benchmark(b, p, scheduler, make_mapping("eq3"), rf, RngStream(5, 0, Stream::Test)).stats;
}
}  // namespace

TEST_CASE("GIVEN a streaming kernel WHEN the SM runs on the banks DRAM THEN it finishes, counts every "
          "DRAM request by row state, and repeats exactly") {
  const Benchmark b = parse_benchmark(stream_kernel(), "rows.kernel");
  const SmStats s1 = run_banks(b, "lrr", "banks"), s2 = run_banks(b, "lrr", "banks");
  const SmStats q = run_banks(b, "lrr", "queue");
  CHECK(s1.warp_instructions == q.warp_instructions);
  CHECK(s1.dram_row_hits + s1.dram_row_misses + s1.dram_row_conflicts == s1.dram_accesses + s1.dram_writes);
  CHECK(s1.dram_writes > 0);  // the kernel stores: each L2 miss of a store is a write and a fetch
  CHECK(s1.dram_row_hits > 0);
  CHECK(q.dram_row_hits + q.dram_row_misses + q.dram_row_conflicts == 0);
  CHECK(s1.cycles == s2.cycles);
  CHECK(s1.dram_row_hits == s2.dram_row_hits);
}

namespace {
// Completions of a warm-up read of row 1 at 0, then `reqs` (write?, row) all arriving at 1000 in order.
std::vector<double> after_open_row(const Dram::Params& p, const std::vector<std::pair<bool, int>>& reqs) {
  Dram d(p);
  d.submit(0.0, address(p, 0, 1, 0));
  std::vector<std::uint32_t> ids;
  for (const auto& [w, row] : reqs) ids.push_back(d.submit(1000.0, address(p, 0, static_cast<std::uint64_t>(row), 0), w));
  d.advance(Dram::kUnknown);
  std::vector<double> done;
  for (auto id : ids) done.push_back(static_cast<double>(d.completion(id)));
  return done;
}
}  // namespace

TEST_CASE("GIVEN two row hits on one bank WHEN the bus direction changes THEN a write waits 2 DRAM cycles "
          "after a read's data and a read tCDLR + CL after a write's, by hand (GPGPU-Sim tRTW / tWTR)") {
  const Dram::Params p = unshared();
  const double k = p.core_per_dram_cycle;
  const double burst = 4 * p.t_ccd * k;  // 128 B = 4 column commands of 32 B
  const auto rr = after_open_row(p, {{false, 1}, {false, 1}});
  const auto rw = after_open_row(p, {{false, 1}, {true, 1}});
  const auto wr = after_open_row(p, {{true, 1}, {false, 1}});
  const auto ww = after_open_row(p, {{true, 1}, {true, 1}});
  // Same direction: the second data follows the first on the bus.
  CHECK(std::abs(rr[1] - rr[0] - burst) <= 1.0);
  CHECK(std::abs(ww[1] - ww[0] - burst) <= 1.0);
  // Read then write: 2 DRAM cycles of turnaround; write then read: tCDLR + CL.
  CHECK(std::abs(rw[1] - rw[0] - (burst + 2 * k)) <= 1.0);
  CHECK(std::abs(wr[1] - wr[0] - (burst + (p.t_cdlr + p.t_cl) * k)) <= 1.0);
  CHECK(wr[1] - wr[0] > rr[1] - rr[0] + 4.0);  // 16 DRAM cycles = 6 SM cycles of bus lost
}

TEST_CASE("GIVEN a write to an open row WHEN the next request to that bank opens another row THEN the "
          "precharge waits tWR after the write's data (GPGPU-Sim tWTP)") {
  const Dram::Params p = unshared();
  const double k = p.core_per_dram_cycle;
  const auto after_read = after_open_row(p, {{false, 1}, {false, 2}});
  const auto after_write = after_open_row(p, {{true, 1}, {false, 2}});
  // The conflict's precharge starts at the bank's free time after a read, WL + burst + tWR after the
  // write's command after a write: the difference is WL + tWR (the burst is in both).
  CHECK(std::abs((after_write[1] - after_read[1]) - (p.t_wl + p.t_wr) * k) <= 1.0);
}

TEST_CASE("GIVEN writes and reads to four open rows arriving together, alternating WHEN the bus would have "
          "to turn after each THEN the second write goes before the first read: one turnaround, not three") {
  const Dram::Params p = unshared();
  const double k = p.core_per_dram_cycle;
  const double burst = 4 * p.t_ccd * k;
  Dram d(p);
  for (int b = 0; b < 4; ++b) d.submit(0.0, address(p, b, 1, 0));  // open row 1 of banks 0-3
  const bool write[] = {true, false, true, false};
  std::vector<std::uint32_t> ids;
  for (int b = 0; b < 4; ++b) ids.push_back(d.submit(1000.0, address(p, b, 1, 0), write[b]));
  d.advance(Dram::kUnknown);
  std::vector<double> done;
  for (auto id : ids) done.push_back(static_cast<double>(d.completion(id)));
  CHECK(done[2] < done[1]);  // W2 overtakes R1 while the bus would turn
  CHECK(done[3] > done[1]);
  // W0 W2 | tCDLR + CL | R1 R3: the last read ends 3 bursts and one turnaround after the first write.
  CHECK(std::abs(done[3] - done[0] - (3 * burst + (p.t_cdlr + p.t_cl) * k)) <= 1.0);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
