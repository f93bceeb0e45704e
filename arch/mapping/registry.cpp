// The explicit name -> factory table of register mappings.
#include "arch/mapping/i_register_mapping.h"
#include "common/registry.h"

namespace rfvar::arch {
namespace {
const Registry<IRegisterMapping>& table() {
  static const Registry<IRegisterMapping> r("register mapping", {
                                                                    {"eq3", make_eq3_mapping},
                                                                    {"fba-rm", make_fba_rm_mapping},
                                                                    {"hybrid", make_hybrid_mapping},
                                                                });
  return r;
}
}  // namespace

std::unique_ptr<IRegisterMapping> make_mapping(const std::string& name) { return table().create(name); }
std::vector<std::string> mapping_names() { return table().names(); }

}  // namespace rfvar::arch
