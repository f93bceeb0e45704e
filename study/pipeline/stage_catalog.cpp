#include "study/pipeline/stage_catalog.h"

#include "common/config.h"

namespace rfvar::study {

namespace {

const OptionDef kKernels{"kernels", "names", "--kernels", "benchmarks of data/kernels, or \"all\""};
const OptionDef kYears{"years", "float", "--years", "lifetime in years"};
const OptionDef kEpochs{"epochs", "int", "--epochs", "epochs of the NBTI-opt loop"};
const OptionDef kSingleClock{"single_clock", "bool", "--single-clock", "chip frequency = slowest SM"};
// The N-SM mode for one stage (stage_arguments() turns it into --set arch.gpu_sms=N).
const OptionDef kGpuSms{"gpu_sms", "int", "",
                        "SMs simulated sharing the L2 and DRAM (arch.gpu_sms, 1..arch.sms; default 1), clocks as "
                        "arch.gpu_clocks"};

std::vector<StageDef> make_catalog() {
  // Config sections: population.* holds the seed (and the default chip count); the model
  // libraries read varius/floorplan (varius), rfmodel/floorplan (rfmodel), arch/ltrf (arch),
  // nbti/varius (nbti). Listing a section too many only costs a rerun, never a wrong result.
  return {
      {"population", "chips", {}, {"population.", "varius.", "floorplan."}, false,
       {{"chips", "int", "--chips", "chips in the population"},
        {"exact_cells", "bool", "--exact-cells", "draw every cell (reference sampling)"}}},
      {"freq", "freq", {"population"}, {"rfmodel.", "floorplan."}, false,
       {{"techniques", "names", "--technique", "register-file techniques"},
        {"fast_fraction", "float", "--fast-fraction", "n, fraction kept fast"},
        {"subbanks", "int", "--subbanks", "S, column sub-banks per bank"},
        {"hybrid_banks", "int", "--hybrid-banks", "h, hybrid banks"},
        kSingleClock}},
      {"ipc", "ipc", {"population"}, {"population.", "rfmodel.", "floorplan.", "arch.", "ltrf."}, true,
       {kKernels,
        {"techniques", "names", "--techniques", "techniques of Tan Fig. 11"},
        {"chip", "int", "", "one chip of the population (default: all chips, vl-rf averaged)"},
        {"sm", "int", "--sm", "SM whose delays are used"},
        kGpuSms}},
      {"guardband", "guardband", {"population"},
       {"population.", "varius.", "floorplan.", "rfmodel.", "arch.", "ltrf.", "nbti."}, true,
       {kKernels, {"techniques", "names", "--techniques", "guardband techniques"}, kYears, kEpochs, kGpuSms}},
      {"perf", "perf", {"population"},
       {"population.", "varius.", "floorplan.", "rfmodel.", "arch.", "ltrf.", "nbti."}, true,
       {kKernels, {"techniques", "names", "--techniques", "performance techniques"}, kYears, kEpochs,
        kSingleClock, kGpuSms}},
      {"ltrf", "ltrf", {}, {"population.", "arch.", "ltrf."}, true,
       {kKernels,
        {"designs", "names", "--designs", "register-file designs bl, rfc, ltrf, ltrf+, shrf, ideal"},
        {"config_id", "int", "--config-id", "main-RF design of LTRF Table 2, 1..7"},
        {"latency_sweep", "names", "--latency-sweep", "relative main-RF latencies, e.g. \"1,2,...,8\""},
        {"max_loss", "float", "--max-loss", "IPC loss defining the tolerable latency"},
        {"active_warps", "int", "--active-warps", "two-level active set"}}},
      {"energy", "energy", {}, {"population.", "arch.", "ltrf.", "energy."}, true,
       {{"kernels", "names", "--kernels", "workloads (any --kernel form), \"all\", \"hand\" or \"ptx\""},
        {"configs", "names", "--configs", "main-RF designs of LTRF Table 2, e.g. \"1,7\""},
        {"designs", "names", "--designs", "register-file designs bl, rfc, ltrf, ltrf+"},
        {"design_kernels", "names", "--design-kernels", "workloads that run the designs: \"all\" or \"hand\""},
        {"block_stride", "int", "--block-stride", "allocation replay: every s-th block"}}},
  };
}

}  // namespace

const std::vector<StageDef>& stage_catalog() {
  static const std::vector<StageDef> catalog = make_catalog();
  return catalog;
}

const StageDef& find_stage(const std::string& name) {
  std::string known;
  for (const auto& s : stage_catalog()) {
    if (s.name == name) return s;
    known += (known.empty() ? "" : ", ") + s.name;
  }
  throw InputError("unknown stage '" + name + "'; stages: " + known);
}

const OptionDef* find_option(const StageDef& stage, const std::string& option) {
  for (const auto& o : stage.options)
    if (o.name == option) return &o;
  return nullptr;
}

std::string option_value(const std::string& t) {
  if (t.size() >= 2 && (t.front() == '"' || t.front() == '\'')) return t.substr(1, t.size() - 2);
  if (!t.empty() && t.front() == '[') {  // ["a", "b"] -> a,b
    std::string out, cur;
    bool in = false;
    for (const char c : t) {
      if (c == '"' || c == '\'') {
        if (in) out += (out.empty() ? "" : ",") + cur;
        cur.clear();
        in = !in;
      } else if (in) {
        cur += c;
      }
    }
    return out;
  }
  return t;
}

std::vector<std::string> stage_arguments(const StageDef& stage, const std::map<std::string, std::string>& options,
                                         const std::filesystem::path& population_file) {
  std::vector<std::string> args = {stage.command};
  if (stage.name == "freq") args.push_back(population_file.string());
  if (stage.name == "guardband" || stage.name == "perf") args.insert(args.end(), {"--chips", population_file.string()});
  if (stage.name == "ipc") {
    const auto chip = options.find("chip");
    if (chip == options.end())
      args.insert(args.end(), {"--chips", population_file.string()});
    else
      args.insert(args.end(), {"--chip", population_file.string() + ":" + chip->second});
  }
  // The N-SM mode for this stage only (the study's config keeps arch.gpu_sms = 1: validate_config()).
  if (const auto n = options.find("gpu_sms"); n != options.end() && find_option(stage, "gpu_sms"))
    args.insert(args.end(), {"--set", "arch.gpu_sms=" + n->second});
  for (const auto& [name, value] : options) {
    const OptionDef* def = find_option(stage, name);
    if (!def || def->flag.empty()) continue;
    if (def->type == "bool") {
      if (value == "true") args.push_back(def->flag);
    } else {
      args.insert(args.end(), {def->flag, option_value(value)});
    }
  }
  return args;
}

}  // namespace rfvar::study
