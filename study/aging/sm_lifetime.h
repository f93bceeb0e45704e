// One SM running one benchmark under one study technique for its whole lifetime: the NBTI-opt loop
// (Tan §4.2) and the resulting guardband (spec §3).
//
// Contract: prepare_sm() holds everything a technique needs from the SM's fresh delays (computed
// once, shared by every benchmark). run_sm_lifetime() splits the lifetime (`years`) into `epochs`
// equal epochs. In each epoch the SM runs the benchmark (through the RunCache) under the plan in
// force; the cycle model's per-physical-sub-bank counters give U (utilization.h) and each sub-bank's
// StressTime gains U x epoch length (lifetime totals; the closed form of stress_model.h is applied
// to the totals, never iterated). For a technique with re-organization the plan of each epoch is
// rebuilt at its kernel launches from the NBTI sensors' readings of the stress accumulated so far
// (aging.h sensor_readings): the F fastest sub-banks by reading are kept fast (F = the fresh VL-SB
// fast count: the guardband keeps them meeting the clock), re-paired, hybrid banks rebuilt on the
// new table, and the per-virtual-bank readings handed to block-level renaming. A technique with
// renaming but no re-organization keeps the chip-test table and hands renaming the same readings at
// the same launches (with_sensor_readings). Techniques without either keep their fresh plan, so one
// run gives their U and StressTime::lifetime(U, years).
// IPC is the mean over epochs. The guardband uses the true aged delays (sensors only steer).
// years <= 0 or epochs < 1 throw InputError.
#pragma once

#include <cstdint>
#include <vector>

#include "nbti/params.h"
#include "rfmodel/params.h"
#include "study/aging/run_cache.h"
#include "study/aging/sm_rf_plan.h"
#include "study/aging/study_technique.h"
#include "varius/chip_sample.h"

namespace rfvar::study {

struct SmFresh {
  std::vector<float> subbank_delay;  // [16 S]: max register delay per sub-bank for rfmodel.subbanks
  std::vector<float> dvth0_V;        // [16 S]: systematic PV Vth offset (NBTI dV0)
  std::vector<std::uint8_t> fast;    // [16 S]: VL-SB fast sub-banks
  int fast_count = 0;                // F
  double bank_clock_norm = 1.0;      // VL-SB clock
  std::vector<float> vl_rf_fast_max; // [16 S]: slowest fast VL-RF register per sub-bank, 0 if none
  double vl_rf_period = 1.0;         // VL-RF clock period (normalized delay)
  SmRfPlan baseline, vl_rf, pv_opt, nbti_opt;  // fresh plans (vl_rf empty unless asked)
};

// Throws InputError if the chip's sub-bank count differs from rfmodel.subbanks (dV0 per sub-bank
// comes from varius/ for floorplan.subbanks).
SmFresh prepare_sm(const varius::SmDelays& sm, const varius::RfGeometry& g, const rfmodel::RfParams& rp,
                   bool with_vl_rf);

struct Lifetime {
  double years = 7.0;
  int epochs = 7;
};

struct SmLifetime {
  double ipc = 0.0;                  // mean over epochs
  double fresh_period = 1.0;         // normalized delay the fresh clock covers
  double aged_period = 1.0;          // ... after `years` of aging
  double guardband = 0.0;            // 1 - fresh_period / aged_period
  std::vector<double> utilization;   // [16 S] lifetime-mean U per physical sub-bank
  std::vector<double> aged_delay;    // [16 S] true aged sub-bank delay at end of life
  std::vector<double> dvth_V;        // [16 S] total Vth offset at end of life
  // Tan Fig. 8 per virtual bank, in organization-table order (fastest first; physical banks for
  // baseline and vl-rf, which have no table): lifetime-mean U of the bank position (mean of its S
  // sub-bank positions over every launch and epoch, whichever sub-banks filled it), and the true
  // aged delay (slowest sub-bank) of each bank of the h = 0 table in force at end of life (the
  // chip-test table for pv-opt, the sensors' re-organized one for pv-opt+nbti-opt).
  std::vector<double> vbank_utilization;  // [16]
  std::vector<double> vbank_aged_delay;   // [16]
  int critical_subbank = -1;              // physical sub-bank whose aged delay sets aged_period
};

SmLifetime run_sm_lifetime(const StudyTechnique& t, const SmFresh& fresh, const nbti::NbtiParams& np,
                           const rfmodel::RfParams& rp, const varius::RfGeometry& g, RunInputs in,
                           RunCache& cache, const Lifetime& life);

}  // namespace rfvar::study
