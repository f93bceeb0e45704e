// Statistics of one SM run, kept apart from the model state (ChampSim-style stats struct).
//
// Contract: the SM only increments these counters; printers and writers (apps/) read them.
// Bank counters are per virtual bank; sub-bank counters per physical sub-bank (RfSetup::subbank_of
// at the time of the access), counting an access on a sub-bank only if one of its lanes is active.
// allocated_row_cycles: sum over cycles of rows of the sub-bank holding a live register vector
// (the NBTI "allocated time" stress input: divide by rows_per_bank * cycles for a fraction).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace rfvar::arch {

enum class Stall : std::uint8_t {
  Idle,            // no resident warp on this scheduler
  Memory,          // waiting for a global/local load result
  DataDependence,  // waiting for an ALU/SFU/shared-memory result (or a pending register write)
  Collector,       // a ready instruction found no free collector unit / issue port
  Barrier,         // every candidate warp waits at a barrier
  Control,         // waiting for a branch to resolve
  Count
};
const char* stall_name(Stall s);

struct SmStats {
  std::uint64_t cycles = 0;
  std::uint64_t warp_instructions = 0;
  std::uint64_t thread_instructions = 0;
  std::uint64_t fast_instructions = 0;  // all operands in fast (or hybrid-fast) banks
  std::array<std::uint64_t, static_cast<int>(Stall::Count)> stalls{};  // scheduler-cycles without issue
  std::uint64_t bank_conflict_cycles = 0;  // operand-read requests that waited a cycle on a busy bank
  std::uint64_t slow_accesses = 0;         // register accesses that took more than one cycle
  std::uint64_t row_spills = 0;            // vectors placed outside their mapped bank (bank full)
  std::uint64_t l1_hits = 0, l2_hits = 0, dram_accesses = 0;
  // DRAM write requests (arch.l2_write_policy = "write-allocate"): stores' writes past the L2 and, with
  // N SMs, write-backs of dirty L2 lines; dram_accesses counts the L2 misses (line fetches) only.
  std::uint64_t dram_writes = 0;
  // Banks DRAM (arch.dram_model = "banks"): requests served from the open row, from a precharged bank,
  // and after closing another row (row conflicts); all zero with the bandwidth queue.
  std::uint64_t dram_row_hits = 0, dram_row_misses = 0, dram_row_conflicts = 0;
  std::uint64_t l1_merges = 0;  // address-stream loads of a line whose miss is in flight (one MSHR entry)
  std::uint64_t l1_load_requests = 0;  // load requests (transactions / lines) that looked up the L1 (global, local, const)
  // Of l1_load_requests, those of const-space loads (ld.param / ld.const; the exported SASS's LDC) and
  // their hits + merges: GPGPU-Sim serves these from a constant cache, not the L1D, so its L1D hit
  // rate leaves them out (l1_data_hit_rate(); docs/validation-gpgpusim.md "Comparison").
  std::uint64_t l1_const_requests = 0, l1_const_hits = 0;
  std::uint64_t stream_load_requests = 0, stream_load_hits = 0;  // address-stream loads: line requests, hits + merges
  std::uint64_t blocks = 0, kernel_launches = 0;
  // The virtualized register file (sharing.virtual_rf; all 0 without it, arch/sharing/virtual_rf.h):
  // most physical warp registers in use at once (max over launches), their sum over cycles (mean in
  // use = vrf_reg_cycles / cycles), scheduler picks held because the pool was full, and the most
  // blocks resident at once; vrf_launch_*: the same peaks in the last launch only.
  std::uint64_t vrf_peak_regs = 0, vrf_alloc_stalls = 0, vrf_peak_blocks = 0;
  std::uint64_t vrf_launch_peak_regs = 0, vrf_launch_peak_blocks = 0;
  double vrf_reg_cycles = 0.0;
  // Perfect register sharing (sharing.mode = "perfect"; all 0 without it, arch/sm/sm_share.cpp): global
  // loads dispatched (atoms excluded), of them hits (load and write-back skipped; share_waits of them
  // found the sharing load still in flight and waited for it), misses recorded in the table, and
  // table entries removed by stores (share_flushes: stores without a key, which empty the table).
  std::uint64_t share_global_loads = 0, share_hits = 0, share_waits = 0, share_recorded = 0;
  std::uint64_t share_invalidated = 0, share_flushes = 0;
  // Partial sharing (sharing.mode = "partial"; all 0 otherwise): loads built by a w-merge slot from one
  // or two registers instead of loaded (share_merge_reads: their register reads), and loads with a cover
  // that went to memory because they hit in L1 (Jeon §3: partial only on an L1 miss) or found every
  // w-merge slot busy; share_merge_waits: merge reads that waited for their source's load to return.
  std::uint64_t share_partial_hits = 0, share_merge_reads = 0, share_partial_l1_hits = 0, share_partial_busy = 0;
  std::uint64_t share_merge_waits = 0;
  std::vector<std::uint64_t> bank_reads, bank_writes, bank_busy_cycles;            // [banks]
  std::vector<std::uint64_t> subbank_reads, subbank_writes, subbank_busy_cycles;   // [banks * S]
  std::vector<double> subbank_allocated_row_cycles;                                // [banks * S]
  std::vector<std::uint64_t> warp_finish_cycles;  // per warp in completion order (every block's warps)

  // (l1_hits + l1_merges) / l1_load_requests: the share of load requests that sent nothing to L2.
  double l1_hit_rate() const {
    return l1_load_requests ? static_cast<double>(l1_hits + l1_merges) / static_cast<double>(l1_load_requests) : 0.0;
  }
  // The L1 hit rate of global and local loads only (const-space requests left out).
  double l1_data_hit_rate() const {
    const std::uint64_t n = l1_load_requests - l1_const_requests;
    return n ? static_cast<double>(l1_hits + l1_merges - l1_const_hits) / static_cast<double>(n) : 0.0;
  }
  // stream_load_hits / stream_load_requests: the L1 tag array's hit rate (address-stream loads only).
  double stream_hit_rate() const {
    return stream_load_requests ? static_cast<double>(stream_load_hits) / static_cast<double>(stream_load_requests)
                                : 0.0;
  }
  // dram_row_hits / all decided banks-DRAM requests (0 without any).
  double dram_row_hit_rate() const {
    const std::uint64_t n = dram_row_hits + dram_row_misses + dram_row_conflicts;
    return n ? static_cast<double>(dram_row_hits) / static_cast<double>(n) : 0.0;
  }
  double ipc() const { return cycles ? static_cast<double>(warp_instructions) / static_cast<double>(cycles) : 0.0; }
  void resize(int banks, int subbanks_per_bank) {
    bank_reads.assign(static_cast<std::size_t>(banks), 0);
    bank_writes = bank_busy_cycles = bank_reads;
    subbank_reads.assign(static_cast<std::size_t>(banks * subbanks_per_bank), 0);
    subbank_writes = subbank_busy_cycles = subbank_reads;
    subbank_allocated_row_cycles.assign(subbank_reads.size(), 0.0);
  }
  // Per physical sub-bank: (reads + writes) / cycles, accesses per cycle.
  std::vector<double> subbank_utilization() const;
  // Per physical sub-bank: allocated_row_cycles / (rows_per_bank * cycles).
  std::vector<double> subbank_allocated_fraction(int rows_per_bank) const;
};

}  // namespace rfvar::arch
