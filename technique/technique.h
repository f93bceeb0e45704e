// A register-file technique: what it is in every study that uses it, in one object.
//
// Contract: a technique is immutable once built (technique/registry.h builds them) and every hook
// is a pure function of its arguments. info().roles says which studies it takes part in; a hook
// of a role it does not take part in throws std::logic_error. A name means the same technique in
// every role, but each role states what the technique is there, e.g. "baseline": in the frequency
// study the PV clock with every access one cycle, in the cycle model the ideal chip without PV (the
// normalization of Tan Fig. 11), in the aging study the PV chip at its slowest register.
//   freq   freq_setup(): the RfSetup on one SM's fresh delays (Tan 2016 §3.2, Fig. 3).
//   ipc    policy() and rf_provider(): the SM policies and the register file handed to the SM at
//          each kernel launch (Tan §3.3, §6.1, Fig. 11); ipc_every_chip() says whether the IPC
//          study averages the technique over every chip given.
//   aging  policy() and aging(): the fresh plan, what the NBTI sensors steer at each epoch's
//          kernel launches and the guardband rule (Tan §4, Fig. 12-13; docs/models.md#nbti).
// Adding a technique: one file in technique/, one line in technique/registry.cpp, one test in
// tests/technique/ (docs/models.md "Adding a technique").
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "arch/run_policy.h"
#include "arch/sm/rf_provider.h"
#include "rfmodel/params.h"
#include "rfmodel/rf_setup.h"
#include "technique/aging_hooks.h"
#include "varius/chip_sample.h"

namespace rfvar::technique {

enum class Role : std::uint8_t { freq = 1, ipc = 2, aging = 4 };
const char* to_string(Role r);
constexpr unsigned bit(Role r) { return static_cast<unsigned>(r); }

struct Info {
  std::string name;
  std::string summary;       // one line
  std::string source;        // where it comes from (paper and section)
  unsigned roles = 0;        // bit(Role) of the studies it takes part in
  std::vector<int> figures;  // the Tan 2016 figures that show it (3, 11, 12, 13): the default lists
  bool takes(Role r) const { return (roles & bit(r)) != 0; }
  bool in_figure(int tan_figure) const {
    return std::find(figures.begin(), figures.end(), tan_figure) != figures.end();
  }
  // In one of the role's figures: freq Fig. 3, ipc Fig. 11, aging Fig. 12 and 13.
  bool in_figure(Role r) const;
};

class ITechnique {
 public:
  virtual ~ITechnique() = default;
  virtual const Info& info() const = 0;

  // freq (Tan §3.2): the setup on an SM's fresh delays; `hybrid_banks` = h for hybrid techniques.
  virtual rfmodel::RfSetup freq_setup(const varius::SmDelays& sm, const varius::RfGeometry& g,
                                      const rfmodel::RfParams& p, int hybrid_banks) const;

  // ipc and aging: register mapping, warp scheduler and block-level renaming (Tan §3.3, §4.2.1).
  virtual arch::SmPolicy policy() const;
  // ipc (Tan §3.3.4, §6.1): the register file at each kernel launch of one SM (`sm` == nullptr:
  // the chip without PV, every delay nominal), with per-kernel hybrid sizing and the organization
  // table renaming reads when the technique has them.
  virtual std::unique_ptr<arch::IRfProvider> rf_provider(const varius::SmDelays* sm,
                                                         const varius::RfGeometry& g,
                                                         const rfmodel::RfParams& p) const;
  // ipc: the register file depends on the chip beyond its first SM's bank-speed pattern (VL-RF's
  // per-register flags), so the IPC study averages it over every chip given (Tan §6.1.1).
  virtual bool ipc_every_chip() const { return false; }

  // aging (Tan §4): fresh plan, sensor steering and guardband rule.
  virtual const AgingHooks& aging() const;
};

}  // namespace rfvar::technique
