// A register-file technique: what it is in every study that uses it, in one object.
//
// Contract: a technique is immutable once built (technique/registry.h builds them) and every hook
// is a pure function of its arguments. A technique implements the role interfaces of the studies
// it takes part in, and only those; takes() and roles() are derived from them, so a technique
// cannot claim a role it does not implement. A name means the same technique in every role, but
// each role states what the technique is there, e.g. "baseline": in the frequency study the PV
// clock with every access one cycle, in the cycle model the ideal chip without PV (the
// normalization of Tan Fig. 11), in the aging study the PV chip at its slowest register.
//   freq   IFreqTechnique (freq_technique.h): the RfSetup on one SM's fresh delays (Tan 2016 §3.2,
//          Fig. 3).
//   ipc    IIpcTechnique (ipc_technique.h): the SM policies and the register file handed to the SM
//          at each kernel launch (Tan §3.3, §6.1, Fig. 11).
//   aging  IAgingTechnique (aging_technique.h): the SM policies, the fresh plan, what the NBTI
//          sensors steer at each epoch's kernel launches and the guardband rule (Tan §4, Fig. 12-13;
//          docs/models.md#nbti).
// Adding a technique: one file in technique/impl/, one row in technique/registry.cpp, one test in
// tests/technique/ (docs/models.md "Adding a technique").
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace rfvar::technique {

enum class Role : std::uint8_t { freq = 1, ipc = 2, aging = 4 };
const char* to_string(Role r);
constexpr unsigned bit(Role r) { return static_cast<unsigned>(r); }

struct Info {
  std::string name;
  std::string summary;       // one line
  std::string source;        // where it comes from (paper and section)
  std::vector<int> figures;  // the Tan 2016 figures that show it (3, 11, 12, 13): the default lists
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

  // Whether the technique implements the role's interface.
  bool takes(Role r) const;
  // bit(Role) of the roles it takes.
  unsigned roles() const;
};

}  // namespace rfvar::technique
