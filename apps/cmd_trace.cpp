// `rfvar trace SPEC -o FILE.rftrace`: records a workload's warp traces once and saves them (issue 15);
// `--format accelsim -o DIR` writes them as an Accel-Sim trace folder instead (issue 25).
// No model logic here: frontend/load_workload.h makes the workload, TraceWorkload::record() records it,
// workload/trace_file.h or frontend/accelsim/trace_writer.h writes it (atomically); this file parses
// options and prints.
#include <chrono>
#include <cstdio>
#include <optional>

#include "apps/cli_common.h"
#include "frontend/accelsim/trace_writer.h"
#include "frontend/load_workload.h"
#include "varius/params.h"
#include "workload/trace_file.h"
#include "workload/trace_workload.h"

namespace rfvar::apps {

namespace {

struct TraceOptions {
  std::string spec;
  std::string output;
  std::string format = "rftrace";
  bool sass_operands = false;
};

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

void run(CommonOptions& o, const TraceOptions& to) {
  const Config config = o.load_config();
  const arch::ArchParams ap = arch::ArchParams::from_config(config);
  const std::uint64_t seed = o.master_seed(config);
  const bool accelsim = to.format == "accelsim";
  if (!accelsim && !to.output.ends_with(".rftrace"))
    throw InputError("-o '" + to.output +
                     "': a trace file's name must end in .rftrace (e.g. -o hotspot.rftrace)");
  if (to.sass_operands && !accelsim)
    throw InputError("--sass-operands: only with --format accelsim (an .rftrace keeps every register)");
  const auto t0 = std::chrono::steady_clock::now();
  const std::unique_ptr<arch::IWorkload> wl = arch::load_workload(to.spec, ap, seed);
  // Stored traces (PTX, Accel-Sim, a trace file) are saved as they are; a `.kernel` workload is
  // recorded block by block, every block of every launch (all SMs).
  const auto* stored = dynamic_cast<const arch::TraceWorkload*>(wl.get());
  std::optional<arch::TraceWorkload> recorded;
  if (!stored) stored = &recorded.emplace(arch::TraceWorkload::record(*wl, 1, 0));
  const double record_s = seconds_since(t0);
  const auto t1 = std::chrono::steady_clock::now();
  std::uint64_t bytes = 0;
  std::int64_t renumbered = 0, rebanked = 0, dropped = 0;
  if (accelsim) {
    arch::accelsim::WriteOptions wo{ap.l1_line_bytes, varius::FloorplanParams::from_config(config).banks()};
    wo.sass_operands = to.sass_operands;
    wo.pairs = ap.register_ids == arch::RegisterIds::Allocated;
    const arch::accelsim::WriteSummary ws =
        arch::accelsim::write_accelsim_trace(to.output, stored->benchmark(), stored->launches(), wo);
    bytes = static_cast<std::uint64_t>(ws.bytes);
    renumbered = ws.renumbered_ids;
    rebanked = ws.rebanked_ids;
    dropped = ws.dropped_operands;
  } else {
    bytes = arch::save_trace_file(to.output, *stored, {to.spec, seed, ap.l1_line_bytes});
  }
  const double save_s = seconds_since(t1), secs = seconds_since(t0);
  const arch::TraceCounts c = arch::count_trace(*stored);
  const double per_inst =
      c.warp_instructions ? static_cast<double>(bytes) / static_cast<double>(c.warp_instructions) : 0.0;
  if (o.json) {
    print_json({{"workload", to.spec},
                {"name", stored->benchmark().name},
                {"file", to.output},
                {"format", to.format},
                {"renumbered_register_ids", renumbered},
                {"rebanked_register_ids", rebanked},
                {"dropped_operands", dropped},
                {"seed", seed},
                {"line_bytes", ap.l1_line_bytes},
                {"launches", c.launches},
                {"blocks", c.blocks},
                {"warp_instructions", c.warp_instructions},
                {"bytes", bytes},
                {"bytes_per_warp_instruction", per_inst},
                {"record_seconds", record_s},
                {"save_seconds", save_s},
                {"seconds", secs}});
    return;
  }
  std::printf(
      "%s (%s): %llu launches, %llu blocks, %llu warp instructions -> %s, %llu bytes (%.2f B/warp "
      "instruction), %.2f s\n",
      to.spec.c_str(), stored->benchmark().name.c_str(), static_cast<unsigned long long>(c.launches),
      static_cast<unsigned long long>(c.blocks), static_cast<unsigned long long>(c.warp_instructions),
      to.output.c_str(), static_cast<unsigned long long>(bytes), per_inst, secs);
}

}  // namespace

void register_trace(CLI::App& app, CommonOptions& o) {
  auto to = std::make_shared<TraceOptions>();
  CLI::App* sub = app.add_subcommand(
      "trace",
      "Record a workload's warp traces and save them to a trace file (.rftrace, docs/traces.md).\n"
      "A trace is what every warp of every block issues, in order: the pc of each warp instruction,\n"
      "its active lanes, and for memory instructions their cache-line requests or shared-memory\n"
      "conflict degree; with the benchmark's static code and launches it is everything the SM model\n"
      "replays. Functional execution (a PTX harness run, a .kernel walk, reading Accel-Sim traces)\n"
      "happens once here; 'rfvar sim --kernel FILE.rftrace' then replays it for any chip and technique.\n"
      "A .kernel workload is recorded over all SMs' blocks with --seed's data-dependent branches; a\n"
      "PTX harness runs with --seed's inputs and arch.register_ids. Accepted workloads:\n" +
          arch::workload_spec_forms());
  sub->add_option("workload", to->spec, "The workload to record (a form listed above)")->required();
  sub->add_option("-o,--output", to->output,
                  "Trace file to write, atomically (must end in .rftrace); with --format accelsim the folder")
      ->required();
  sub->add_option("--format", to->format,
                  "rftrace (default): one .rftrace file; accelsim: an Accel-Sim trace folder (kernelslist.g,\n"
                  "one kernel-N.traceg per launch, tracer version 4, binary version 61) that GPGPU-Sim's\n"
                  "trace-driven mode and 'rfvar sim --kernel DIR' read (docs/accelsim-traces.md \"Export\")")
      ->check(CLI::IsMember({"rftrace", "accelsim"}));
  sub->add_flag("--sass-operands", to->sass_operands,
                "With --format accelsim: write operands within Accel-Sim's parser limits (one destination,\n"
                "four sources; a 64-bit register pair named by its first register, as NVBit's SASS traces do),\n"
                "so that GPGPU-Sim reads traces of allocated register ids; rfvar replaying the folder then\n"
                "accesses only the registers written (--json counts the dropped_operands)");
  add_common_options(sub, o, "");
  sub->footer(
      "Examples:\n"
      "  rfvar trace hotspot -o hotspot.rftrace\n"
      "  rfvar trace ptx:hotspot-small --set arch.register_ids=allocated -o hs.rftrace --json\n"
      "  rfvar trace ptx:hotspot --format accelsim -o hotspot-traces\n"
      "  rfvar sim --kernel hotspot.rftrace --technique pv-opt");
  sub->callback([&o, to] { run(o, *to); });
}

}  // namespace rfvar::apps
