// `rfvar l2-reuse` through the binary: JSON shape, agreement with the text output, bad input.
#include <doctest/doctest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "tests/apps/cli_run.h"

namespace {
namespace RFVAR_UNITY_ID {

namespace {
using cli_test::Run;

Run run_rfvar(const std::string& args) { return cli_test::run_rfvar(args, "l2reuse"); }
}  // namespace

TEST_CASE("GIVEN hotspot WHEN rfvar l2-reuse --json runs THEN every global access is listed with its file l2= and "
          "a derived P = hits / requests") {
  const Run a = run_rfvar("l2-reuse --kernel hotspot --json");
  REQUIRE(a.status == 0);
  const auto j = nlohmann::json::parse(a.out);
  CHECK(j["benchmark"] == "hotspot");
  CHECK(j["sms"] == 15);
  CHECK(j["l2"]["sets"] == 768);
  REQUIRE(j["instructions"].size() == 3);  // temp_src, power loads; temp_dst store
  for (const auto& i : j["instructions"]) {
    CHECK(i["derivable"] == true);
    REQUIRE(i["l2_requests"].get<double>() > 0);
    CHECK(i["derived_l2"].get<double>() == doctest::Approx(i["l2_hits"].get<double>() / i["l2_requests"].get<double>()));
  }
  CHECK(j["instructions"][2]["op"] == "st");
  const Run t = run_rfvar("l2-reuse --kernel hotspot");
  REQUIRE(t.status == 0);
  CHECK(t.out.find("calculate_temp") != std::string::npos);
}

TEST_CASE("GIVEN an unknown kernel WHEN rfvar l2-reuse runs THEN it exits 2 naming the kernel and the choices") {
  const Run r = run_rfvar("l2-reuse --kernel nosuch");
  CHECK(r.status == 2);
  CHECK(r.err.find("rfvar: error:") != std::string::npos);
  CHECK(r.err.find("nosuch") != std::string::npos);
  CHECK(r.err.find("hotspot") != std::string::npos);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
