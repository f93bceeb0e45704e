// The techniques the aging studies compare (Tan 2016 Fig. 12-13), each as an arch/ technique (its
// mapping, scheduler and renaming), a register-file plan and a guardband rule.
//
// Contract: study_techniques() is the explicit list in Fig. 13 order; find_study_technique() throws
// InputError naming the accepted names.
//   baseline         PV chip, clock = slowest register, every access one cycle (arch "baseline");
//                    guardband over every sub-bank (spec §3)
//   vl-rf            70 % VL-RF (arch "vl-rf"); guardband over the fast registers (their sub-bank's
//                    aging factor), slow ones bounded by slow_access_cycles periods
//   pv-opt           VL-SB + RF-BRO + hybrid banks + FWAS (arch "pv-opt"), fixed organization table;
//                    guardband over the sub-banks of the fast (and hybrid-fast) virtual banks
//   pv-opt+nbti-opt  the same with block-level renaming (arch "pv-opt+renaming") and kernel-level
//                    re-organization from the NBTI sensors at every kernel launch (Tan §4.2)
//   pv-opt+renaming  NBTI-opt's halves apart (to decompose its gain): renaming only (chip-test table,
//   pv-opt+reorg     banks ranked by the sensors at each epoch's launches), with pv-opt's guardband
//                    rule; re-organization only, with pv-opt+nbti-opt's
#pragma once

#include <string>
#include <vector>

namespace rfvar::study {

enum class StudyRf {
  baseline,    // every access one cycle
  vl_rf,       // per-row latency from VL-RF
  bank_table,  // VL-SB + RF-BRO + hybrid banks
};

struct StudyTechnique {
  std::string name;
  std::string arch_technique;  // arch::technique_table() entry: mapping, scheduler, renaming
  StudyRf rf = StudyRf::baseline;
  bool reorganize = false;     // kernel-level re-organization from the sensors (NBTI-opt)
  std::string summary;
};

const std::vector<StudyTechnique>& study_techniques();
const StudyTechnique& find_study_technique(const std::string& name);
std::vector<std::string> study_technique_names();

}  // namespace rfvar::study
