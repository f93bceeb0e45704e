#include "technique/technique.h"

#include <stdexcept>

namespace rfvar::technique {

namespace {
[[noreturn]] void not_in_role(const Info& i, Role r) {
  throw std::logic_error("technique '" + i.name + "' takes no part in the " + to_string(r) + " study");
}
}  // namespace

const char* to_string(Role r) {
  switch (r) {
    case Role::freq:
      return "freq";
    case Role::ipc:
      return "ipc";
    case Role::aging:
      return "aging";
  }
  return "?";
}

bool Info::in_figure(Role r) const {
  switch (r) {
    case Role::freq:
      return in_figure(3);
    case Role::ipc:
      return in_figure(11);
    case Role::aging:
      return in_figure(12) || in_figure(13);
  }
  return false;
}

rfmodel::RfSetup ITechnique::freq_setup(const varius::SmDelays&, const varius::RfGeometry&,
                                        const rfmodel::RfParams&, int) const {
  not_in_role(info(), Role::freq);
}

arch::SmPolicy ITechnique::policy() const { not_in_role(info(), Role::ipc); }

std::unique_ptr<arch::IRfProvider> ITechnique::rf_provider(const varius::SmDelays*, const varius::RfGeometry&,
                                                           const rfmodel::RfParams&) const {
  not_in_role(info(), Role::ipc);
}

const AgingHooks& ITechnique::aging() const { not_in_role(info(), Role::aging); }

}  // namespace rfvar::technique
