#include "rfmodel/params.h"

#include <string>

namespace rfvar::rfmodel {

namespace {
bool power_of_two_dividing_32(int s) { return s >= 1 && s <= 32 && (32 % s) == 0; }
}  // namespace

RfParams RfParams::from_config(const Config& c) {
  RfParams p;
  p.fast_fraction = c.get_double("rfmodel.fast_fraction", Range::open_closed(0.0, 1.0));
  p.subbanks = static_cast<int>(c.get_int("floorplan.subbanks", Range::closed(1, 32)));
  p.rv_array_vectors = static_cast<int>(c.get_int("rfmodel.rv_array_vectors", Range::closed(1, 1024)));
  p.slow_access_cycles = static_cast<int>(c.get_int("rfmodel.slow_access_cycles", Range::closed(2, 16)));
  if (!power_of_two_dividing_32(p.subbanks))
    throw ConfigError("floorplan.subbanks = " + std::to_string(p.subbanks) + " (from " +
                      c.origin("floorplan.subbanks") + "): accepted: a power of two dividing 32");
  return p;
}

void RfParams::validate() const {
  if (!(fast_fraction > 0.0 && fast_fraction <= 1.0))
    throw InputError("fast fraction " + std::to_string(fast_fraction) + " is outside (0, 1]");
  if (!power_of_two_dividing_32(subbanks))
    throw InputError("sub-banks per bank " + std::to_string(subbanks) +
                     " is not accepted: 1, 2, 4, 8, 16 or 32");
  if (rv_array_vectors < 1) throw InputError("rfmodel.rv_array_vectors must be >= 1");
  if (slow_access_cycles < 2) throw InputError("rfmodel.slow_access_cycles must be >= 2");
}

}  // namespace rfvar::rfmodel
