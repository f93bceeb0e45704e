#include "arch/run_policy.h"

namespace rfvar::arch {

std::unique_ptr<IRegisterMapping> make_policy_mapping(const SmPolicy& policy) {
  auto m = make_mapping(policy.mapping);
  if (policy.renaming) m = with_renaming(std::move(m), policy.renaming_by_weight);
  return m;
}

}  // namespace rfvar::arch
