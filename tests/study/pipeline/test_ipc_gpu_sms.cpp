// The study's ipc stage in the N-SM mode (study/pipeline: stage_catalog.h, study_config.h): the ipc
// option gpu_sms becomes --set arch.gpu_sms=N for that stage only, enters its cache key, is checked
// before anything runs; the study's config keeps refusing arch.gpu_sms > 1.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "common/config.h"
#include "study/pipeline/stage_catalog.h"
#include "study/pipeline/stage_runner.h"
#include "study/pipeline/study_config.h"
#include "study/pipeline/study_spec.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::study;

namespace {
bool has_pair(const std::vector<std::string>& args, const std::string& a, const std::string& b) {
  for (std::size_t i = 0; i + 1 < args.size(); ++i)
    if (args[i] == a && args[i + 1] == b) return true;
  return false;
}
}  // namespace

TEST_CASE("GIVEN the ipc stage's option gpu_sms = 15 WHEN its command is formed THEN it runs 15 SMs, and "
          "without the option one SM") {
  const StudySpec spec = parse_study_text("[population]\nchips = 2\n[ipc]\nkernels = [\"nw\"]\ngpu_sms = 15\n", "s.toml");
  const StageDef& ipc = find_stage("ipc");
  const auto args = stage_arguments(ipc, spec.stage("ipc")->options, "chips.h5");
  CHECK(args.front() == "ipc");
  CHECK(has_pair(args, "--set", "arch.gpu_sms=15"));
  CHECK_FALSE(has_pair(stage_arguments(ipc, {{"kernels", "\"nw\""}}, "chips.h5"), "--set", "arch.gpu_sms=15"));
  // Only the ipc stage knows the option.
  CHECK(find_option(find_stage("guardband"), "gpu_sms") == nullptr);
  CHECK(find_option(find_stage("perf"), "gpu_sms") == nullptr);
  CHECK_THROWS_WITH_AS(parse_study_text("[population]\n[perf]\ngpu_sms = 15\n", "s.toml"),
                       doctest::Contains("unknown option 'gpu_sms'"), InputError);
  CHECK_THROWS_WITH_AS(parse_study_text("[population]\n[ipc]\ngpu_sms = \"all\"\n", "s.toml"),
                       doctest::Contains("integer"), InputError);
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

TEST_CASE("GIVEN a study WHEN arch.gpu_sms > 1 is in its config or its ipc gpu_sms is out of range THEN a named "
          "error before anything runs") {
  Config c = Config::load_default();
  CHECK_NOTHROW(validate_config(c));
  Config n = c;
  n.set("arch.gpu_sms=15");
  CHECK_THROWS_WITH_AS(validate_config(n), doctest::Contains("[ipc] gpu_sms = N"), InputError);

  CHECK_NOTHROW(validate_stage_options(parse_study_text("[population]\n[ipc]\ngpu_sms = 15\n", "s.toml"), c));
  // The file, line and value of the option, then what is accepted.
  CHECK_THROWS_WITH_AS(validate_stage_options(parse_study_text("[population]\n[ipc]\ngpu_sms = 16\n", "s.toml"), c),
                       doctest::Contains("s.toml:3: [ipc] gpu_sms = 16: arch.gpu_sms = 16 is more than arch.sms = 15"),
                       InputError);
  CHECK_THROWS_WITH_AS(validate_stage_options(parse_study_text("[population]\n[ipc]\ngpu_sms = 0\n", "s.toml"), c),
                       doctest::Contains("arch.gpu_sms"), InputError);
  const StudySpec sweep = parse_study_text(
      "[population]\n[ipc]\n[[sweep]]\nname = \"sms\"\noption = \"ipc.gpu_sms\"\nvalues = [1, 15, 20]\n"
      "stages = [\"ipc\"]\n",
      "s.toml");
  CHECK_THROWS_WITH_AS(validate_stage_options(sweep, c), doctest::Contains("ipc.gpu_sms = 20"), InputError);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
