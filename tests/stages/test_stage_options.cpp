// The stages' options declared once (stages/stage.h): the study catalogue is made from the same
// declarations the subcommands register, the study file's values are parsed into the typed fields and
// checked by the stage before anything runs (stages/stage_adapter.h), workload names are checked
// without loading (stages/workload_check.h).
#include <doctest/doctest.h>

#include <map>
#include <string>
#include <vector>

#include "common/config.h"
#include "stages/pipeline/stage_catalog.h"
#include "stages/freq_stage.h"
#include "stages/ltrf_stage.h"
#include "stages/workload_check.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::study;

stages::StageContext context() { return {Config::load_default(), "", "", false}; }

TEST_CASE(
    "GIVEN the freq stage's declarations WHEN the study catalogue is made THEN its study options are the "
    "declarations with a name, typed by their fields, and the command-line-only ones are absent") {
  const StageDef& freq = find_stage("freq");
  std::vector<std::string> declared;
  for (const auto& d : stages::FreqStage::options())
    if (!d.name.empty()) declared.push_back(d.name);
  std::vector<std::string> catalogued;
  for (const auto& o : freq.options) catalogued.push_back(o.name);
  CHECK(catalogued == declared);
  CHECK(catalogued == std::vector<std::string>{"techniques", "fast_fraction", "subbanks", "hybrid_banks", "single_clock"});
  CHECK(find_option(freq, "fast_fraction")->type == "float");
  CHECK(find_option(freq, "subbanks")->type == "int");
  CHECK(find_option(freq, "single_clock")->type == "bool");
  CHECK(find_option(freq, "techniques")->type == "names");
  CHECK(find_option(freq, "chips") == nullptr);  // the population file is the upstream stage's
  CHECK(find_option(find_stage("ipc"), "chip")->type == "int");
  CHECK(find_option(find_stage("population"), "first_chip") == nullptr);
  CHECK(freq.upstream == std::vector<std::string>{"population"});
}

TEST_CASE("GIVEN study option values WHEN the stage checks them THEN a bad value is named with its range") {
  const stages::StageContext kCtx = context();
  const StageDef& freq = find_stage("freq");
  CHECK_NOTHROW(freq.stage->check({{"fast_fraction", "0.5"}, {"techniques", "[\"baseline\", \"vl-sb\"]"}}, kCtx));
  CHECK_THROWS_WITH_AS(freq.stage->check({{"fast_fraction", "inf"}}, kCtx),
                       doctest::Contains("fast_fraction = inf: expected a finite number"), InputError);
  CHECK_THROWS_WITH_AS(freq.stage->check({{"fast_fraction", "inf"}}, kCtx), doctest::Contains("(0, 1]"), InputError);
  CHECK_THROWS_WITH_AS(freq.stage->check({{"fast_fraction", "2.0"}}, kCtx), doctest::Contains("outside (0, 1]"),
                       InputError);
  CHECK_THROWS_WITH_AS(freq.stage->check({{"techniques", "\"vl-xx\""}}, kCtx), doctest::Contains("vl-xx"),
                       InputError);
  const StageDef& population = find_stage("population");
  CHECK_NOTHROW(population.stage->check({{"chips", "3"}}, kCtx));
  for (const char* bad : {"0", "-5"})
    CHECK_THROWS_WITH_AS(population.stage->check({{"chips", bad}}, kCtx), doctest::Contains("at least 1"),
                         InputError);
  CHECK_THROWS_WITH_AS(population.stage->check({{"chips", "100000000000"}}, kCtx),
                       doctest::Contains("chips = 100000000000: outside"), InputError);
  const StageDef& energy = find_stage("energy");
  CHECK_THROWS_WITH_AS(energy.stage->check({{"configs", "\"0,99\""}}, kCtx), doctest::Contains("accepted: 1..7"),
                       InputError);
  CHECK_THROWS_WITH_AS(energy.stage->check({{"block_stride", "0"}}, kCtx), doctest::Contains(">= 1"), InputError);
  CHECK_THROWS_WITH_AS(find_stage("ipc").stage->check({{"chip", "-1"}, {"kernels", "\"nw\""}}, kCtx),
                       doctest::Contains(">= 0"), InputError);
  CHECK_THROWS_WITH_AS(find_stage("ltrf").stage->check({{"latency_sweep", "\"1,x\""}}, kCtx),
                       doctest::Contains("'x' is not a number"), InputError);
  const StageDef& sharing = find_stage("sharing");
  for (const char* bad : {"0", "-3"})
    CHECK_THROWS_WITH_AS(sharing.stage->check({{"table_entries", bad}}, kCtx), doctest::Contains("at least 1 entry"),
                         InputError);
  CHECK_THROWS_WITH_AS(sharing.stage->check({{"workloads", "\"ptx:nosuch\""}}, kCtx),
                       doctest::Contains("unknown kernel 'ptx:nosuch'"), InputError);
}

TEST_CASE("GIVEN a latency sweep text WHEN parsed THEN '...' continues the step up to the next value") {
  CHECK(stages::parse_sweep("1,2,...,5", 10000) == std::vector<double>{1, 2, 3, 4, 5});
  CHECK(stages::parse_sweep("1,1.5,...,3", 10000) == std::vector<double>{1, 1.5, 2, 2.5, 3});
  CHECK_THROWS_AS(stages::parse_sweep("1,...,3", 10000), InputError);
}

TEST_CASE("GIVEN workload names WHEN checked without loading THEN an unknown one is named, known forms pass") {
  CHECK_NOTHROW(stages::check_workload_specs({"nw", "hotspot", "ptx:hotspot"}, "--kernels"));
  CHECK_THROWS_WITH_AS(stages::check_workload_specs({"nw", "nosuch"}, "--kernels"),
                       doctest::Contains("--kernels: unknown kernel 'nosuch'"), InputError);
  CHECK_THROWS_WITH_AS(stages::check_workload_specs({"ptx:nosuch"}, "--kernels"),
                       doctest::Contains("unknown kernel 'ptx:nosuch'"), InputError);
  CHECK_THROWS_AS(stages::check_workload_specs({"missing.rftrace"}, "--kernels"), InputError);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
