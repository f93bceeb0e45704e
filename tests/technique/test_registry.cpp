// Tests for technique/registry.h. Expectations come from the registry's own table (all_techniques())
// and from Tan 2016's figures, never from a hard-coded list of every technique: adding a technique
// needs no change here.
#include <doctest/doctest.h>

#include <set>

#include "common/config.h"
#include "technique/registry.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::technique;

using Names = std::vector<std::string>;
constexpr Role kRoles[] = {Role::freq, Role::ipc, Role::aging};

TEST_CASE("GIVEN the registry WHEN the figure lists are read THEN they are the techniques Tan 2016 shows") {
  CHECK(figure_names(3) == Names{"baseline", "vl-rf", "vl-rv", "vl-sb", "vl-sb+rf-bro"});
  CHECK(figure_names(11) ==
        Names{"baseline", "vl-rf", "vl-sb+rf-bro", "fba-rm", "two-level", "fwas", "pv-opt"});
  CHECK(figure_names(12) == Names{"baseline", "pv-opt", "pv-opt+nbti-opt"});
  CHECK(figure_names(13) == Names{"baseline", "vl-rf", "pv-opt", "pv-opt+nbti-opt"});
}

TEST_CASE("GIVEN the table WHEN each role's names are read THEN they are the table's techniques of that role, "
          "in table order") {
  const auto all = all_techniques();
  REQUIRE_FALSE(all.empty());
  for (Role r : kRoles) {
    Names expected;
    for (const auto& t : all)
      if (t->takes(r)) expected.push_back(t->info().name);
    CAPTURE(to_string(r));
    CHECK_FALSE(expected.empty());
    CHECK(names(r) == expected);
    std::string joined;
    for (const auto& n : expected) joined += (joined.empty() ? "" : ", ") + n;
    CHECK(names_joined(r) == joined);
  }
}

TEST_CASE(
    "GIVEN every technique of the table WHEN made by name for each role THEN the roles it implements are made, "
    "as that role's interface, and the others are refused with the role's names") {
  std::set<std::string> seen;
  int order = 0;
  for (const auto& t : all_techniques()) {
    const Info& i = t->info();
    CAPTURE(i.name);
    CHECK(seen.insert(i.name).second);
    CHECK(t->roles() != 0u);
    for (int f : i.figures) {  // a figure of a role the technique takes part in
      CHECK((f == 3 || f == 11 || f == 12 || f == 13));
      CHECK(t->takes(f == 3 ? Role::freq : f == 11 ? Role::ipc : Role::aging));
    }
    CHECK_FALSE(i.summary.empty());
    CHECK_FALSE(i.source.empty());
    CHECK(figure_order(i.name) == order++);
    for (Role r : kRoles) {
      if (t->takes(r)) {
        CHECK(make_technique(i.name, r)->info().name == i.name);
      } else {
        CHECK_THROWS_WITH_AS(make_technique(i.name, r),
                             ("unknown technique '" + i.name + "' for the " + to_string(r) +
                              " role; accepted: " + names_joined(r))
                                 .c_str(),
                             InputError);
      }
    }
    if (t->takes(Role::freq)) CHECK(make_freq_technique(i.name)->info().name == i.name);
    if (t->takes(Role::ipc)) CHECK(make_ipc_technique(i.name)->info().name == i.name);
    if (t->takes(Role::aging)) CHECK(make_aging_technique(i.name)->info().name == i.name);
    if (!t->takes(Role::aging)) CHECK_THROWS_AS(make_aging_technique(i.name), InputError);
  }
  CHECK(figure_order("warp-drive") == -1);
  CHECK_THROWS_AS(make_technique("warp-drive", Role::freq), InputError);
  CHECK_THROWS_AS(make_ipc_technique("warp-drive"), InputError);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
