// Per-SM L1s in front of one shared L2 (see l2_filter.h for the contract).
#include "analysis/l2_filter.h"

#include <cstddef>

namespace rfvar::arch {

L2Filter::L2Filter(int sms, const L1Cache::Params& l1, const L2Params& l2)
    : l1p_(l1),
      l2_(L1Cache::Params{l2.size_bytes, l2.line_bytes, l2.ways}),
      l1_line_bytes_(static_cast<std::uint64_t>(l1.line_bytes)),
      l2_line_bytes_(static_cast<std::uint64_t>(l2.line_bytes)) {
  l1_.assign(static_cast<std::size_t>(sms), L1Cache(l1p_));
}

void L2Filter::new_launch() {
  for (L1Cache& c : l1_) c = L1Cache(l1p_);
}

void L2Filter::request(int sm, std::uint64_t line, bool store, L2InstrReuse& r, L2Reuse& total) {
  L1Cache& l1 = l1_[static_cast<std::size_t>(sm)];
  std::uint64_t ready = 0;
  ++r.line_requests;
  if (!store) {
    if (l1.load(line, ready)) return;  // an L1 hit (or merge) never reaches the L2
    l1.allocate(line, 0);
  } else {
    l1.store(line);  // write-evict; the store goes on to the L2
  }
  const std::uint64_t l2_line = line * l1_line_bytes_ / l2_line_bytes_;
  ++r.l2_requests;
  ++total.l2_requests;
  if (l2_.load(l2_line, ready)) {
    ++r.l2_hits;
    ++total.l2_hits;
  } else {
    l2_.allocate(l2_line, 0);  // allocate on read and on write miss (write-allocate)
  }
}

}  // namespace rfvar::arch
