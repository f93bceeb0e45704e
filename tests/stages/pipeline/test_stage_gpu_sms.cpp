// The study's ipc, guardband and perf stages in the N-SM mode (stages/pipeline: stage_catalog.h,
// study_config.h): the stage option gpu_sms sets arch.gpu_sms = N on that stage's config only, enters
// its cache key, is checked before anything runs; the study's config keeps refusing arch.gpu_sms > 1.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "common/config.h"
#include "stages/pipeline/stage_catalog.h"
#include "stages/pipeline/stage_runner.h"
#include "stages/pipeline/study_config.h"
#include "stages/pipeline/study_spec.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::study;

TEST_CASE(
    "GIVEN the ipc stage's option gpu_sms = 15 WHEN its checks run THEN they see arch.gpu_sms = 15 on the "
    "stage's config, and without the option one SM") {
  const StudySpec spec =
      parse_study_text("[population]\nchips = 2\n[ipc]\nkernels = [\"nw\"]\ngpu_sms = 15\n", "s.toml");
  const StageDef& ipc = find_stage("ipc");
  const stages::StageContext ctx{Config::load_default(), "", "", false};
  auto options = spec.stage("ipc")->options;
  CHECK_NOTHROW(ipc.stage->check(options, ctx));
  // --sm picks the one simulated SM: refused only when gpu_sms = 15 reached arch.gpu_sms.
  options["sm"] = "1";
  CHECK_THROWS_WITH_AS(ipc.stage->check(options, ctx), doctest::Contains("--sm selects the one simulated SM"),
                       InputError);
  options.erase("gpu_sms");
  CHECK_NOTHROW(ipc.stage->check(options, ctx));
  options["gpu_sms"] = "16";
  CHECK_THROWS_WITH_AS(ipc.stage->check(options, ctx), doctest::Contains("arch.sms = 15"), InputError);
  // The stages that run the N-SM mode know the option; the one-SM stages do not.
  CHECK(find_option(find_stage("ltrf"), "gpu_sms") == nullptr);
  CHECK(find_option(find_stage("energy"), "gpu_sms") == nullptr);
  CHECK_THROWS_WITH_AS(parse_study_text("[population]\n[ltrf]\ngpu_sms = 15\n", "s.toml"),
                       doctest::Contains("unknown option 'gpu_sms'"), InputError);
  CHECK_THROWS_WITH_AS(parse_study_text("[population]\n[ipc]\ngpu_sms = \"all\"\n", "s.toml"),
                       doctest::Contains("integer"), InputError);
}

TEST_CASE(
    "GIVEN the guardband and perf stages' option gpu_sms = 2 WHEN their checks run THEN 2 SMs pass, 16 SMs "
    "are refused, and gpu_sms enters their cache key") {
  const StudySpec spec = parse_study_text(
      "[population]\nchips = 2\n[guardband]\nkernels = [\"nw\"]\ngpu_sms = 2\n[perf]\nkernels = [\"nw\"]\n",
      "s.toml");
  const Config c = Config::load_default();
  for (const std::string name : {"guardband", "perf"}) {
    CAPTURE(name);
    const StageDef& stage = find_stage(name);
    const auto& options = spec.stage(name)->options;
    const stages::StageContext ctx{c, "", "", false};
    CHECK_NOTHROW(stage.stage->check(options, ctx));
    std::map<std::string, std::string> sixteen = options;
    sixteen["gpu_sms"] = "16";
    CHECK_THROWS_WITH_AS(stage.stage->check(sixteen, ctx), doctest::Contains("arch.sms = 15"), InputError);
    std::map<std::string, std::string> two = options;
    two["gpu_sms"] = "2";
    std::map<std::string, std::string> one = options;
    one.erase("gpu_sms");
    CHECK(stage_hash(stage, two, c, {}) != stage_hash(stage, one, c, {}));
  }
  CHECK_NOTHROW(validate_stage_options(spec, c));
  CHECK_THROWS_WITH_AS(
      validate_stage_options(parse_study_text("[population]\n[perf]\n\ngpu_sms = 16\n", "s.toml"), c),
      doctest::Contains("s.toml:4: [perf] gpu_sms = 16: arch.gpu_sms = 16 is more than arch.sms = 15"),
      InputError);
  const StudySpec sweep = parse_study_text(
      "[population]\n[guardband]\n[[sweep]]\nname = \"sms\"\noption = \"guardband.gpu_sms\"\nvalues = [1, "
      "0]\n"
      "stages = [\"guardband\"]\n",
      "s.toml");
  CHECK_THROWS_WITH_AS(validate_stage_options(sweep, c), doctest::Contains("guardband.gpu_sms = 0"),
                       InputError);
}

TEST_CASE("GIVEN the ipc stage WHEN gpu_sms or arch.gpu_clocks changes THEN its cache key changes") {
  const StageDef& ipc = find_stage("ipc");
  Config c = Config::load_default();
  const std::string one = stage_hash(ipc, {{"kernels", "\"nw\""}}, c, {});
  const std::string fifteen = stage_hash(ipc, {{"kernels", "\"nw\""}, {"gpu_sms", "15"}}, c, {});
  CHECK(one != fifteen);
  CHECK(fifteen == stage_hash(ipc, {{"kernels", "\"nw\""}, {"gpu_sms", "15"}}, c, {}));
  c.set("arch.gpu_clocks=pv");
  CHECK(stage_hash(ipc, {{"kernels", "\"nw\""}, {"gpu_sms", "15"}}, c, {}) != fifteen);
}

TEST_CASE(
    "GIVEN a study WHEN arch.gpu_sms > 1 is in its config or its ipc gpu_sms is out of range THEN a named "
    "error before anything runs") {
  Config c = Config::load_default();
  CHECK_NOTHROW(validate_config(c));
  Config n = c;
  n.set("arch.gpu_sms=15");
  CHECK_THROWS_WITH_AS(validate_config(n),
                       doctest::Contains("[ipc] gpu_sms = N, [guardband] gpu_sms = N, [perf] gpu_sms = N"),
                       InputError);

  CHECK_NOTHROW(validate_stage_options(parse_study_text("[population]\n[ipc]\ngpu_sms = 15\n", "s.toml"), c));
  // The file, line and value of the option, then what is accepted.
  CHECK_THROWS_WITH_AS(
      validate_stage_options(parse_study_text("[population]\n[ipc]\ngpu_sms = 16\n", "s.toml"), c),
      doctest::Contains("s.toml:3: [ipc] gpu_sms = 16: arch.gpu_sms = 16 is more than arch.sms = 15"),
      InputError);
  CHECK_THROWS_WITH_AS(
      validate_stage_options(parse_study_text("[population]\n[ipc]\ngpu_sms = 0\n", "s.toml"), c),
      doctest::Contains("arch.gpu_sms"), InputError);
  const StudySpec sweep = parse_study_text(
      "[population]\n[ipc]\n[[sweep]]\nname = \"sms\"\noption = \"ipc.gpu_sms\"\nvalues = [1, 15, 20]\n"
      "stages = [\"ipc\"]\n",
      "s.toml");
  CHECK_THROWS_WITH_AS(validate_stage_options(sweep, c), doctest::Contains("ipc.gpu_sms = 20"), InputError);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
