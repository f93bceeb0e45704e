// What an aging technique gives one SM's register file for its current sub-bank delays: one
// arch::KernelRf per effective hybrid-bank count, in a real and a canonical form.
//
// Contract: pure builders. real[i] is what the technique hands the SM model (physical sub-bank ids in
// setup.subbank_of and in the table, the sensors' current per-virtual-bank delays for block-level
// renaming). canonical[i] is the same with every physical sub-bank id replaced by its virtual position
// v * S + k, the clock set to 1 and every delay replaced by its dense rank. arch/ reads a setup only
// through latencies, hybrid lanes, bank speeds, the order of delays (renaming compares them) and
// subbank_of (which sub-bank counter an access increments), so a run under canonical[i] counts
// accesses per virtual position, and mapping them through real[i].setup.subbank_of reproduces the
// run under real[i] exactly (tests/study/aging/test_study.cpp checks this). `key` serializes every
// canonical entry: two plans with equal keys give identical canonical runs of a benchmark.
// entry_for(raw) maps rfmodel::hybrid_banks_for_kernel() of a launch to the entry index; techniques
// without hybrid banks have a single entry.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "arch/sm/rf_provider.h"
#include "rfmodel/params.h"
#include "varius/chip_sample.h"

namespace rfvar::technique {

struct SmRfPlan {
  std::vector<arch::KernelRf> real;       // [entries]
  std::vector<arch::KernelRf> canonical;  // [entries]
  std::string key;
  int entry_for(int raw_hybrid_banks) const {
    const int last = static_cast<int>(real.size()) - 1;
    return raw_hybrid_banks < 0 ? 0 : (raw_hybrid_banks > last ? last : raw_hybrid_banks);
  }
};

// The chip without PV (and the PV baseline, whose accesses all take one cycle): RfSetup::ideal.
SmRfPlan plan_ideal(const varius::RfGeometry& g, const rfmodel::RfParams& p);

// n % VL-RF on the SM's fresh register delays (rfmodel::classify_vl_rf + setup_from_vectors).
SmRfPlan plan_vl_rf(const varius::SmDelays& sm, const varius::RfGeometry& g, const rfmodel::RfParams& p);

// VL-SB + RF-BRO + hybrid banks from sub-bank delays `current_delay` (fresh, or the NBTI sensors'
// readings for kernel-level re-organization) with the sub-banks of `fast` kept fast: one entry per
// h = 0 .. max_hybrid_banks(). With `renaming`, each entry carries the organization table and the
// current per-virtual-bank delays that block-level renaming reads.
SmRfPlan plan_bank_table(std::span<const float> current_delay, std::span<const std::uint8_t> fast,
                         const varius::RfGeometry& g, const rfmodel::RfParams& p, double clock_norm,
                         bool renaming);

// Block-level renaming without re-organization (Tan §4.2.1 alone): `fixed` (plan_bank_table() with
// `renaming`) with every entry's table kept and its per-virtual-bank delays re-read from the sensors:
// bank_delay[v] = the slowest `reading` over the sub-banks of virtual bank v (Tan §4.2.1: "the speed of
// a virtual bank is determined by its slowest sub-bank"). Throws std::invalid_argument if an entry has
// no table or `reading` does not cover its sub-banks.
SmRfPlan with_sensor_readings(const SmRfPlan& fixed, std::span<const float> reading);

// The `count` fastest of `delay` as a 0/1 mask (ties: lower id first, as rfmodel/'s sort).
std::vector<std::uint8_t> fastest_mask(std::span<const float> delay, int count);

}  // namespace rfvar::technique
