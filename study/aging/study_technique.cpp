#include "study/aging/study_technique.h"

#include "common/config.h"

namespace rfvar::study {

const std::vector<StudyTechnique>& study_techniques() {
  static const std::vector<StudyTechnique> t = {
      {"baseline", "baseline", StudyRf::baseline, false, "PV chip at its slowest register; all accesses 1 cycle"},
      {"vl-rf", "vl-rf", StudyRf::vl_rf, false, "70 % VL-RF (Liang & Brooks 2006)"},
      {"pv-opt", "pv-opt", StudyRf::bank_table, false, "VL-SB + RF-BRO + FWAS + hybrid banks (Tan §3)"},
      {"pv-opt+nbti-opt", "pv-opt+renaming", StudyRf::bank_table, true,
       "PV-opt + block-level renaming + kernel-level re-organization (Tan §4.2)"},
      // NBTI-opt's two halves apart, to decompose its gain (docs/models.md "NBTI-opt's frequency gain,
      // decomposed").
      {"pv-opt+renaming", "pv-opt+renaming", StudyRf::bank_table, false,
       "PV-opt + block-level renaming only (Tan §4.2.1; chip-test table kept)"},
      {"pv-opt+reorg", "pv-opt", StudyRf::bank_table, true,
       "PV-opt + kernel-level re-organization only (Tan §4.2.2; no renaming)"},
      {"pv-opt+nbti-opt-by-weight", "pv-opt+renaming-by-weight", StudyRf::bank_table, true,
       "counterfactual (not Tan): NBTI-opt with banks renamed by the block's register weight"},
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

}  // namespace rfvar::study
