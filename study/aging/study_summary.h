// Statistics of a PopulationStudy (kept apart from the study's results): per-chip overall
// performance (Tan Fig. 13) and per-kernel guardbands (Fig. 12).
//
// Contract: pure functions of a finished study. For technique t, chip c and benchmark k:
//   chip frequency f(c,k)  = mean over SMs of aged_freq (per-SM clocking, docs/models.md#studies), or the minimum
//                            with single_clock;
//   performance   P(c,k)   = mean over SMs of ipc x f / ideal_ipc(k) (each SM at its own clock), or
//                            mean over SMs of ipc x min f / ideal_ipc(k) with single_clock;
//   chip perf     P(c)     = mean over benchmarks of P(c,k): IPC x frequency normalized to the ideal
//                            chip (no PV, no NBTI);
//   chip IPC / freq        = means over benchmarks of (mean over SMs of ipc) / ideal_ipc and of f.
// Guardband per benchmark = mean over chips and SMs; `mean` = mean over benchmarks; normalized =
// mean / baseline's mean (0 if the study has no baseline).
#pragma once

#include <string>
#include <vector>

#include "study/aging/population_study.h"

namespace rfvar::study {

struct TechniqueSummary {
  std::string name;
  std::vector<double> chip_perf, chip_ipc, chip_freq;  // [chip]
  std::vector<double> kernel_perf;                     // [kernel] mean over chips
  std::vector<double> kernel_gb;                       // [kernel] mean over chips and SMs
  std::vector<double> kernel_ipc;                      // [kernel] mean normalized IPC
  double mean_perf = 0, std_perf = 0, mean_ipc = 0, mean_freq = 0, mean_gb = 0, gb_normalized = 0;
};

std::vector<TechniqueSummary> summarize_study(const PopulationStudy& s, bool single_clock);

}  // namespace rfvar::study
