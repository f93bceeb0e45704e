// The banked main register file's launch set-up and row allocation (see register_file.h).
#include "arch/regfile/register_file.h"

#include <stdexcept>

namespace rfvar::arch {

void RegisterFile::reset(const rfmodel::RfSetup& s, RfPorts ports, std::uint64_t now, int wavefront_collectors) {
  ports_ = ports;
  wavefront_ = wavefront_collectors;
  banks_ = s.banks;
  reads_.resize(static_cast<std::size_t>(s.banks));
  writes_.resize(static_cast<std::size_t>(s.banks));
  // Small queues (they double when full: ring.h): an SM's per-bank queues stay within a few cache
  // lines while the N-SM mode steps 15 SMs in turn (docs/performance.md).
  for (auto& r : reads_) r.init(8);
  for (auto& w : writes_) w.init(8);
  read_busy_.assign(static_cast<std::size_t>(s.banks), now);
  write_busy_.assign(static_cast<std::size_t>(s.banks), now);
  rq_ = wq_ = 0;
  row_words_ = (s.rows_per_bank + 63) / 64;
  row_used_.assign(static_cast<std::size_t>(s.banks * row_words_), 0);
  for (int b = 0; b < s.banks; ++b)  // rows past rows_per_bank are never free
    if (s.rows_per_bank % 64)
      row_used_[static_cast<std::size_t>(b * row_words_ + row_words_ - 1)] = ~0ull << (s.rows_per_bank % 64);
}

RegisterFile::Row RegisterFile::allocate_row(int v, RfCounters& counters) {
  int word = 0;
  for (int tries = 0;; ++tries) {  // lowest free row of bank v
    word = 0;
    while (word < row_words_ && row_used_[static_cast<std::size_t>(v * row_words_ + word)] == ~0ull) ++word;
    if (word < row_words_) break;
    if (tries == banks_) throw std::logic_error("register file full: occupancy exceeds the banks");
    v = (v + 1) % banks_;  // bank full: spill to the next bank with a free row
    counters.spill();
  }
  std::uint64_t& used = row_used_[static_cast<std::size_t>(v * row_words_ + word)];
  const int row = 64 * word + std::countr_zero(~used);
  used |= 1ull << (row % 64);
  return {v, row};
}

}  // namespace rfvar::arch
