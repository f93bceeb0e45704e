// Dynamic register-file accesses of a workload under a static allocation (allocation.h), counted by
// replaying its warp traces (workload/i_workload.h).
//
// Contract: pure. pc_executions() replays the traces of every `block_stride`-th block (0, s, 2s, ...)
// of every launch (stride 1 = the whole grid) and counts how often each pc of each kernel issued:
// warp instructions, whatever the active mask (a warp instruction reads and writes its registers
// for all 32 lanes; the paper's Ocelot counts are per thread, which differs only through
// divergence). count_accesses() turns those counts into warp-operand accesses (access_energy.h):
// every source slot naming a register is a read and every destination a write, at the level the
// allocation gives (every access at the MRF without one: the flat register file); read operands
// filling the ORF / LRF add an upper-level write there. Datapath = the instruction's
// (datapath_of): reads by, and writes of, SFU / MEM instructions travel to the shared datapath.
#pragma once

#include <cstdint>
#include <vector>

#include "hierarchy/energy/allocation.h"
#include "workload/i_workload.h"

namespace rfvar::arch::energy {

// [kernel][pc] warp instructions issued.
std::vector<std::vector<std::uint64_t>> pc_executions(const IWorkload& w, int block_stride = 1);

// Accesses of one kernel; `alloc` null = flat register file.
AccessCounts count_accesses(const Kernel& k, const std::vector<std::uint64_t>& executions,
                            const HierarchyAllocation* alloc);

}  // namespace rfvar::arch::energy
