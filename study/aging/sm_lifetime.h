// One SM running one benchmark under one aging technique for its whole lifetime: the NBTI-opt loop
// (Tan §4.2) and the resulting guardband (docs/models.md#nbti).
//
// Contract: technique::prepare_sm() (technique/fresh_sm.h) holds everything a technique needs from
// the SM's fresh delays (computed once, shared by every benchmark). The technique's aging hooks
// (technique/aging_hooks.h) pick its fresh plan, what the sensors steer and its guardband rule.
// run_sm_lifetime() splits the lifetime (`years`) into `epochs`
// equal epochs. In each epoch the SM runs the benchmark (through the RunCache) under the plan in
// force; the cycle model's per-physical-sub-bank counters give U (utilization.h) and each sub-bank's
// StressTime gains U x epoch length (lifetime totals; the closed form of stress_model.h is applied
// to the totals, never iterated). For a technique with re-organization (Sensing::reorganize) the plan of each
// epoch is rebuilt at its kernel launches from the NBTI sensors' readings of the stress accumulated so far
// (aging.h sensor_readings): the F fastest sub-banks by reading are kept fast (F = the fresh VL-SB
// fast count: the guardband keeps them meeting the clock), re-paired, hybrid banks rebuilt on the
// new table, and the per-virtual-bank readings handed to block-level renaming. A technique with
// renaming but no re-organization (Sensing::renaming) keeps the chip-test table and hands renaming the same
// readings at the same launches (with_sensor_readings). Techniques without either keep their fresh plan, so
// one run gives their U and StressTime::lifetime(U, years). IPC is the mean over epochs. The guardband uses
// the true aged delays (sensors only steer). years <= 0 or epochs < 1 throw InputError. SmLifetimeLoop is
// that loop in steps, so one SM (run_sm_lifetime(), one cycle-model run per step) and the N SMs of one GPU
// run (population_study.h, arch.gpu_sms > 1: the N SMs' steps in lockstep, each SM's counters from its own
// statistics in the shared run) age by the same code: for run r = 0 .. runs() - 1, plan(r) gives the plan in
// force from the stress accumulated so far, and account(run) adds that run's counters under it; finish()
// applies the guardband rule.
#pragma once

#include <cstdint>
#include <vector>

#include "nbti/params.h"
#include "nbti/stress_model.h"
#include "rfmodel/params.h"
#include "study/aging/run_cache.h"
#include "technique/fresh_sm.h"
#include "technique/aging_technique.h"
#include "varius/chip_sample.h"

namespace rfvar::study {

using technique::SmFresh;  // technique/fresh_sm.h: the SM's chip-test state (prepare_sm())

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
  // Register-file accesses of more than one cycle over all accesses, summed over the lifetime's runs.
  double slow_access_fraction = 0.0;
};

class SmLifetimeLoop {
 public:
  // Throws as run_sm_lifetime(). `t`, `fresh` and the parameters must outlive the loop.
  SmLifetimeLoop(const technique::IAgingTechnique& t, const SmFresh& fresh, const nbti::NbtiParams& np,
                 const rfmodel::RfParams& rp, const varius::RfGeometry& g, const Lifetime& life);
  // Cycle-model runs over the lifetime: 1 for a technique without sensing (one plan, constant U),
  // else life.epochs.
  int runs() const { return runs_; }
  // The plan of run `r` (call with r = 0, 1, ... in order, each before account()); valid until the
  // next call.
  const SmRfPlan& plan(int r);
  // Adds the counters of the run under the last plan() (virtual positions, run_cache.h).
  void account(const CanonicalRun& run);
  SmLifetime finish() const;

 private:
  const technique::AgingHooks& hooks_;
  const SmFresh& fresh_;
  const nbti::NbtiParams& np_;
  const rfmodel::RfParams& rp_;
  const varius::RfGeometry& g_;
  Lifetime life_;
  int runs_ = 1;
  const SmRfPlan* fixed_ = nullptr;
  const SmRfPlan* plan_ = nullptr;
  SmRfPlan current_;
  std::vector<nbti::StressTime> stress_;
  SmLifetime out_;
  std::uint64_t slow_accesses_ = 0, rf_accesses_ = 0;
};

// `t` must take part in the aging role (technique/technique.h); its aging() hooks pick the fresh
// plan, the sensor steering and the guardband rule, its policy() the mapping, scheduler and renaming.
SmLifetime run_sm_lifetime(const technique::IAgingTechnique& t, const SmFresh& fresh, const nbti::NbtiParams& np,
                           const rfmodel::RfParams& rp, const varius::RfGeometry& g, RunInputs in,
                           RunCache& cache, const Lifetime& life);

}  // namespace rfvar::study
