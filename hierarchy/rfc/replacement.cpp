#include "hierarchy/rfc/replacement.h"

#include "common/registry.h"

namespace rfvar::arch::rfc {

namespace {
const Registry<IRfcReplacement>& table() {
  static const Registry<IRfcReplacement> t("RFC replacement policy", {{"fifo", make_fifo}, {"lru", make_lru}});
  return t;
}
}  // namespace

std::unique_ptr<IRfcReplacement> make_replacement(const std::string& name) { return table().create(name); }
std::vector<std::string> replacement_names() { return table().names(); }

int oldest_stamp(std::span<const RfcEntry> entries) {
  int best = 0;
  for (std::size_t i = 1; i < entries.size(); ++i)
    if (entries[i].stamp < entries[static_cast<std::size_t>(best)].stamp) best = static_cast<int>(i);
  return best;
}

}  // namespace rfvar::arch::rfc
