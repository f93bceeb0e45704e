// N SMs sharing the L2 and DRAM (issue 16; Tan 2016 §5: 15 SMs, each at its own PV clock, sharing a
// 768 KB L2 and the DRAM; GPGPU-Sim 3.x GTX480).
//
// Each SM has its own IRfProvider (its own RF delays -> its own bank latencies and clock) and register
// mapping; the SMs take the launch's blocks from one queue as their block slots free (GPGPU-Sim
// issue_block2core: the next block goes to an SM with a free slot; ties between SMs in one instant go
// to the lower SM index) and send their L1 misses to one SharedL2 (arch/memory/shared_l2.h), whose
// clock is the reference clock (the SM clock without PV). arch.gpu_clocks decides the SMs' clocks
// (Sm::period_ratio()): "equal" runs every SM at the reference clock (Tan Fig. 11's IPC: SMs differ
// only in bank latencies), "pv" each at its own PV clock (RfSetup::clock_norm). The GPU steps the SM
// that is earliest in global time (SM cycle * its period ratio; ties to the lower index), so shared
// requests arrive in time order; an SM runs ahead over cycles that touch nothing shared
// (Sm::may_touch_shared()), which leaves that order, and every result, as it is and keeps one SM's
// state in the cache for several cycles (docs/performance.md). A kernel launch ends when every SM has finished its blocks; the next starts on every SM at
// that global time (launches serialize, as GPGPU-Sim runs this study's kernels).
//
// With one SM (arch.gpu_sms = 1) the GPU is the one-SM mode exactly: that SM runs the blocks
// b % arch.sms == 0 with its own memory system (drawn L2 hits, 1/sms of the bandwidth), bit-identical
// to Sm::run_launch.
//
// Contract: deterministic (one thread, a fixed stepping order): the same inputs give bit-identical
// statistics. total() sums the SMs' statistics, so total().ipc() is the mean IPC per SM cycle over SMs
// (each SM's cycles count the whole launch, idle time included).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "arch/memory/shared_l2.h"
#include "arch/sm/sm.h"

namespace rfvar::arch {

class Gpu {
 public:
  // One SM per provider; `mappings` has the same size. `path`: none (RF hierarchies are one-SM only).
  Gpu(const ArchParams& p, const std::string& scheduler,
      std::vector<std::unique_ptr<IRegisterMapping>> mappings, std::vector<IRfProvider*> providers,
      std::uint64_t workload_key);
  // Off: one SM cycle per step of the GPU loop, in global time order, without run-ahead (the
  // reference the tests compare the run-ahead with; results are identical either way).
  void set_run_ahead(bool on) { run_ahead_ = on; }
  void run_launch(const IWorkload& wl, int launch_index);
  // Decides what the shared DRAM has left; call once after the last launch, before total().
  void finish();
  int sms() const { return static_cast<int>(sms_.size()); }
  const Sm& sm(int i) const { return *sms_[static_cast<std::size_t>(i)]; }
  SmStats total() const;
  const SharedL2* l2() const { return l2_.get(); }  // nullptr with one SM

 private:
  std::unique_ptr<SharedL2> l2_;
  BlockQueue queue_;
  bool run_ahead_ = true;
  std::vector<std::unique_ptr<Sm>> sms_;
};

// Adds the counters of `s` to `into` (per-bank vectors element-wise, warp finish times appended).
void add_stats(SmStats& into, const SmStats& s);

}  // namespace rfvar::arch
