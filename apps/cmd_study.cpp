// `rfvar study [--config data/studies/NAME.toml] -o results/study.h5`: a whole study from a study
// file (stages/pipeline/study_spec.h): the chip population, frequencies, the IPC table, guardbands,
// performance, and sweeps, each stage computed in this process by the function its rfvar subcommand
// calls (stages/stage.h; stages/pipeline/stage_runner.h, run in order with the sweeps by
// stages/pipeline/study_run.h), cached by the hash of its inputs, and gathered into one HDF5 file
// (stages/pipeline/study_output.h). Every stage's options are checked before any stage runs. No model
// logic here.
#include <chrono>
#include <cstdio>

#include "apps/cli_common.h"
#include "common/build_info.h"
#include "common/h5io.h"
#include "stages/pipeline/stage_runner.h"
#include "stages/pipeline/study_output.h"
#include "stages/pipeline/study_config.h"
#include "stages/pipeline/study_run.h"
#include "stages/pipeline/study_spec.h"

namespace rfvar::apps {

namespace {

namespace fs = std::filesystem;
using study::StageResult;

struct StudyOptions {
  std::string study_file;
  std::string cache_dir;
};

// Population datasets too large to repeat in study.h5 (they stay in the cached chip file).
const std::vector<std::string> kPopulationSkip = {"chips/reg_delay", "chips/vector_delay", "maps"};

// The stages as they run, on stderr.
study::StageEvents stderr_events() {
  return {[](const std::string& label) { std::fprintf(stderr, "study: %-32s running\n", label.c_str()); },
          [](const std::string& label, const StageResult& r) {
            if (r.reused)
              std::fprintf(stderr, "study: %-32s reused from the cache\n", label.c_str());
            else
              std::fprintf(stderr, "study: %-32s done in %.1f s\n", label.c_str(), r.seconds);
          }};
}

nlohmann::json stage_json(const StageResult& r) {
  return {{"reused", r.reused}, {"seconds", r.seconds}, {"hash", r.hash}, {"cache_file", r.file.string()},
          {"summary", r.summary}};
}

// The headline numbers of each stage's summary, as a table on stdout.
void print_summary(const std::map<std::string, StageResult>& res) {
  for (const auto& def : study::stage_catalog()) {
    if (!res.count(def.name)) continue;
    const nlohmann::json& s = res.at(def.name).summary;
    std::printf("\n[%s]\n", def.name.c_str());
    if (def.name == "population") {
      std::printf("  %d chips, mean normalized frequency %.4f (std %.4f)\n", s.value("chips", 0),
                  s.value("mean_norm_freq", 0.0), s.value("std_norm_freq", 0.0));
      continue;
    }
    const char* list = s.contains("techniques") ? "techniques" : s.contains("designs") ? "designs" : nullptr;
    if (!list) continue;
    for (const auto& [name, t] : s[list].items()) {
      std::printf("  %-22s", name.c_str());
      for (const char* k : {"mean_norm_freq", "gain_over_baseline", "mean", "mean_normalized", "std", "mean_ipc",
                            "mean_freq", "mean_norm_ipc", "max_tolerable_latency"})
        if (t.contains(k) && t[k].is_number()) std::printf("  %s %.4f", k, t[k].get<double>());
      std::printf("\n");
    }
  }
}

void run(CommonOptions& o, const StudyOptions& so) {
  const auto t0 = std::chrono::steady_clock::now();
  const fs::path file = so.study_file.empty() ? data_dir() / "studies" / "default.toml" : fs::path(so.study_file);
  const study::StudySpec spec = study::parse_study(file);
  Config config = Config::load_default();
  config.merge_string(study::config_overrides_toml(spec), spec.file.string());
  for (const auto& s : o.sets) config.set(s);
  if (o.seed) config.set("population.seed=" + std::to_string(*o.seed));
  study::validate_config(config);
  study::validate_stage_options(spec, config);
  const std::uint64_t seed = o.master_seed(config);
  // Fail on an unwritable output before running anything (a missing directory is created).
  if (const fs::path dir = fs::path(o.output).parent_path(); !dir.empty() && !fs::exists(dir)) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) throw InputError("cannot create the output directory '" + dir.string() + "': " + ec.message());
  }
  { const auto probe = std::make_unique<H5Writer>(o.output); }
  const fs::path out_dir = fs::absolute(o.output).parent_path();
  o.apply_threads();
  study::StageRunner runner({so.cache_dir.empty() ? out_dir / ".rfvar-cache" : fs::path(so.cache_dir), o.progress(),
                             o.command_line, o.jobs(), o.job_times});
  const study::StudyRun run =
      study::run_study(spec, config, runner, o.json ? study::StageEvents{} : stderr_events());
  const auto& main = run.main;

  std::vector<study::OutputPart> parts;
  nlohmann::json j = {{"study", file.string()}, {"output", o.output}, {"seed", seed}};
  for (const auto& [name, r] : main) {
    parts.push_back({"/" + name, r.file, name == "population" ? kPopulationSkip : std::vector<std::string>{},
                     {{"cache_file", r.file.string()}, {"stage_hash", r.hash}}});
    j["stages"][name] = stage_json(r);
  }
  std::map<std::string, std::string> root_attrs = {{"study_file", file.string()}, {"study_toml", spec.text},
                                                    {"description", spec.description}};
  for (const auto& sw : run.sweeps) {
    std::string values;
    for (const auto& v : sw.values) {
      for (const auto& [name, r] : v.stages) {
        const std::string g = "/sweeps/" + sw.name + "/" + v.name + "/" + name;
        parts.push_back({g, r.file, name == "population" ? kPopulationSkip : std::vector<std::string>{},
                         {{"cache_file", r.file.string()}, {"stage_hash", r.hash}}});
        j["sweeps"][sw.name]["values"][v.name][name] = stage_json(r);
      }
      values += (values.empty() ? "" : ",") + v.name;
    }
    j["sweeps"][sw.name]["swept"] = sw.swept;
    root_attrs["sweep_" + sw.name] = (sw.swept_key ? "key " : "option ") + sw.swept + " = " + values;
  }
  runner.tidy();
  const JobDistributor* jobs = o.jobs();
  if (!jobs || jobs->rank() == 0)  // distributed, rank 0 writes the one study file
    study::assemble_study(o.output, parts, config, seed, o.command_line, root_attrs);
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  j["elapsed_s"] = elapsed;
  if (o.json) {
    print_json(j);
    return;
  }
  std::printf("rfvar study %s (%s): %zu stages, %zu sweeps, seed %llu\n", file.string().c_str(),
              spec.description.c_str(), main.size(), spec.sweeps.size(), static_cast<unsigned long long>(seed));
  print_summary(main);
  std::printf("\nwrote %s in %.1f s (stage cache: %s)\n", o.output.c_str(), elapsed,
              (so.cache_dir.empty() ? (out_dir / ".rfvar-cache").string() : so.cache_dir).c_str());
}

}  // namespace

void register_study(CLI::App& app, CommonOptions& o) {
  auto so = std::make_shared<StudyOptions>();
  CLI::App* sub = app.add_subcommand(
      "study",
      "Run a whole study from a study file (default: data/studies/default.toml, Tan 2016 end to end):\n"
      "chip population, frequencies (Fig. 3), IPC table (Fig. 11), guardband (Fig. 12), performance\n"
      "(Fig. 13) and sweeps such as sigma_rand:sigma_sys (Fig. 14). Each stage runs in this process\n"
      "(the code of the rfvar subcommand of the same name) and is cached by the hash of its inputs, so a rerun reuses\n"
      "finished stages and an interrupted run resumes. Plots: scripts/plot.py STUDY.h5.");
  sub->add_option("--config", so->study_file,
                  "Study file (TOML: stages, options, [config] overrides, [[sweep]]s; docs/cli.md) "
                  "(default: data/studies/default.toml)")
      ->check(CLI::ExistingFile);
  sub->add_option("--set", o.sets, "Override one model parameter for every stage: --set section.key=value");
  sub->add_option("--seed", o.seed, "Master seed of all random streams (default: population.seed = 1)");
  sub->add_option("--threads", o.threads, "OpenMP threads per stage (default: all cores); results do not depend on it")
      ->check(CLI::NonNegativeNumber);
  sub->add_flag("--json", o.json, "Print one JSON summary object on stdout instead of the table");
  sub->add_flag("--no-progress", o.no_progress, "Do not draw the stages' progress bars on stderr");
  add_job_times_flag(sub, o);
  sub->preparse_callback([&o](std::size_t) { o.output = "results/study.h5"; });  // shared options: see cli_common
  sub->add_option("-o,--output", o.output, "Study HDF5 file, written atomically (default: results/study.h5)");
  sub->add_option("--cache", so->cache_dir,
                  "Stage cache directory (default: .rfvar-cache next to the output file)");
  sub->callback([&o, so] { run(o, *so); });
}

}  // namespace rfvar::apps
