// A PTX harness run as the SM's workload (see to_workload.h for the contract).
#include "ptx/to_workload.h"

#include <array>
#include <map>
#include <stdexcept>
#include <string>
#include <tuple>

#include "analysis/trace_l2_reuse.h"
#include "ptx/ptxas_regs.h"
#include "ptx/reg_alloc.h"
#include "ptx/register_use.h"
#include "ptx/static_kernel.h"
#include "common/config.h"

namespace rfvar::arch::ptx {

namespace {

std::int64_t product(const std::array<std::uint32_t, 3>& d) {
  return static_cast<std::int64_t>(d[0]) * d[1] * d[2];
}

TraceWorkload translate(const Harness& h, const HarnessRun& run, std::vector<LaunchTrace> traces,
                        const WorkloadOptions& opt, const ArchParams& p) {
  if (opt.line_bytes != p.l1_line_bytes)
    throw ConfigError("PTX workload of " + h.file + ": trace line size " + std::to_string(opt.line_bytes) +
                      " B must equal arch.l1_line_bytes (" + std::to_string(p.l1_line_bytes) +
                      "): the SM's L1 reads trace lines in that unit");
  if (traces.size() != run.launches.size())
    throw std::invalid_argument("PTX workload of " + h.file + ": " + std::to_string(traces.size()) +
                                " traces for " + std::to_string(run.launches.size()) + " launches");
  const std::filesystem::path regs_file = std::filesystem::path(h.ptx).replace_extension(".regs");
  const std::map<std::string, int> ptxas = read_ptxas_regs(regs_file);
  const std::string& file = run.program.file;

  Benchmark b;
  b.name = h.name;
  b.source_file = h.ptx.string();
  b.description = h.description;
  std::map<std::tuple<std::string, std::array<std::uint32_t, 3>, std::uint32_t>, int> kernel_of;
  std::map<std::string, EntryRegs> regs_of;  // by entry
  for (std::size_t i = 0; i < run.launches.size(); ++i) {
    const LaunchRecord& l = run.launches[i];
    const auto key = std::make_tuple(l.kernel, l.shape.block, l.shape.dynamic_shared_bytes);
    auto [it, fresh] = kernel_of.try_emplace(key, static_cast<int>(b.kernels.size()));
    if (fresh) {
      const Entry* e = run.program.find(l.kernel);
      if (!e)
        throw InputError(h.file + ": launch " + std::to_string(i) + ": no entry '" + l.kernel + "' in " +
                         file);
      const auto count = ptxas.find(l.kernel);
      if (count == ptxas.end())
        throw InputError(regs_file.string() + ": no register count for entry '" + l.kernel +
                         "' (a 'Compiling entry function' line followed by 'Used N registers')");
      auto [r, new_entry] = regs_of.try_emplace(l.kernel);
      if (new_entry)
        r->second = opt.ids == RegisterIds::Allocated ? allocate_register_ids(*e) : gpgpusim_register_ids(*e);
      KernelShape shape;
      shape.block_threads = static_cast<int>(product(l.shape.block));
      shape.smem_bytes = static_cast<int>(l.shape.dynamic_shared_bytes > 0
                                              ? e->dynamic_shared_offset + l.shape.dynamic_shared_bytes
                                              : e->shared_bytes);
      shape.regs_per_thread = count->second;
      b.kernels.push_back(static_kernel(*e, r->second, shape, file));
    }
    b.launches.push_back({it->second, static_cast<std::int32_t>(product(l.shape.grid))});
    traces[i].launch = static_cast<std::int32_t>(i);
  }
  for (std::size_t ki = 0; ki < b.kernels.size(); ++ki) {
    std::vector<const LaunchTrace*> mine;
    for (std::size_t i = 0; i < b.launches.size(); ++i)
      if (b.launches[i].kernel == static_cast<int>(ki)) mine.push_back(&traces[i]);
    add_register_use(b.kernels[ki], mine);
  }
  const L2Reuse l2 = derive_trace_l2_reuse(b, traces, p, L2Params::from_arch(p));
  for (const L2InstrReuse& r : l2.instructions)
    b.kernels[static_cast<std::size_t>(r.kernel)].code[static_cast<std::size_t>(r.pc)].l2_hit =
        static_cast<float>(r.derived_l2());
  return TraceWorkload(std::move(b), std::move(traces));
}

}  // namespace

WorkloadOptions workload_options(const ArchParams& p, std::uint64_t seed) {
  WorkloadOptions o;
  o.ids = p.register_ids;
  o.seed = seed;
  o.line_bytes = p.l1_line_bytes;
  o.keys = p.sharing.mode != SharingMode::Off;
  o.limits = p.limits;
  return o;
}

TraceWorkload ptx_workload(const Harness& h, const HarnessRun& run, const WorkloadOptions& opt,
                           const ArchParams& p) {
  return translate(h, run, run.traces, opt, p);
}

TraceWorkload ptx_workload(const std::filesystem::path& harness_toml, const WorkloadOptions& opt,
                           const ArchParams& p) {
  const Harness h = load_harness(harness_toml);
  RunOptions ro;
  ro.seed = opt.seed;
  ro.trace.record = true;
  ro.trace.line_bytes = static_cast<std::uint32_t>(opt.line_bytes);
  ro.trace.keys = opt.keys;
  set_limits(ro, opt.limits);
  HarnessRun run = run_harness(h, ro);
  std::vector<LaunchTrace> traces = std::move(run.traces);
  run.traces.clear();
  return translate(h, run, std::move(traces), opt, p);
}

}  // namespace rfvar::arch::ptx
