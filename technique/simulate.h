// Running a technique on the SM cycle model: its policies and one register-file provider per SM.
//
// Contract: run_technique() builds t.rf_provider() for every entry of `sms` (nullptr: the SM
// without PV) and t.policy() (a non-empty `scheduler` replaces its warp scheduler: the experiment
// knob of `rfvar sim --scheduler`) and hands them to arch::run_sms(), so one SM and arch.gpu_sms
// SMs are the same call: sms.size() must be p.gpu_sms. Deterministic as arch/run.h states.
#pragma once

#include <span>
#include <string>

#include "arch/run.h"
#include "technique/ipc_technique.h"

namespace rfvar::technique {

arch::GpuRunResult run_technique(const IIpcTechnique& t, const arch::IWorkload& wl, const arch::ArchParams& p,
                                 const rfmodel::RfParams& rp, std::span<const varius::SmDelays* const> sms,
                                 const varius::RfGeometry& g, std::uint64_t key, Progress* progress = nullptr,
                                 const std::string& scheduler = "");

}  // namespace rfvar::technique
