#include "nbti/study/study_technique.h"

#include "common/config.h"

namespace rfvar::nbti {

const std::vector<StudyTechnique>& study_techniques() {
  static const std::vector<StudyTechnique> t = {
      {"baseline", "baseline", StudyRf::baseline, false, "PV chip at its slowest register; all accesses 1 cycle"},
      {"vl-rf", "vl-rf", StudyRf::vl_rf, false, "70 % VL-RF (Liang & Brooks 2006)"},
      {"pv-opt", "pv-opt", StudyRf::bank_table, false, "VL-SB + RF-BRO + FWAS + hybrid banks (Tan §3)"},
      {"pv-opt+nbti-opt", "pv-opt+renaming", StudyRf::bank_table, true,
       "PV-opt + block-level renaming + kernel-level re-organization (Tan §4.2)"},
  };
  return t;
}

std::vector<std::string> study_technique_names() {
  std::vector<std::string> n;
  for (const auto& t : study_techniques()) n.push_back(t.name);
  return n;
}

const StudyTechnique& find_study_technique(const std::string& name) {
  for (const auto& t : study_techniques())
    if (t.name == name) return t;
  std::string a;
  for (const auto& t : study_techniques()) a += (a.empty() ? "" : ", ") + t.name;
  throw InputError("unknown study technique '" + name + "'; accepted: " + a);
}

}  // namespace rfvar::nbti
