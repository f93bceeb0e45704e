// One Fermi-like SM (docs/models.md#arch, GPGPU-Sim 3.x GTX480 semantics) running kernel launches.
//
// Contract: run_launch() runs one kernel launch of a workload (i_workload.h) to completion on this SM
// and adds to stats(). Each warp replays its trace (trace.h): the SM never evaluates control flow, it
// issues the trace's steps in order, a branch costing arch.lat_branch_cycles before the warp's next
// issue, a barrier holding the warp until its block's live warps all arrive.
// Per cycle, in GPGPU-Sim's order: completed results queue their register writes; the register
// file's banks serve their queues (arch/regfile/register_file.h: per bank one access or, dual-ported,
// one read and one write; at most one operand per collector unit per cycle; an access to a slow bank
// keeps its port busy for its latency); collector units with all
// operands dispatch to the SP / SFU / MEM pipelines; the oldest issued instructions waiting in each
// class's ID_OC register take free collector units (arch.issue_to_collector = "register"); each
// scheduler issues at most one instruction;
// a free block slot takes the next block. Warp i belongs to scheduler i % schedulers; a block in
// hardware block slot c owns warp slots c*wpb .. c*wpb+wpb-1, so a new block recycles the retired
// block's warp IDs (GPGPU-Sim issue_block2core). The SM simulates the blocks b with b % sms == 0 of
// each launch (one representative SM). Cycles in which nothing can change are skipped.
// Deterministic: all randomness comes from the workload key (a Philox-derived 64-bit key).
#pragma once

#include <array>
#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <queue>
#include <utility>
#include <vector>

#include "arch/core/event_queue.h"
#include "arch/core/for_each_bit.h"
#include "arch/core/params.h"
#include "arch/core/sm_stats.h"
#include "arch/mapping/i_register_mapping.h"
#include "arch/memory/memory_system.h"
#include "arch/regfile/register_file.h"
#include "arch/regfile/rf_counters.h"
#include "arch/scheduler/i_warp_scheduler.h"
#include "arch/scheduler/lrr.h"
#include "arch/sharing/address_mapping_table.h"
#include "arch/sharing/virtual_rf.h"
#include "arch/sm/operand_path.h"
#include "arch/sm/rf_provider.h"
#include "workload/i_workload.h"
#include "workload/kernel.h"

namespace rfvar::arch {

// The N-SM mode's block distribution (arch/gpu.h): the next block of the launch, taken by the SM
// that first has a free block slot (GPGPU-Sim issue_block2core, in global time order).
struct BlockQueue {
  int next = 0, grid = 0;
};

class Sm final : private IActiveSetListener, private IMainRfWriter {
 public:
  // One scheduler object per scheduler unit is created with make_scheduler(scheduler_name, p).
  Sm(const ArchParams& p, const std::string& scheduler_name, std::unique_ptr<IRegisterMapping> mapping,
     IRfProvider& rf, std::uint64_t workload_key, IOperandPath* path = nullptr);
  Sm(const Sm&) = delete;  // rf_counters_ refers to stats_
  Sm& operator=(const Sm&) = delete;
  void run_launch(const IWorkload& wl, int launch_index);
  // The N-SM mode (arch/gpu.h): this SM takes its blocks from `blocks` (the launch's next block, shared
  // by the SMs) instead of b % sms == 0, and sends its L1 misses to the shared `l2` (in its clock domain).
  void attach(SharedL2* l2, BlockQueue* blocks);
  // run_launch() in steps: begin_launch(), then step() (one simulated cycle, or a skip over idle cycles)
  // until it returns false, then end_launch(until): the launch's cycles end at max(now(), until).
  // `decode_from`: an SM with the same ArchParams that began this launch already; its per-pc register
  // lists (built from the kernel's code alone) are read instead of a copy of this SM's own, so that
  // the N SMs of a GPU keep one table in the host's caches (docs/performance.md).
  void begin_launch(const IWorkload& wl, int launch_index, const Sm* decode_from = nullptr);
  bool step();
  void end_launch(std::uint64_t until = 0);
  std::uint64_t now() const { return now_; }  // the next cycle step() simulates (this SM's clock)
  // The N-SM mode's run-ahead (arch/gpu.h): false only if the next step() can neither read nor write
  // what the SMs share (the L2 and DRAM, the block queue): no memory instruction can dispatch (none
  // has its operands and is ready while a MEM lane is free), no result with a pending DRAM record is
  // due, and no block can be taken (the queue is empty as this SM saw it, or every block slot is live
  // and no block can retire in one step: it has more live warps than the SM has schedulers, or one
  // not at its final Exit). Conservative: true may be a step that shares nothing.
  bool may_touch_shared() const;
  // This SM's clock period over the reference (no-PV) clock: 1 / RfSetup::clock_norm of this launch
  // with arch.gpu_clocks = "pv", 1 with "equal" (params.h GpuClocks).
  double period_ratio() const { return p_.gpu_clocks == GpuClocks::Pv ? 1.0 / rf_.setup.clock_norm : 1.0; }
  const SmStats& stats() const { return stats_; }
  const rfmodel::RfSetup& setup() const { return rf_.setup; }

 private:
  // One register of one warp: where it lives and its scoreboard state.
  struct RegState {
    std::uint8_t bank = 0, row = 0, lat = 1;  // virtual bank, row, cycles of a full-width access
    std::uint8_t flags = 0;                   // kPending | kLongPending, and its speed: kSlow | kSlowHybrid
    std::uint32_t hyb = 0;                    // lanes its hybrid bank answers in one cycle (hybrid_lanes(); 0: not hybrid)
  };
  static constexpr std::uint8_t kPending = 1, kLongPending = 2;  // a write in flight (from a global/local load)
  // Set with the vector's place for the warp's life: lat > 1 in a bank that is not hybrid (slow at any
  // width), or in a hybrid one (one cycle if the active lanes are in `hyb`). at_pc() ORs them with the
  // pending bits, so that only hybrid banks need a per-register look at the lanes.
  static constexpr std::uint8_t kSlow = 4, kSlowHybrid = 8;
  static std::uint8_t speed_flags(const RegState& g) { return g.lat <= 1 ? 0 : g.hyb != 0 ? kSlowHybrid : kSlow; }
  // RegState::hyb of a vector in a bank whose hybrid fast lanes are `bank_fast` (0: not a hybrid
  // bank): those lanes; for a partial vector of the upper lane half (Kernel::hybrid_half) in a
  // half-fast hybrid bank, stored with its halves swapped so that its used lanes sit in the fast
  // sub-bank (Tan §3.3.4), the upper half.
  static std::uint32_t hybrid_lanes(std::uint32_t bank_fast, std::uint32_t half) {
    return bank_fast == kHybridFastLanes && half == ~kHybridFastLanes ? half : bank_fast;
  }
  // The sub-bank lanes an access with warp lanes `lanes` touches (only a swapped vector differs).
  static std::uint32_t stored_lanes(const RegState& g, std::uint32_t lanes) {
    return g.hyb == ~kHybridFastLanes ? std::rotl(lanes, 16) : lanes;
  }
  // The distinct registers an instruction reads or writes (what the scoreboard checks).
  // r[] has 16 slots, 2 x 8 RegIds, compared with a register at once (registers_written()).
  static constexpr int kPcRegs = 16;
  static_assert(kMaxDst + kMaxSrc <= kPcRegs && sizeof(RegId) == 2, "PcOps::r holds every slot in 2 x 16 bytes");
  struct PcOps {
    RegId r[kPcRegs];  // the first n used, the rest kNoReg (never a register)
    std::uint8_t n = 0;
    bool exit = false;      // an Exit: the warp's last one waits for every pending write of the warp
    std::uint8_t unit = 0;  // unit_of() of its instruction
    PcOps() { std::fill(r, r + kPcRegs, kNoReg); }
  };
  struct Warp {
    bool live = false, at_barrier = false;
    std::uint8_t unit = 0;   // Unit of the instruction at pc (cached by at_pc())
    // The instruction at pc (cached by at_pc(), kept by registers_written()): it waits on a pending
    // write (dep), on a pending global/local load (memdep; for Exit: any pending write / load), one of
    // its registers has a load in flight (use_long), all its accesses are one-cycle now (fast).
    bool dep = false, memdep = false, use_long = false, fast = true;
    int npending = 0, nlong = 0;  // registers with a write / a load in flight
    RegState* regs = nullptr;     // [Kernel::reg_ids], in Sm::reg_state_
    std::uint64_t age = 0, next_issue = 0;
    int block_slot = -1, wib = 0, bid = 0;  // block slot, warp index in block, global block id
    std::uint32_t init_mask = 0;
    std::uint32_t dyn = 0;   // warp instructions issued so far: the index of the next one (draw keys)
    const TraceStep* at = nullptr;       // the next instruction to issue (its trace step)
    const TraceStep* last = nullptr;     // its trace's last step, the Exit that ends the warp
    const TraceMem* mem = nullptr;       // the TraceMem of the next memory step that has one
    const std::uint64_t* lines = nullptr;  // the warp trace's line requests
    bool copy_lines = false;  // its block's trace is the block slot's scratch: issue copies its line requests
    const TraceKey* keys = nullptr;        // the TraceKey of the next memory step (nullptr: none recorded)
    std::uint32_t mask() const { return at->mask; }
    std::int32_t pc() const { return at->pc; }
    // The next instruction is the warp's final Exit (an Exit earlier in the trace is a step: its
    // lanes, if any, leave the later masks; docs/accelsim-traces.md "EXIT").
    bool at_end() const { return at == last; }
  };
  struct BlockSlot {
    bool live = false;
    int bid = 0, live_warps = 0, at_barrier = 0;
    int at_end = 0;  // live warps whose next step is their final Exit
    std::uint64_t launched_at = 0;
    const BlockTrace* trace = nullptr;  // its warps' traces (the workload's, or `scratch`)
    BlockTrace scratch;
  };
  // A collector unit's state; Collector adds its own line-request array, which copy_collector()
  // copies only when it is used (sm_operands.cpp), so a field added here is copied without more code.
  struct CollectorState {
    bool busy = false;  // a w-merge slot in use (sm_merge.cpp); collector units are tracked by Sm::cu_idle_
    int warp = -1, pending = 0;
    std::uint64_t ready_at = 0;  // a w-merge slot's (a collector unit's is Sm::cu_ready_at_)
    const Instr* in = nullptr;
    std::uint32_t mask = 0;
    std::uint8_t unit = 0;       // unit_of(in->op)
    std::uint32_t requests = 0;  // Instr::mem_trace: its line requests' number, or the conflict ways (shared)
    // Its line requests (`requests` of them, at most 32): in the warp's trace when that is the
    // workload's own, else copied into Collector::own at issue (a trace built into the block slot's
    // scratch is replaced by the next block's, maybe before a store leaves the collector).
    const std::uint64_t* lines = nullptr;
    std::uint32_t step = 0;            // the instruction's index in its warp's dynamic stream (draw keys)
    int bid = 0, wib = 0;              // the issuing warp's block and warp index in block (its slot may be
                                       // reused by a new block before a store leaves the collector)
    TraceKey key;                      // register sharing only: the memory step's lanes (trace.h)
    std::uint8_t fresh = 0;            // register sharing only: bit d: dst[d] got a new register at issue
  };
  struct Collector : CollectorState {
    std::uint64_t own[32];  // the line requests copied from a scratch trace (see `lines`)
  };
  // An operand read planned at issue: the bank and the request, its collector unit set when queued.
  struct PlannedRead {
    int bank;
    RfRead r;
  };
  // An issued instruction in its class's ID_OC pipeline register (arch.issue_to_collector =
  // "register"): the collector state it will take and its operand reads, planned at issue.
  struct Staged {
    Collector c;
    int nreads = 0;
    PlannedRead reads[kMaxSrc];
  };
  struct Event {  // the results of an instruction are ready to be written back at `time`
    std::uint64_t time;
    std::uint32_t seq;
    std::uint8_t warp, nregs;
    const RegId* regs;  // its destination registers (Instr::dst of the static code)
    std::uint32_t lanes;
    std::uint32_t record = MemorySystem::kNoRecord;  // pending banks-DRAM requests: `time` is a lower bound
    bool operator>(const Event& o) const { return time != o.time ? time > o.time : seq > o.seq; }
  };
  // sm.cpp: launch loop, issue, stalls, idle skipping
  void reset_for_launch(const IWorkload& wl, int launch_index, const Sm* decode_from);
  void build_ops(const Kernel& k);
  bool issue_cycle();
  void issue(int slot, const Instr& in);
  std::uint64_t next_interesting_cycle() const;
  void account_stalls(std::uint64_t cycles);
  void registers_written(Warp& w, int slot, RegId reg);
  void operand_state(Warp& w) const;
  void wake_all_schedulers();
  void sync_warp(int slot);
  // sm_operands.cpp: writeback, bank arbitration (the register file, arch/regfile/), dispatch
  bool writeback_events();
  bool arbitrate_banks();
  bool dispatch();
  bool allocate_collectors();
  static void copy_collector(const Collector& from, Collector& to);
  // Free collector units of Unit u.
  int cu_free(int u) const { return std::popcount(cu_idle_ & cu_mask_[u]); }
  // Free issue slots of Unit u this cycle: ID_OC register slots ("register"), or free collector units.
  int issue_slots_free(int u) const {
    const auto k = static_cast<std::size_t>(u);
    return p_.issue_register ? p_.issue_width[k] - static_cast<int>(staged_[k].size) : cu_free(u);
  }
  // Cycles of one access to register g with active lanes `lanes` (RfSetup contract: a hybrid bank
  // serves an access whose active lanes all lie in its fast lanes in one cycle).
  // Without a branch (under PV the slow registers are data, and a branch on them mispredicts).
  static int access_cycles(const RegState& g, std::uint32_t lanes) {
    const bool one = (g.lat <= 1) | ((g.hyb != 0) & ((lanes & ~g.hyb) == 0));
    return one ? 1 : g.lat;
  }
  // The operand reads of instruction `in` issued by warp slot `slot` into `out` (a register named
  // twice is read once; one an RF hierarchy serves is not read here); returns their number.
  int plan_reads(const Collector& c, const Warp& w, int slot, const Instr& in, PlannedRead* out);
  void request_reads(int cu, const Warp& w, int slot, const Instr& in);
  void request_write(const Warp& w, int slot, RegId reg, std::uint32_t lanes, bool background);
  // sm_control.cpp: blocks, control flow, barriers
  bool launch_block();
  void retire_block(int block_slot);
  void execute_control(int slot, const Instr& in);
  void advance(Warp& w);
  // Sets retire_ready_'s bit of block slot c: live, at most nsched_ live warps, each at its final Exit.
  void note_block(int c);
  void at_pc(Warp& w) const;
  double draw(std::uint64_t a, std::uint64_t b) const;
  // The RF-hierarchy hooks (operand_path.h), used only when a path is set.
  void on_activate(int slot) override;
  void on_deactivate(int slot) override;
  void write_back(int slot, int reg) override;

  std::uint64_t line_access(const Collector& c, std::uint64_t a, std::uint64_t b0, int lane);
  // sm_vrf.cpp: the virtualized register file (sharing.virtual_rf; docs/models.md "Register sharing")
  bool vrf_admits();
  bool vrf_fits(int slot) const;
  std::uint8_t vrf_issue(int slot, const Instr& in, std::uint32_t step);  // bit d: dst[d] newly allocated
  void vrf_exit(int slot);
  void vrf_end_launch();
  void vrf_free(int slot, RegId reg);
  // sm_share.cpp: perfect register sharing (sharing.mode = "perfect"; Jeon 2019 §2.1, §3)
  enum class Shared : std::uint8_t { No, Hit, Merge };  // a hit skips the load; Merge: a w-merge slot builds it
  Shared share_dispatch(const Collector& c);
  void share_returned(int slot, RegId reg);
  // sm_merge.cpp: partial sharing (sharing.mode = "partial"; Jeon 2019 §2.2, §3)
  bool share_partial(const Collector& c, const sharing::WarpLoad& key);
  void merge_read(const RfRead& rd);

  const ArchParams& p_;
  std::vector<std::unique_ptr<IWarpScheduler>> schedulers_;
  std::vector<Lrr*> lrr_;  // per scheduler: the policy if it is LRR (the baseline), called without a virtual call; set with schedulers_ at each launch
  std::string scheduler_name_;
  std::unique_ptr<IRegisterMapping> mapping_;
  IRfProvider& provider_;
  std::uint64_t key_;
  IOperandPath* path_;
  MemorySystem mem_;
  SmStats stats_;
  RfCounters rf_counters_{stats_};  // the register file's statistics (into stats_)
  KernelRf rf_;
  RegisterFile regfile_;            // banks, ports, request queues, row allocation

  // Per-launch state
  const IWorkload* wl_ = nullptr;
  const Kernel* k_ = nullptr;
  std::vector<PcOps> own_ops_;           // per pc: registers read or written (built unless shared)
  const PcOps* ops_ = nullptr;           // own_ops_, or the table of the SM given to begin_launch()
  std::vector<RegState> reg_state_;      // [warp slot * nids_ + register id]
  int nids_ = 1;                         // Kernel::reg_ids
  int launch_index_ = 0, wpb_ = 1, max_blocks_ = 1, next_block_ = 0, blocks_total_ = 0, blocks_done_ = 0;
  std::uint64_t now_ = 0, warp_age_ = 0, launch_start_ = 0;
  bool running_ = false;
  BlockQueue* blocks_q_ = nullptr;  // the N-SM mode's shared block queue (nullptr: blocks b % sms == 0)
  std::uint32_t seq_ = 0;
  std::vector<Warp> warps_;
  std::vector<BlockSlot> blocks_;
  int blocks_live_ = 0;              // live block slots
  std::uint64_t retire_ready_ = 0;  // bit c: block slot c may retire in one step (note_block())
  // Issue-stage state, per scheduler, as bitmasks over its warps (bit i = warp slot i * schedulers + s),
  // kept equal to the warps' fields by sync_warp() wherever those change. `delay` is a superset of the
  // warps with next_issue > now (cleared lazily by issue_cycle()).
  struct SchedMasks {
    std::uint64_t live = 0, barrier = 0, dep = 0, mem = 0, delay = 0;  // dep: wait & pending; mem: wait & long_pending
    std::uint64_t fast = 0;                                             // WarpView::fast
    std::uint64_t unit[4] = {0, 0, 0, 0};  // the unit of the instruction at pc (unit[3]: Unit::None, unread)
  };
  std::vector<SchedMasks> masks_;
  int nsched_ = 1;
  std::vector<std::uint8_t> slot_sched_, slot_bit_;  // per warp slot: its scheduler, its bit there
  std::vector<Collector> cus_;
  std::array<int, 3> cu_first_{};        // per Unit
  std::array<Ring<Staged>, 3> staged_;   // per Unit: its ID_OC register, oldest first ("register" only)
  int staged_total_ = 0;
  std::vector<std::uint64_t> lane_busy_;  // per execution lane (SP x issue_sp, SFU, MEM)
  std::array<int, 4> lane_first_{};      // per Unit, and the end
  CalendarQueue<Event> events_;
  // The due times of the queued events with a DRAM record (Event::record), earliest first: what
  // may_touch_shared() checks. Record events leave events_ in time order, so the earliest leaves first.
  std::priority_queue<std::uint64_t, std::vector<std::uint64_t>, std::greater<>> record_due_;
  std::vector<WarpView> views_;
  std::vector<Stall> last_stall_;  // per scheduler
  // Issue-stage cache, per scheduler: a scheduler that found no ready warp keeps that outcome (and its
  // stall reason in last_stall_) until `sched_dirty_` (a register one of its warps waits on was written,
  // a barrier released, a warp started or exited, a collector unit freed while one of its warps wanted
  // one) or until cycle `sched_wake_` (a warp's branch delay ends). Bit s: scheduler s (at most 8,
  // arch.schedulers), so a freed collector unit wakes the waiting ones in one operation.
  std::uint64_t sched_dirty_ = ~0ull, sched_cu_wait_ = 0;
  std::vector<std::uint8_t> sched_all_views_;   // the policy needs views of waiting warps too
  std::vector<std::uint8_t> sched_ready_pick_;  // the policy picks from a ReadySet (pick_ready())
  std::vector<std::uint64_t> sched_wake_;
  bool activated_in_pick_ = false;
  int issued_unit_[3] = {0, 0, 0};
  int dispatch_rr_ = 0;
  // The virtualized register file (only with sharing.virtual_rf; vrf_on_ false otherwise)
  bool vrf_on_ = false;
  sharing::VirtualRegisterFile vrf_;
  std::vector<std::vector<std::uint16_t>> vrf_rel_;  // per warp slot: sharing::trace_releases() of its trace
  std::vector<int> vrf_reserve_;                      // per warp slot: the registers reserved for it
  // The next block, measured for admission (vrf_admits()): its id, per warp its releases and reserve.
  int vrf_cand_bid_ = -1, vrf_cand_total_ = 0;
  std::vector<std::vector<std::uint16_t>> vrf_cand_rel_;
  std::vector<int> vrf_cand_reserve_;
  BlockTrace vrf_cand_scratch_;
  std::uint64_t vrf_last_free_ = 0;                   // the last cycle a physical register was freed
  int vrf_blocks_ = 0;                                // blocks resident now
  // Perfect sharing (only with sharing.mode = "perfect"; share_on_ false otherwise)
  bool share_on_ = false;
  std::optional<sharing::AddressMappingTable> amt_;   // emptied at every launch
  std::vector<std::uint8_t> phys_bank_;  // [physical register]: its bank (that of the register that took it)
  std::vector<std::uint8_t> phys_inflight_;           // [physical register]: its recorded load has not returned
  std::vector<std::vector<std::pair<int, RegId>>> phys_waiters_;  // [physical register]: hits waiting for it
  // Partial sharing (only with sharing.mode = "partial"): the w-merge slots are the collector units
  // cus_[merge_first_..] (merge_first_ = cus_.size() without it), outside every Unit's range.
  bool partial_on_ = false;
  int merge_first_ = 0;
  std::vector<std::uint8_t> phys_lat_;  // [physical register]: its access cycles (its row's, as phys_bank_)
  std::vector<std::vector<RfRead>> merge_waiters_;  // [physical register]: w-merge reads waiting for its load
  int cus_busy_ = 0;       // collector units holding an instruction
  std::uint64_t cu_collected_ = 0;    // bit c: collector unit c holds an instruction with all operands read
  // Per collector unit: the first cycle it may dispatch (its operands' reads done), apart from the
  // units' state so that dispatch() scans the collected units' times in one or two host cache lines.
  std::vector<std::uint64_t> cu_ready_at_;
  std::uint64_t cu_idle_ = 0;         // bit c: collector unit c (not a w-merge slot) is free
  std::uint64_t cu_mask_[3] = {0, 0, 0};  // per Unit: its collector units' bits
};

// Hot per-access helpers, inline for the operand stage (sm_operands.cpp) and the issue stage.
// The scoreboard state of the instruction at the warp's pc (Warp::dep, mem, use_long).
inline void Sm::operand_state(Warp& w) const {
  const PcOps& o = ops_[static_cast<std::size_t>(w.pc())];
  if (o.exit && w.at_end()) {
    w.dep = w.npending > 0;
    w.memdep = w.nlong > 0;
    w.use_long = false;
    return;
  }
  std::uint8_t f = 0;
  for (int i = 0; i < o.n; ++i) f |= w.regs[o.r[i]].flags;
  w.dep = (f & kPending) != 0;
  w.memdep = w.use_long = (f & kLongPending) != 0;
}

inline int Sm::plan_reads(const Collector& c, const Warp& w, int slot, const Instr& in, PlannedRead* out) {
  int n = 0;
  for (int i = 0; i < in.nsrc; ++i) {
    const RegId r = in.src[i];
    bool seen = false;  // a register named twice is read once
    for (int j = 0; j < i; ++j) seen |= in.src[j] == r;
    if (seen) continue;
    if (path_ && path_->serve_read(slot, r, now_)) continue;
    const RegState& g = w.regs[r];
    const int lat = access_cycles(g, c.mask);
    out[n++] = {g.bank, {0, static_cast<std::uint8_t>(lat), static_cast<std::uint8_t>(slot), stored_lanes(g, c.mask)}};
  }
  return n;
}

inline void Sm::registers_written(Warp& w, int slot, RegId reg) {
  RegState& g = w.regs[reg];
  w.npending -= g.flags & kPending;
  w.nlong -= (g.flags & kLongPending) >> 1;
  g.flags &= kSlow | kSlowHybrid;
  // A warp whose instruction waits on no pending write (!dep, hence !memdep) keeps that state: the
  // write cleared a flag, it set none, and the Exit case's npending was 0 already.
  if (!w.dep) return;
  const PcOps& o = ops_[static_cast<std::size_t>(w.pc())];
  // Every slot of o.r is compared (unused ones hold kNoReg, never a register), 8 at a time in a
  // vector register (GCC / clang vector extensions; docs/performance.md): no loop, no branch.
  using Regs8 = std::uint16_t __attribute__((vector_size(16)));
  Regs8 lo, hi;
  std::memcpy(&lo, o.r, sizeof lo);
  std::memcpy(&hi, o.r + 8, sizeof hi);
  const Regs8 eq = (lo == reg) | (hi == reg);  // lanes all ones where equal
  std::uint64_t any[2];
  std::memcpy(any, &eq, sizeof any);
  const bool waits = (o.exit && w.at_end()) || (any[0] | any[1]) != 0;
  if (waits) {
    operand_state(w);
    const std::size_t s = slot_sched_[static_cast<std::size_t>(slot)];
    const std::uint64_t bit = 1ull << slot_bit_[static_cast<std::size_t>(slot)];
    if (!w.dep) masks_[s].dep &= ~bit;
    if (!w.memdep) masks_[s].mem &= ~bit;
    sched_dirty_ |= 1ull << s;
  }
}

inline void Sm::sync_warp(int slot) {
  const Warp& w = warps_[static_cast<std::size_t>(slot)];
  SchedMasks& m = masks_[slot_sched_[static_cast<std::size_t>(slot)]];
  const std::uint64_t bit = 1ull << slot_bit_[static_cast<std::size_t>(slot)];
  // Branch-free: the bits are data-dependent and a branch per mask mispredicts (docs/performance.md).
  const auto put = [bit](std::uint64_t& x, bool on) { x = (x & ~bit) | (bit & (0 - static_cast<std::uint64_t>(on))); };
  put(m.live, w.live);
  put(m.barrier, w.at_barrier);
  put(m.dep, w.dep);
  put(m.mem, w.memdep);
  put(m.delay, w.next_issue > now_);
  put(m.fast, w.fast);
  m.unit[0] &= ~bit, m.unit[1] &= ~bit, m.unit[2] &= ~bit, m.unit[3] &= ~bit;
  m.unit[w.unit & 3] |= bit;  // Unit::None's bit goes to unit[3]
}

}  // namespace rfvar::arch
