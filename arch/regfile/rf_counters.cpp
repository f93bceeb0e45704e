// The register file's statistics (see rf_counters.h for the contract).
#include "arch/regfile/rf_counters.h"

#include <algorithm>

namespace rfvar::arch {

void RfCounters::reset(const rfmodel::RfSetup& s, std::uint64_t now) {
  s_ = &s;
  alloc_rows_.assign(static_cast<std::size_t>(s.banks * s.subbanks), 0);
  bank_.assign(static_cast<std::size_t>(s.banks), BankCount{});
  slow_ = 0;
  sub_hi_ = 0;
  for (int g = 0; g < s.subbanks; ++g) sub_hi_ |= 1u << (g * (32 / s.subbanks) + 32 / s.subbanks - 1);
  alloc_last_ = now;
}

void RfCounters::partial_access(int bank, std::uint32_t touched, int lat, bool write) {
  const int S = s_->subbanks;
  const int log_l = std::countr_zero(static_cast<unsigned>(32 / S));  // lanes per sub-bank: a power of two
  for (std::uint32_t t = touched; t; t &= t - 1) {
    const int s = std::countr_zero(t) >> log_l;
    const auto sb = static_cast<std::size_t>(s_->subbank_of[static_cast<std::size_t>(bank * S + s)]);
    (write ? st_.subbank_writes : st_.subbank_reads)[sb] += 1;
    st_.subbank_busy_cycles[sb] += static_cast<std::uint64_t>(lat);
  }
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
  const int S = s_->subbanks;
  for (std::size_t b = 0; b < bank_.size(); ++b) {
    const BankCount& a = bank_[b];
    st_.bank_reads[b] += a.n[0];
    st_.bank_writes[b] += a.n[1];
    st_.bank_busy_cycles[b] += a.busy;
    for (int s = 0; s < S; ++s) {
      const auto sb = static_cast<std::size_t>(
          s_->subbank_of[b * static_cast<std::size_t>(S) + static_cast<std::size_t>(s)]);
      st_.subbank_reads[sb] += a.full_n[0];
      st_.subbank_writes[sb] += a.full_n[1];
      st_.subbank_busy_cycles[sb] += a.full_busy;
    }
  }
  std::fill(bank_.begin(), bank_.end(), BankCount{});
  st_.slow_accesses += slow_;
  slow_ = 0;
}

}  // namespace rfvar::arch
