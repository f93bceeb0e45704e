#include <doctest/doctest.h>

#include "hierarchy/ltrf/from_kernel.h"
#include "hierarchy/ltrf/intervals.h"
#include "hierarchy/ltrf/strands.h"
#include "workload/kernel_parser.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar::arch::ltrf;

namespace {
const char* kToy = R"(rfvar-kernel 1
benchmark toy
kernel k block=256 regs=8 smem=1024
  ialu r0 = r0
  loop 4
    ld.global r3 = r0 tx=1 l1=0.2 l2=0.6
    st.shared r0 r3
    bar
    if tid % 2 < 1
      ld.shared r4 = r0
      fmad r1 = r3 r4 r1
    endif
  endloop
  st.global r0 r1 tx=1
end
launch k grid=120
)";
}  // namespace

TEST_CASE("GIVEN the kernel-format example WHEN converted to a Cfg THEN blocks, loop edge and long-latency loads appear") {
  const rfvar::arch::Benchmark b = rfvar::arch::parse_benchmark(kToy, "toy.kernel");
  const rfvar::arch::Kernel& k = b.kernels.at(0);
  const KernelCfg kc = cfg_from_kernel(k, false);
  REQUIRE_NOTHROW(kc.cfg.validate());
  CHECK(kc.cfg.instruction_count() == static_cast<int>(k.code.size()));
  int loads = 0, back = 0;
  for (const auto& bb : kc.cfg.blocks)
    for (const auto& in : bb.instrs) loads += in.long_latency;
  for (const auto& row : back_edges(kc.cfg))
    for (bool e : row) back += e;
  CHECK(loads == 1);  // the global load; the shared load is short
  CHECK(back == 1);   // endloop
  // The loop (8 registers at most) fits one interval with everything else; strands break it up.
  const IntervalFormation iv = form_register_intervals(kc.cfg, 16);
  CHECK(iv.partition.size() == 1);
  const StrandFormation st = form_strands(kc.cfg, 16);
  CHECK(st.partition.size() > 2);
  // Every pc maps to an instruction of the Cfg.
  for (std::size_t pc = 0; pc < k.code.size(); ++pc) {
    const InstrRef r = kc.at_pc[pc];
    CHECK(r.index < static_cast<int>(kc.cfg.blocks[static_cast<std::size_t>(r.block)].instrs.size()));
  }
}

TEST_CASE("GIVEN every benchmark in data/kernels WHEN intervals and strands are formed (N = 16) THEN the invariants hold") {
  for (const std::string& name : rfvar::arch::available_benchmarks()) {
    const rfvar::arch::Benchmark b = rfvar::arch::load_benchmark(name);
    for (const auto& k : b.kernels) {
      CAPTURE(name);
      CAPTURE(k.name);
      const KernelCfg kc = cfg_from_kernel(k, false);
      const IntervalFormation iv = form_register_intervals(kc.cfg, 16);
      const StrandFormation st = form_strands(kc.cfg, 16);
      CHECK(iv.partition.max_working_set() <= 16);
      CHECK(st.partition.max_working_set() <= 16);
      CHECK(iv.partition.single_entry(kc.cfg));
      CHECK(st.partition.single_entry(kc.cfg));
      CHECK(iv.partition.size() <= iv.pass1_intervals);
    }
  }
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
