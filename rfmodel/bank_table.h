// The bank organization table of RF-BRO (Tan 2016 §3.2.2), hybrid banks (§3.3.4) and the
// kernel-level re-organization (§4.2.2): virtual bank -> S physical sub-banks.
//
// Contract: organize_banks() is a pure function of the sub-bank delays (PV only at chip test, or
// the current PV + NBTI sensor readings at a kernel launch) and the fast sub-bank set:
//   1. sub-banks are sorted by delay, fastest first (ties: lower physical id first);
//   2. with F fast sub-banks and h hybrid banks requested, h is clamped to
//      max_hybrid_banks(F, S) = min(F, 16S - F) / (S/2) (0 when S = 1);
//   3. virtual banks are filled in this order, each taking its sub-banks from the sorted lists:
//        pure fast   p = (F - h*S/2) / S banks of S fast sub-banks (the fastest fast ones),
//        hybrid      h banks of S/2 fast + S/2 slow sub-banks (next fast ones, fastest slow ones),
//        mixed       one bank of L = (F - h*S/2) % S fast + S-L slow sub-banks if L > 0,
//        pure slow   the remaining slow sub-banks, S at a time;
//      inside a virtual bank the fast sub-banks come first, so lanes [0, k*32/S) of a bank with k
//      fast sub-banks are the fast lanes (Tan's "fast half": lanes 0-15 for S = 2).
//   With h = 0 this is exactly RF-BRO's "pair the sorted sub-banks two by two": 22 fast of 32 ->
//   virtual banks 0-10 fast, 11-15 slow (31.25 % slow banks).
// A virtual bank is Fast iff all its sub-banks are fast; Hybrid if it was built as a hybrid (or is
// the mixed bank) and `hybrids` were requested; Slow otherwise. Non-fast banks take
// slow_access_cycles for a full-width access; a Hybrid bank serves accesses whose active lanes all
// lie in its fast lanes in one cycle.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace rfvar::rfmodel {

enum class BankSpeed : std::uint8_t { Fast = 0, Hybrid = 1, Slow = 2 };
const char* to_string(BankSpeed s);

struct VirtualBank {
  std::vector<int> subbanks;     // S physical sub-bank ids; lanes [s*32/S, (s+1)*32/S) live in subbanks[s]
  int fast_subbanks = 0;         // how many of them are fast (they come first)
  BankSpeed speed = BankSpeed::Slow;
  float delay = 1.0f;            // max delay of its sub-banks (what a per-sub-bank sensor pair reads)
  // Lanes served in one cycle by a Hybrid bank (0 unless speed == Hybrid).
  std::uint32_t fast_lanes = 0;
};

struct BankTable {
  int subbanks_per_bank = 2;
  std::vector<VirtualBank> banks;  // [16], virtual bank id -> entry
  int hybrid_banks = 0;            // banks with speed Hybrid (after clamping and the mixed bank)
  int count(BankSpeed s) const;
  // Fraction of virtual banks that are not pure fast (full-width access slow).
  double slow_fraction() const;
};

// Largest h that organize_banks() accepts for F fast sub-banks of 16*S (0 when S == 1).
int max_hybrid_banks(int fast_subbanks, int banks, int subbanks_per_bank);

// Builds the table. `delays` has banks * S entries (physical sub-bank id = bank * S + s); `fast`
// marks the fast sub-banks (same size). `hybrids` is the requested h (>= 0, clamped as above).
// Throws std::invalid_argument on size mismatch.
BankTable organize_banks(std::span<const float> delays, std::span<const std::uint8_t> fast, int banks,
                         int subbanks_per_bank, int hybrids);

// Kernel-level re-organization (Tan §4.2.2): from the current (aged) sub-bank delays, keep the SM
// clock and re-sort: the fast sub-banks are those whose current delay <= period (the SM's clock
// period in normalized delay units), then organize_banks(). If aging made fewer sub-banks fast,
// fewer virtual banks are fast; the guardband is what restores them (nbti/).
BankTable reorganize_at_period(std::span<const float> current_delays, double period, int banks,
                               int subbanks_per_bank, int hybrids);

// Per-kernel hybrid bank count: the ideal (Tan §3.3.4) is to match the kernel's partially used
// register vectors, so h = ceil(partially_used_vectors / rows_per_bank), each hybrid bank holding
// rows_per_bank vectors; organize_banks() then clamps it to max_hybrid_banks(). Negative -> 0.
int hybrid_banks_for_kernel(int partially_used_vectors, int rows_per_bank);

}  // namespace rfvar::rfmodel
