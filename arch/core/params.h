// Parameters of the SM cycle model, read from the [arch] section of data/fermi-32nm.toml.
//
// Contract: from_config() reads every [arch] key with its accepted range and throws ConfigError
// naming the key, value and range. Latencies are in cycles of the SM clock. The member initializers
// only mirror data/fermi-32nm.toml for hand-built test parameters; from_config() sets every field.
#pragma once

#include <array>
#include <string>

#include "workload/kernel.h"
#include "common/config.h"
#include "common/limits.h"

namespace rfvar::arch {

enum class Unit : std::uint8_t { Sp = 0, Sfu = 1, Mem = 2, None = 3 };

// How a compiled (PTX) workload names its registers (arch.register_ids; ptx/to_workload.h):
// GpgpuSim = GPGPU-Sim 3.1's numbering, the first integer of a PTX register's name (ids may reach
// several hundred); Allocated = virtual registers allocated by liveness to 32-bit ids 0..62.
enum class RegisterIds : std::uint8_t { GpgpuSim, Allocated };

// Ports of one register-file bank (arch.rf_ports): Single = GPGPU-Sim's bank, one read or one
// write per cycle (the default); ReadWrite = Tan 2016 §2.1's dual-ported bank, one read and one
// write per cycle, each port busy for its own access's latency (a slow read holds only the read port).
enum class RfPorts : std::uint8_t { Single, ReadWrite };

// The clocks of the N-SM mode (arch.gpu_clocks; arch/gpu.h). Equal = every SM at the reference clock
// (the SM clock without PV, the L2's), so SMs differ only in their bank latencies and organization: the
// one-SM mode's convention and Tan 2016 Fig. 11's (IPC loss from the techniques' latencies and conflicts,
// §6.1; the frequency gains are Fig. 13). Pv = each SM at its own PV clock (RfSetup::clock_norm) with
// the clock domains crossing at the L2 (Tan §5), so a PV-slowed SM waits fewer of its own cycles for
// memory. Only the N-SM mode reads it (arch.gpu_sms > 1).
enum class GpuClocks : std::uint8_t { Equal, Pv };

// The virtualized register file and register sharing ([sharing]; docs/models.md "Register sharing",
// Jeon et al., CAL 2019 §3-4 on Jeon et al., MICRO 2015's register file virtualization).
// sharing.mode: "off", "perfect" = Jeon 2019 §2.1's perfect sharing, or "partial" = perfect sharing
// and §2.2's partial sharing (both need sharing.virtual_rf).
enum class SharingMode : std::uint8_t { Off, Perfect, Partial };

struct SharingParams {
  SharingMode mode = SharingMode::Off;
  int table_entries = 200;       // sharing.table_entries: address mapping table entries, 0 = unlimited
                                 // (Jeon §4.1: 200 = 1 KB, and "infinite mappings")
  int stride_bits = 9;           // sharing.stride_bits: an entry's stride field (Jeon §4.2: 9 bits)
  bool virtual_rf = false;       // sharing.virtual_rf: per-warp arch->phys mapping, allocate at write,
                                 // release after the last read; CTAs admitted by physical registers in use
  double admit_headroom = 1.0;   // sharing.admit_headroom: a CTA is admitted when this fraction of its
                                 // static allocation (warps x regs_per_thread) is free, (0, 1]
  // Partial sharing (mode "partial"; Jeon §3 gives neither the merge's latency nor a slot count beyond
  // "one dedicated operand collector slot"): the w-merge slots, and the cycles of the shift-and-OR
  // merge after both registers are read (a CHOICE: 4 = one integer ALU pass, arch.lat_int_alu).
  int merge_slots = 1;   // sharing.merge_slots: w-merge operand collector slots, 1..8 (Jeon §3: 1)
  int merge_cycles = 4;  // sharing.merge_cycles: shift-and-OR merge latency in cycles, 1..64
  bool release_finished_lanes = false;  // sharing.release_finished_lanes: a write covering the lanes that
                                        // run a later step is full (the other lanes never read again), so it
                                        // releases the value before it (arch/sharing/trace_liveness.h)
  long long deadlock_cycles = 1000000;  // sharing.deadlock_cycles: an allocation stall with no register
                                        // freed for this many cycles is an error
};

struct ArchParams {
  int sms = 15;
  int gpu_sms =
      1;  // SMs simulated (arch/gpu.h): 1 = one representative SM, N = N SMs sharing the L2 and DRAM
  GpuClocks gpu_clocks = GpuClocks::Equal;  // arch.gpu_clocks = "equal" | "pv" (N-SM mode only)
  int max_threads_per_sm = 1536;
  int max_blocks_per_sm = 8;
  int registers_per_sm = 32768;
  int smem_bytes_per_sm = 49152;
  int schedulers = 2;
  std::array<int, 3> collector_units = {6, 8, 2};  // per Unit
  std::array<int, 3> issue_width = {2, 1, 1};      // per Unit, per cycle
  std::array<int, static_cast<int>(OpClass::Count)> latency_cycles{};
  std::array<int, static_cast<int>(OpClass::Count)> initiation_cycles{};
  int lat_branch_cycles = 4;
  int lat_smem_cycles = 26;
  int lat_l1_hit_cycles = 35;
  int lat_l2_hit_cycles = 140;
  int lat_dram_cycles = 280;
  double l2_cycles_per_request = 2.0;
  double dram_cycles_per_request = 7.6;
  int max_outstanding_misses = 32;
  bool dram_banks_model = false;  // arch.dram_model = "banks": arch/memory/dram.h (else the bandwidth queue)
  int dram_channels = 6, dram_banks = 8, dram_row_bytes = 2048, dram_interleave_bytes = 256, dram_atom_bytes = 32;
  double dram_clock_mhz = 1848.0, core_clock_mhz = 700.0;
  int dram_t_ccd = 2, dram_t_rrd = 5, dram_t_rcd = 12, dram_t_ras = 28, dram_t_rp = 12, dram_t_rc = 35, dram_t_cl = 10;
  int dram_t_wl = 7, dram_t_cdlr = 6, dram_t_wr = 12;  // write timing (docs/models.md "L2 writes")
  int dram_queue = 16;
  int l1_size_bytes = 16384;  // L1 data cache tags (used by address-stream accesses only): GTX480 dl1 32:128:4
  int l1_line_bytes = 128;
  int l1_ways = 4;
  int l2_size_bytes = 786432;  // GPU-wide L2 of the l2= derivations (analysis/l2_reuse.h): GTX480 dl2
  int l2_line_bytes = 128;
  int l2_ways = 8;
  // arch.l2_write_policy: what a store that misses in the L2 costs the DRAM. "write-allocate" =
  // GPGPU-Sim's write-back, write-allocate L2 (`-gpgpu_cache:dl2 ...,L:B:m:W`, data_cache::
  // wr_miss_wa_naive / wr_hit_wb): the store's write goes to the DRAM and the line is fetched (two
  // requests); a store hit marks its line dirty and an evicted dirty line is written back (N-SM mode,
  // where the L2 has tags). "fill-only" = the line fetch alone (rfvar before issue 25).
  // docs/models.md "L2 writes".
  bool l2_write_allocate = true;
  RegisterIds register_ids = RegisterIds::GpgpuSim;  // arch.register_ids = "gpgpusim" | "allocated"
  RfPorts rf_ports = RfPorts::Single;                // arch.rf_ports = "single" | "read-write"
  // arch.scheduler_order: the order the warp schedulers of an SM pick in each cycle (they share the
  // collector units): "fixed" = scheduler 0 first every cycle (GPGPU-Sim 3.x, shader_core_ctx::issue());
  // "rotating" = the first scheduler rotates every cycle (GPGPU-Sim 4: "fair round robin issue between
  // schedulers"). docs/models.md "Scheduler order".
  bool rotate_schedulers = false;
  // arch.bank_arbiter: how free banks' head reads are granted each cycle (single ports): "rotating" =
  // banks in a rotating priority, each granting its head read if that collector unit has had no
  // operand yet; "wavefront" = GPGPU-Sim's wavefront allocator over the collector units
  // (arch/regfile/register_file.h, docs/models.md "Bank arbiter").
  bool wavefront_arbiter = false;
  // arch.issue_to_collector: how an issued instruction reaches a collector unit. "register" = GPGPU-Sim's
  // ID_OC pipeline register of each class (shader_core_ctx::issue_warp into m_pipeline_reg[ID_OC_*], then
  // opndcoll_rfu_t::allocate_cu): issue needs a free slot of that register (issue_width slots), and from
  // the next cycle its oldest instruction takes a free collector unit, at most issue_width per class and
  // cycle, and only then queues its operand reads; "direct" = issue takes a free collector unit and
  // queues its reads at once (the earlier model). docs/models.md "Issue to collector".
  bool issue_register = true;
  // arch.dp_unit: the pipeline of double-precision arithmetic. "sp" = GPGPU-Sim 3.x, Tan's simulator
  // (a DP op is an ALU op: SP collector units and lanes); "sfu" = GPGPU-Sim 4 with no DP units, as its
  // GTX480 config (shader.cc scheduler_unit::cycle: "If the DP units = 0 (like in Fermi archi), then
  // execute DP inst on SFU unit"): SFU collector units, ID_OC slot and lane. docs/models.md "DP unit".
  bool dp_on_sfu = false;
  int two_level_active_warps = 8;
  bool two_level_greedy = true;
  int two_level_group_warps = 8;  // fetch-group size of two-level-groups (Narasiman 2011; Tan §6.1.2)
  long long max_cycles = 200000000;
  SharingParams sharing;  // [sharing]
  Limits limits;  // [limits]: guards of the workload front ends, never a model parameter (common/limits.h)

  int max_warps_per_sm() const { return max_threads_per_sm / 32; }
  static ArchParams from_config(const Config& c);
};

// The message of the commands that run the one-SM mode only.
inline constexpr const char* kOneSmOnly =
    "arch.gpu_sms > 1 (N SMs sharing the L2) is run by 'rfvar sim', 'rfvar ipc', 'rfvar guardband', "
    "'rfvar perf' and the study's ipc, guardband and perf stages only; the ltrf and energy commands "
    "run one representative SM (arch.gpu_sms = 1; docs/models.md \"Many SMs\")";

// The pipeline an opcode class runs on; `dp_on_sfu` (arch.dp_unit = "sfu") sends double-precision
// arithmetic to the SFU. A table, not a switch: the SM asks for every instruction it issues and
// dispatches, and a switch's branches mispredict on the instruction mix (docs/performance.md).
inline Unit unit_of(OpClass op, bool dp_on_sfu = false) {
  constexpr std::size_t n = static_cast<std::size_t>(OpClass::Count);
  static constexpr std::array<std::array<Unit, n>, 2> kUnit = [] {
    std::array<std::array<Unit, n>, 2> t{};
    for (std::size_t sfu = 0; sfu < 2; ++sfu)
      for (std::size_t i = 0; i < n; ++i) {
        Unit u = Unit::Sp;
        switch (static_cast<OpClass>(i)) {
          case OpClass::Sfu: u = Unit::Sfu; break;
          case OpClass::DpAlu: u = sfu ? Unit::Sfu : Unit::Sp; break;
          case OpClass::Load:
          case OpClass::Store: u = Unit::Mem; break;
          case OpClass::Barrier:
          case OpClass::Branch:
          case OpClass::Exit: u = Unit::None; break;
          default: break;
        }
        t[sfu][i] = u;
      }
    return t;
  }();
  return kUnit[dp_on_sfu ? 1 : 0][static_cast<std::size_t>(op)];
}

}  // namespace rfvar::arch
