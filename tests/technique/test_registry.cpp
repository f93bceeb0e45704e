// Tests for technique/registry.h: role lists in figure order, every technique reachable, unknown
// names named with the accepted ones.
#include <doctest/doctest.h>

#include <set>

#include "common/config.h"
#include "technique/registry.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::technique;

using Names = std::vector<std::string>;

TEST_CASE(
    "GIVEN the registry WHEN the role lists are read THEN they are the old tables' lists in figure order") {
  CHECK(names(Role::freq) ==
        Names{"baseline", "vl-rf", "vl-rv", "vl-sb", "vl-sb+rf-bro", "vl-sb+rf-bro+hybrid"});
  CHECK(names(Role::ipc) == Names{"baseline", "vl-rf", "vl-sb+rf-bro", "fba-rm", "two-level", "fwas",
                                  "pv-opt", "pv-opt+renaming", "all-slow", "pv-opt+renaming-by-weight"});
  CHECK(names(Role::aging) == Names{"baseline", "vl-rf", "pv-opt", "pv-opt+nbti-opt", "pv-opt+renaming",
                                    "pv-opt+reorg", "pv-opt+nbti-opt-by-weight"});
  CHECK(figure_names(3) == Names{"baseline", "vl-rf", "vl-rv", "vl-sb", "vl-sb+rf-bro"});
  CHECK(figure_names(11) ==
        Names{"baseline", "vl-rf", "vl-sb+rf-bro", "fba-rm", "two-level", "fwas", "pv-opt"});
  CHECK(figure_names(12) == Names{"baseline", "pv-opt", "pv-opt+nbti-opt"});
  CHECK(figure_names(13) == Names{"baseline", "vl-rf", "pv-opt", "pv-opt+nbti-opt"});
}

TEST_CASE(
    "GIVEN every technique of the table WHEN made by name for each of its roles THEN it is reachable, named "
    "as its table line, and takes part in at least one role") {
  std::set<std::string> seen;
  int order = 0;
  for (const auto& t : all_techniques()) {
    const Info& i = t->info();
    CAPTURE(i.name);
    CHECK(seen.insert(i.name).second);
    CHECK(i.roles != 0u);
    for (int f : i.figures) {  // a figure of a role the technique takes part in
      CHECK((f == 3 || f == 11 || f == 12 || f == 13));
      CHECK(i.takes(f == 3 ? Role::freq : f == 11 ? Role::ipc : Role::aging));
    }
    CHECK_FALSE(i.summary.empty());
    CHECK_FALSE(i.source.empty());
    CHECK(figure_order(i.name) == order++);
    for (Role r : {Role::freq, Role::ipc, Role::aging}) {
      if (i.takes(r)) {
        CHECK(make_technique(i.name, r)->info().name == i.name);
      } else {
        CHECK_THROWS_AS(make_technique(i.name, r), InputError);
      }
    }
  }
  CHECK(seen.size() == 16);
  CHECK(figure_order("warp-drive") == -1);
}

TEST_CASE(
    "GIVEN an unknown name or a technique outside the role WHEN made THEN InputError lists the role's "
    "names") {
  CHECK_THROWS_WITH_AS(
      make_technique("vl-xx", Role::freq),
      "unknown technique 'vl-xx' for the freq role; accepted: baseline, vl-rf, vl-rv, vl-sb, "
      "vl-sb+rf-bro, vl-sb+rf-bro+hybrid",
      InputError);
  CHECK_THROWS_WITH_AS(make_technique("pv-opt+nbti-opt", Role::ipc),
                       doctest::Contains("accepted: baseline, vl-rf, vl-sb+rf-bro, fba-rm"), InputError);
  CHECK_THROWS_WITH_AS(make_technique("vl-rv", Role::aging),
                       "unknown technique 'vl-rv' for the aging role; accepted: baseline, vl-rf, pv-opt, "
                       "pv-opt+nbti-opt, pv-opt+renaming, pv-opt+reorg, pv-opt+nbti-opt-by-weight",
                       InputError);
  CHECK(names_joined(Role::ipc).find("all-slow") != std::string::npos);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
