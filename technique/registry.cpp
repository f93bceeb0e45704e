#include "technique/registry.h"

#include <functional>
#include <utility>

#include "common/config.h"

namespace rfvar::technique {

// The table: one factory per technique file (technique/impl/), in figure order. Adding a technique
// adds its factory's declaration and its row.
std::unique_ptr<ITechnique> make_baseline();
std::unique_ptr<ITechnique> make_vl_rf();
std::unique_ptr<ITechnique> make_vl_rv();
std::unique_ptr<ITechnique> make_vl_sb();
std::unique_ptr<ITechnique> make_vl_sb_rf_bro();
std::unique_ptr<ITechnique> make_vl_sb_rf_bro_hybrid();
std::unique_ptr<ITechnique> make_fba_rm();
std::unique_ptr<ITechnique> make_two_level();
std::unique_ptr<ITechnique> make_fwas();
std::unique_ptr<ITechnique> make_pv_opt();
std::unique_ptr<ITechnique> make_pv_opt_nbti_opt();
std::unique_ptr<ITechnique> make_pv_opt_renaming();
std::unique_ptr<ITechnique> make_all_slow();
std::unique_ptr<ITechnique> make_pv_opt_reorg();
std::unique_ptr<ITechnique> make_pv_opt_renaming_by_weight();
std::unique_ptr<ITechnique> make_pv_opt_nbti_opt_by_weight();

namespace {

using Factory = std::function<std::unique_ptr<ITechnique>()>;

// The explicit name -> factory table, in figure order.
std::vector<std::pair<std::string, Factory>> table() {
  return {
      {"baseline", make_baseline},                                    // Fig. 3, 11, 12, 13
      {"vl-rf", make_vl_rf},                                          // Fig. 3, 11, 13
      {"vl-rv", make_vl_rv},                                          // Fig. 3
      {"vl-sb", make_vl_sb},                                          // Fig. 3
      {"vl-sb+rf-bro", make_vl_sb_rf_bro},                            // Fig. 3, 11
      {"vl-sb+rf-bro+hybrid", make_vl_sb_rf_bro_hybrid},              // §3.3.4
      {"fba-rm", make_fba_rm},                                        // Fig. 11
      {"two-level", make_two_level},                                  // Fig. 11
      {"fwas", make_fwas},                                            // Fig. 11
      {"pv-opt", make_pv_opt},                                        // Fig. 11, 12, 13
      {"pv-opt+nbti-opt", make_pv_opt_nbti_opt},                      // Fig. 12, 13
      {"pv-opt+renaming", make_pv_opt_renaming},                      // NBTI-opt's halves
      {"all-slow", make_all_slow},                                    // the model's bound
      {"pv-opt+reorg", make_pv_opt_reorg},                            // NBTI-opt's halves
      {"pv-opt+renaming-by-weight", make_pv_opt_renaming_by_weight},  // counterfactual
      {"pv-opt+nbti-opt-by-weight", make_pv_opt_nbti_opt_by_weight},  // counterfactual
  };
}

}  // namespace

std::vector<std::unique_ptr<ITechnique>> all_techniques() {
  std::vector<std::unique_ptr<ITechnique>> out;
  for (const auto& [name, make] : table()) out.push_back(make());
  return out;
}

std::vector<std::string> names(Role role) {
  std::vector<std::string> out;
  for (const auto& t : all_techniques())
    if (t->takes(role)) out.push_back(t->info().name);
  return out;
}

std::vector<std::string> figure_names(int tan_figure) {
  std::vector<std::string> out;
  for (const auto& t : all_techniques())
    if (t->info().in_figure(tan_figure)) out.push_back(t->info().name);
  return out;
}

std::string names_joined(Role role) {
  std::string s;
  for (const auto& n : names(role)) s += (s.empty() ? "" : ", ") + n;
  return s;
}

int figure_order(const std::string& name) {
  const auto t = table();
  for (std::size_t i = 0; i < t.size(); ++i)
    if (t[i].first == name) return static_cast<int>(i);
  return -1;
}

std::unique_ptr<ITechnique> make_technique(const std::string& name, Role role) {
  for (const auto& [n, make] : table()) {
    if (n != name) continue;
    auto t = make();
    if (t->takes(role)) return t;
    break;
  }
  throw InputError("unknown technique '" + name + "' for the " + to_string(role) +
                   " role; accepted: " + names_joined(role));
}

namespace {
// make_technique() as the role's interface (the technique implements it: takes(role) is true).
template <class RoleInterface>
std::unique_ptr<RoleInterface> make_as(const std::string& name, Role role) {
  std::unique_ptr<ITechnique> t = make_technique(name, role);
  auto* r = dynamic_cast<RoleInterface*>(t.get());
  t.release();
  return std::unique_ptr<RoleInterface>(r);
}
}  // namespace

std::unique_ptr<IFreqTechnique> make_freq_technique(const std::string& name) {
  return make_as<IFreqTechnique>(name, Role::freq);
}
std::unique_ptr<IIpcTechnique> make_ipc_technique(const std::string& name) {
  return make_as<IIpcTechnique>(name, Role::ipc);
}
std::unique_ptr<IAgingTechnique> make_aging_technique(const std::string& name) {
  return make_as<IAgingTechnique>(name, Role::aging);
}

}  // namespace rfvar::technique
