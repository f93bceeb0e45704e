// Tests of the register-file unit on its own (arch/regfile/register_file.h): port rules of the two
// bank organisations, the collector-unit rule, row allocation with spills, and its counters.
#include <doctest/doctest.h>

#include <limits>
#include <vector>

#include "arch/core/sm_stats.h"
#include "arch/regfile/register_file.h"
#include "arch/regfile/rf_counters.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::arch;

namespace {

struct Bench {
  rfmodel::RfSetup setup = rfmodel::RfSetup::ideal(4, 2, 2);
  SmStats stats;
  RfCounters counters{stats};
  RegisterFile rf;
  std::vector<int> read_cus, written_regs;

  explicit Bench(RfPorts ports, int wavefront_units = 0) {
    stats.resize(setup.banks, setup.subbanks);
    rf.reset(setup, ports, 0, wavefront_units);
    counters.reset(setup, 0);
  }
  bool cycle(std::uint64_t now) {
    return rf.arbitrate(
        now, counters, [&](const RfRead& r) { read_cus.push_back(r.cu); },
        [&](const RfWrite& w) { written_regs.push_back(w.reg); });
  }
};

RfRead read(int cu, int lat = 1) { return {static_cast<std::uint16_t>(cu), static_cast<std::uint8_t>(lat), 0, ~0u}; }
RfWrite write(int reg, int lat = 1) { return {0, static_cast<std::uint8_t>(lat), static_cast<RegId>(reg), false, ~0u}; }

}  // namespace

TEST_CASE("GIVEN a single-ported bank with a write and a read queued WHEN arbitrated THEN the write goes first") {
  Bench b(RfPorts::Single);
  b.rf.request_read(1, read(3));
  b.rf.request_write(1, write(7));
  CHECK(b.cycle(0));
  CHECK(b.written_regs == std::vector<int>{7});
  CHECK(b.read_cus.empty());
  CHECK(b.stats.bank_conflict_cycles == 1);
  CHECK(b.cycle(1));
  CHECK(b.read_cus == std::vector<int>{3});
  CHECK(!b.cycle(2));  // nothing left
  CHECK(b.rf.next_port_free() == std::numeric_limits<std::uint64_t>::max());
  b.counters.end_launch(3);
  CHECK(b.stats.bank_reads[1] == 1);
  CHECK(b.stats.bank_writes[1] == 1);
  CHECK(b.stats.subbank_reads[2] == 1);  // bank 1, sub-bank 0 (identity organisation), folded in at the end
}

TEST_CASE("GIVEN a dual-ported bank with a write and a read queued WHEN arbitrated THEN both go in one cycle") {
  Bench b(RfPorts::ReadWrite);
  b.rf.request_read(2, read(0));
  b.rf.request_write(2, write(5, 2));
  CHECK(b.cycle(0));
  CHECK(b.written_regs == std::vector<int>{5});
  CHECK(b.read_cus == std::vector<int>{0});
  CHECK(b.stats.bank_conflict_cycles == 0);
  b.rf.request_write(2, write(6));
  CHECK(b.rf.next_port_free() == 2);  // the slow write holds the write port
  CHECK(!b.cycle(1));
  CHECK(b.cycle(2));
  CHECK(b.written_regs == std::vector<int>{5, 6});
}

TEST_CASE("GIVEN two reads of one collector unit in two banks WHEN arbitrated THEN one operand per cycle") {
  Bench b(RfPorts::Single);
  b.rf.request_read(0, read(4));
  b.rf.request_read(1, read(4));
  CHECK(b.cycle(0));
  CHECK(b.read_cus.size() == 1);
  CHECK(b.stats.bank_conflict_cycles == 1);
  CHECK(b.cycle(1));
  CHECK(b.read_cus.size() == 2);
}

TEST_CASE("GIVEN one collector unit's reads at the heads of banks 0 and 1 WHEN arbitrated at cycle 0 THEN the "
          "rotating arbiter serves bank 0 and the wavefront arbiter the bank on its first diagonal, bank 1") {
  // Wavefront (GPGPU-Sim allocate_reads): units 4, priority 0 % 4 = 0; diagonal 0 pairs bank 0 with
  // unit 0 and bank 1 with unit 1, so unit 1's read in bank 1 is granted first.
  Bench rot(RfPorts::Single), wave(RfPorts::Single, 4);
  for (Bench* b : {&rot, &wave}) {
    b->rf.request_read(0, read(1));
    b->rf.request_read(1, read(1));
    CHECK(b->cycle(0));
    CHECK(b->read_cus == std::vector<int>{1});  // one operand per unit per cycle under both
    b->counters.end_launch(1);
  }
  CHECK(rot.stats.bank_reads[0] == 1);
  CHECK(rot.stats.bank_reads[1] == 0);
  CHECK(wave.stats.bank_reads[0] == 0);
  CHECK(wave.stats.bank_reads[1] == 1);
}

TEST_CASE("GIVEN free banks whose head reads name units 0, 0 and 2 and a bank holding a write WHEN the wavefront "
          "arbiter runs THEN the write and one read per distinct unit go, the rest wait") {
  Bench b(RfPorts::Single, 4);
  b.rf.request_read(0, read(0));
  b.rf.request_read(1, read(0));
  b.rf.request_read(2, read(2));
  b.rf.request_write(3, write(9));
  b.rf.request_read(3, read(3));
  CHECK(b.cycle(0));
  CHECK(b.written_regs == std::vector<int>{9});
  CHECK(b.read_cus.size() == 2);
  CHECK(b.stats.bank_conflict_cycles == 2);  // unit 0's second read and the read behind the write
  CHECK(b.cycle(1));
  CHECK(b.read_cus.size() == 4);
  CHECK(!b.cycle(2));
}

TEST_CASE("GIVEN a full bank WHEN a row is allocated there THEN the next bank with a free row takes it, a spill") {
  Bench b(RfPorts::Single);
  CHECK(b.rf.allocate_row(3, b.counters).row == 0);
  CHECK(b.rf.allocate_row(3, b.counters).row == 1);
  const RegisterFile::Row r = b.rf.allocate_row(3, b.counters);
  CHECK(r.bank == 0);
  CHECK(r.row == 0);
  CHECK(b.stats.row_spills == 1);
  b.rf.free_row(3, 1);
  CHECK(b.rf.allocate_row(3, b.counters).row == 1);
}

TEST_CASE("GIVEN accesses with assorted lane masks WHEN counted with 1 to 32 sub-banks THEN every sub-bank with an "
          "active lane counts each, as a lane-by-lane count does") {
  // RfCounters counts S <= 4 by pattern of touched sub-banks and more one by one (rf_counters.h); both
  // must equal counting each lane group directly. Lane masks from a fixed xorshift sequence (seed 1),
  // with the all-lanes, no-lane and one-lane cases among them.
  for (int S : {1, 2, 4, 8, 16, 32}) {
    CAPTURE(S);
    const rfmodel::RfSetup setup = rfmodel::RfSetup::ideal(3, 4, S);
    SmStats stats;
    stats.resize(setup.banks, S);
    RfCounters counters{stats};
    counters.reset(setup, 0);
    std::vector<std::uint64_t> reads(static_cast<std::size_t>(3 * S)), writes(reads.size()), busy(reads.size());
    std::uint32_t x = 1;
    const int L = 32 / S;
    for (int i = 0; i < 500; ++i) {
      x ^= x << 13, x ^= x >> 17, x ^= x << 5;
      std::uint32_t lanes = i % 7 == 0 ? ~0u : i % 11 == 0 ? 0u : i % 13 == 0 ? 1u << (x % 32) : x & (x >> 3);
      const int bank = static_cast<int>(x % 3), lat = 1 + static_cast<int>(x % 4);
      const bool write = (x >> 8) & 1;
      counters.access(bank, lanes, lat, write);
      for (int g = 0; g < S; ++g) {
        if (((lanes >> (g * L)) & (L == 32 ? ~0u : (1u << L) - 1)) == 0) continue;
        const auto sb = static_cast<std::size_t>(bank * S + g);
        (write ? writes : reads)[sb] += 1;
        busy[sb] += static_cast<std::uint64_t>(lat);
      }
    }
    counters.end_launch(1);
    CHECK(stats.subbank_reads == reads);
    CHECK(stats.subbank_writes == writes);
    CHECK(stats.subbank_busy_cycles == busy);
  }
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
