#include "study/aging/chip_config_check.h"

#include <set>

namespace rfvar::study {

void check_chip_config(const Config& file_config, const Config& in_force, const std::string& file_name) {
  const auto& a = file_config.flattened();
  const auto& b = in_force.flattened();
  std::set<std::string> keys;
  for (const auto* m : {&a, &b})
    for (const auto& [k, v] : *m)
      if (k.starts_with("varius.") || k.starts_with("floorplan.")) keys.insert(k);
  std::string diff;
  for (const auto& k : keys) {
    const auto ia = a.find(k), ib = b.find(k);
    const std::string va = ia == a.end() ? "(absent)" : ia->second, vb = ib == b.end() ? "(absent)" : ib->second;
    if (va != vb) diff += "\n  " + k + " = " + va + " in the file, " + vb + " in force";
  }
  if (!diff.empty())
    throw InputError("'" + file_name + "' was made with another chip configuration than the one in force:" + diff +
                     "\n  (regenerate the chips, or pass the same --config / --set varius.* floorplan.* values)");
}

}  // namespace rfvar::study
