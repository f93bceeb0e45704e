// `rfvar ipc`: the Tan 2016 Fig. 11 table — IPC of each technique normalized to the baseline without
// PV, per kernel and mean. No model logic here: the ipc stage (stages/ipc_stage.h) declares the
// options, runs every (kernel, technique, chip) and writes the HDF5; this file wires and prints.
#include <cstdio>

#include "apps/cli_common.h"
#include "apps/stage_cli.h"
#include "stages/ipc_stage.h"

namespace rfvar::apps {

namespace {

struct IpcOptions {
  stages::IpcStage::Options stage;
  std::string output;
};

void run(CommonOptions& o, const IpcOptions& io) {
  const auto result = run_stage<stages::IpcStage>(o, io.stage, io.output);
  if (!result) return;
  const stages::IpcStage::Result& r = *result;
  const study::IpcRunResult& res = r.res;
  const std::vector<std::string>& techs = r.techniques;
  const std::vector<std::string>& shown = r.shown;
  const std::vector<double>& base_ipc = res.base_ipc;
  const int nk = static_cast<int>(shown.size());
  const std::string& source = r.source;
  const double secs = r.seconds, rate = r.rate;
  if (r.gpu_sms > 1)
    std::printf("IPC normalized to the baseline without PV (Tan 2016 Fig. 11); PV from %s, SMs 0..%d sharing the "
                "L2 and DRAM at %s\n",
                source.c_str(), r.gpu_sms - 1, r.pv_clocks ? "their PV clocks" : "the clock without PV");
  else
    std::printf("IPC normalized to the baseline without PV (Tan 2016 Fig. 11); PV from %s, SM %d\n",
                source.c_str(), r.sm);
  std::printf("%-10s %9s", "kernel", "base IPC");
  for (const auto& t : techs) std::printf(" %13s", t.c_str());
  std::printf("\n");
  for (int k = 0; k < nk; ++k) {
    std::printf("%-10s %9.3f", shown[static_cast<std::size_t>(k)].c_str(),
                base_ipc[static_cast<std::size_t>(k)]);
    for (std::size_t t = 0; t < techs.size(); ++t)
      std::printf(" %13.3f", res.normalized[t][static_cast<std::size_t>(k)]);
    std::printf("\n");
  }
  std::printf("%-10s %9s", "mean", "");
  for (std::size_t t = 0; t < techs.size(); ++t) std::printf(" %13.3f", res.mean[t]);
  std::printf("\n%-10s %9s", "loss %", "");
  for (std::size_t t = 0; t < techs.size(); ++t) std::printf(" %13.1f", 100.0 * (1.0 - res.mean[t]));
  std::printf("\n%zu runs in %.2f s (%.2f M warp instructions/s over all threads)\n", res.runs, secs,
              1e-6 * rate);
  if (!io.output.empty()) std::printf("wrote %s\n", io.output.c_str());
}

}  // namespace

void register_ipc(CLI::App& app, CommonOptions& o) {
  auto io = std::make_shared<IpcOptions>();
  CLI::App* sub = app.add_subcommand(
      "ipc",
      "The Tan 2016 Fig. 11 table: IPC of each technique normalized to the baseline without PV, per\n"
      "kernel and mean. vl-rf is averaged over the chips given; the RF-BRO based techniques use the\n"
      "first chip (their bank latencies do not depend on the chip). Without --chip/--chips, chip 0 of\n"
      "the configured population is sampled. With --set arch.gpu_sms=N, N SMs of each chip share the L2\n"
      "and DRAM, all at the clock without PV (arch.gpu_clocks = \"equal\", the default: Fig. 11's IPC\n"
      "loss from latencies and conflicts) or each at its own PV clock (arch.gpu_clocks = \"pv\").");
  add_stage_options(sub, io->stage, stages::IpcStage::options());
  sub->add_option("-o,--output", io->output, "Also write the table to this HDF5 file (atomically)");
  add_common_options(sub, o, "");
  sub->callback([&o, io] { run(o, *io); });
}

}  // namespace rfvar::apps
