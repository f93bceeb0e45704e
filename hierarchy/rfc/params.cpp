#include "hierarchy/rfc/params.h"

#include "hierarchy/rfc/replacement.h"

namespace rfvar::arch::rfc {

RfcParams RfcParams::from_config(const Config& c) {
  RfcParams p;
  p.entries_per_thread = static_cast<int>(c.get_int("ltrf.rfc_entries_per_thread", Range::closed(1, 64)));
  p.replacement = c.get_string("ltrf.rfc_replacement", replacement_names());
  p.bypass_long_latency = c.get_bool("ltrf.rfc_bypass_long_latency");
  return p;
}

}  // namespace rfvar::arch::rfc
