// The techniques by name: one explicit table (technique/registry.cpp), in figure order (Tan 2016
// Fig. 3, then Fig. 11, then Fig. 12-13).
//
// Contract: make_technique(name, role) builds the technique `name` if it takes part in `role`, and
// otherwise throws InputError listing the names accepted for that role (names(role), in figure
// order); make_freq_technique(), make_ipc_technique() and make_aging_technique() do the same and
// hand out the role's interface. figure_names(n) are the techniques Tan 2016 Fig. n shows (Info::figures), in figure
// order: the default lists of rfvar freq (Fig. 3), ipc (11), guardband (12) and perf (13).
// all_techniques() builds every technique of the table, in its order.
// No global state: each call builds what it returns.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "technique/aging_technique.h"
#include "technique/freq_technique.h"
#include "technique/ipc_technique.h"
#include "technique/technique.h"

namespace rfvar::technique {

std::vector<std::unique_ptr<ITechnique>> all_techniques();
std::unique_ptr<ITechnique> make_technique(const std::string& name, Role role);
std::unique_ptr<IFreqTechnique> make_freq_technique(const std::string& name);
std::unique_ptr<IIpcTechnique> make_ipc_technique(const std::string& name);
std::unique_ptr<IAgingTechnique> make_aging_technique(const std::string& name);
std::vector<std::string> names(Role role);
std::vector<std::string> figure_names(int tan_figure);
// "a, b, c": names(role) joined for help texts and error messages.
std::string names_joined(Role role);
// The position of `name` in the table (figure order), -1 if unknown.
int figure_order(const std::string& name);

}  // namespace rfvar::technique
