// The Tan 2016 Fig. 11 study of `rfvar ipc`: IPC of each technique on the cycle model, normalized
// per kernel to the baseline without PV.
//
// Contract: check_ipc_run() validates the technique names (ipc role, technique/registry.h). run_ipc()
// plans one run per kernel under "baseline" without PV (the normalization), and per kernel and
// technique one run on the first chip's SMs, or on every chip's when the technique's register file
// depends on the chip (ITechnique::ipc_every_chip(): vl-rf; Tan §6.1.1: the RF-BRO based
// techniques' bank latencies do not); each run covers arch.gpu_sms SMs (chips[c] holds their
// delays). Runs go in parallel (common/job_distributor.h: over spec.jobs' ranks, each rank's threads), results are
// gathered serially in plan order, so they do not depend on the rank or thread count. normalized[t][k] is the mean over the technique's runs of IPC / baseline
// IPC of kernel k (1 when it has none); mean[t] is its mean over kernels. The model never prints.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "arch/core/params.h"
#include "workload/i_workload.h"
#include "common/job_distributor.h"
#include "common/progress.h"
#include "rfmodel/params.h"
#include "varius/chip_sample.h"

namespace rfvar::study {

struct IpcRunSpec {
  arch::ArchParams arch;
  rfmodel::RfParams rf;
  std::vector<std::string> techniques;  // ipc-role names
  JobDistributor* jobs = nullptr;       // the ranks the runs are spread over (null: this process)
};

struct IpcRunResult {
  std::vector<double> base_ipc;                 // [kernel] baseline without PV
  std::vector<std::vector<double>> normalized;  // [technique][kernel]
  std::vector<double> mean;                     // [technique]
  double warp_instructions = 0.0;               // over every run
  std::size_t runs = 0;
};

void check_ipc_run(const IpcRunSpec& spec);

// How many runs run_ipc() makes (the progress bar's total).
std::size_t ipc_run_count(const IpcRunSpec& spec, std::size_t kernels, std::size_t chips);

// `chips[c]` holds chip c's SM delays (arch.gpu_sms of them), all with geometry `g`; `key` is the
// workload key the workloads were made with.
IpcRunResult run_ipc(const IpcRunSpec& spec, std::span<const arch::IWorkload* const> workloads,
                     const std::vector<std::vector<varius::SmDelays>>& chips, const varius::RfGeometry& g,
                     std::uint64_t key, Progress* progress);

}  // namespace rfvar::study
