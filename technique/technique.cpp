#include "technique/technique.h"

#include "technique/aging_technique.h"
#include "technique/freq_technique.h"
#include "technique/ipc_technique.h"

namespace rfvar::technique {

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

bool ITechnique::takes(Role r) const {
  switch (r) {
    case Role::freq:
      return dynamic_cast<const IFreqTechnique*>(this) != nullptr;
    case Role::ipc:
      return dynamic_cast<const IIpcTechnique*>(this) != nullptr;
    case Role::aging:
      return dynamic_cast<const IAgingTechnique*>(this) != nullptr;
  }
  return false;
}

unsigned ITechnique::roles() const {
  unsigned r = 0;
  for (Role x : {Role::freq, Role::ipc, Role::aging})
    if (takes(x)) r |= bit(x);
  return r;
}

}  // namespace rfvar::technique
