// The register file's statistics (see rf_counters.h for the contract).
#include "arch/regfile/rf_counters.h"

#include <algorithm>

namespace rfvar::arch {

void RfCounters::reset(const rfmodel::RfSetup& s, std::uint64_t now) {
  s_ = &s;
  alloc_rows_.assign(static_cast<std::size_t>(s.banks * s.subbanks), 0);
  subbanks_ = s.subbanks;
  lanes_per_ = 32 / s.subbanks;
  if (subbanks_ <= kMaxPatternSubbanks) {
    pattern_mul_ = 0;
    for (int j = 0; j < subbanks_; ++j) pattern_mul_ |= 1ull << ((subbanks_ - 1 - j) * (lanes_per_ - 1));
    pattern_shift_ = (subbanks_ - 1) * (lanes_per_ - 1);
    pattern_mask_ = (1ull << subbanks_) - 1;
    stride_ = 3 * (std::size_t{1} << subbanks_);
  } else {
    stride_ = 3 + 3 * static_cast<std::size_t>(s.subbanks);
  }
  cnt_.assign(static_cast<std::size_t>(s.banks) * stride_, 0);
  slow_ = 0;
  sub_hi_ = 0;
  for (int g = 0; g < s.subbanks; ++g) sub_hi_ |= 1u << (g * lanes_per_ + lanes_per_ - 1);
  alloc_last_ = now;
}

void RfCounters::integrate(std::uint64_t now) {
  const double dt = static_cast<double>(now - alloc_last_);
  if (dt > 0)
    for (std::size_t i = 0; i < alloc_rows_.size(); ++i)
      st_.subbank_allocated_row_cycles[i] += alloc_rows_[i] * dt;
  alloc_last_ = now;
}

void RfCounters::end_launch(std::uint64_t now) {
  integrate(now);
  const auto S = static_cast<std::size_t>(subbanks_);
  const std::size_t banks = cnt_.size() / stride_;
  for (std::size_t b = 0; b < banks; ++b) {
    const std::uint64_t* c = &cnt_[b * stride_];
    const auto subbank = [&](std::size_t g) { return static_cast<std::size_t>(s_->subbank_of[b * S + g]); };
    if (subbanks_ <= kMaxPatternSubbanks) {
      for (std::size_t pat = 0; pat < (std::size_t{1} << S); ++pat) {
        const std::uint64_t* q = c + 3 * pat;
        st_.bank_reads[b] += q[0];
        st_.bank_writes[b] += q[1];
        st_.bank_busy_cycles[b] += q[2];
        for (std::size_t g = 0; g < S; ++g) {
          if (!((pat >> g) & 1)) continue;
          st_.subbank_reads[subbank(g)] += q[0];
          st_.subbank_writes[subbank(g)] += q[1];
          st_.subbank_busy_cycles[subbank(g)] += q[2];
        }
      }
      continue;
    }
    st_.bank_reads[b] += c[0];
    st_.bank_writes[b] += c[1];
    st_.bank_busy_cycles[b] += c[2];
    for (std::size_t g = 0; g < S; ++g) {
      st_.subbank_reads[subbank(g)] += c[3 + 3 * g];
      st_.subbank_writes[subbank(g)] += c[3 + 3 * g + 1];
      st_.subbank_busy_cycles[subbank(g)] += c[3 + 3 * g + 2];
    }
  }
  std::fill(cnt_.begin(), cnt_.end(), 0);
  st_.slow_accesses += slow_;
  slow_ = 0;
}

}  // namespace rfvar::arch
