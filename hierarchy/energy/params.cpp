#include "hierarchy/energy/params.h"

#include <string>

namespace rfvar::arch::energy {

namespace {

std::vector<double> list_of(const Config& c, const std::string& key, std::size_t n, const std::string& what) {
  std::vector<double> v = c.get_double_list(key, Range::non_negative());
  if (v.size() != n)
    throw ConfigError(c.origin(key) + ": config key '" + key + "' must list " + std::to_string(n) +
                      " values (" + what + "), got " + std::to_string(v.size()));
  return v;
}

int entries_checked(int entries) {
  if (entries < 1 || entries > kUpperTableEntries)
    throw InputError("upper-level array of " + std::to_string(entries) +
                     " entries per thread: MICRO 2011 Table 3 gives energies for 1..8 entries");
  return entries;
}

}  // namespace

const char* lrf_organization_name(LrfOrganization o) { return o == LrfOrganization::Split ? "split" : "unified"; }

EnergyParams EnergyParams::from_config(const Config& c) {
  EnergyParams p;
  const Range nn = Range::non_negative();
  p.mrf_read_pj = c.get_double("energy.mrf_read_pj", nn);
  p.mrf_write_pj = c.get_double("energy.mrf_write_pj", nn);
  p.upper_read_pj =
      list_of(c, "energy.upper_read_pj", kUpperTableEntries, "1..8 entries per thread, MICRO 2011 Table 3");
  p.upper_write_pj =
      list_of(c, "energy.upper_write_pj", kUpperTableEntries, "1..8 entries per thread, MICRO 2011 Table 3");
  p.lrf_read_pj = c.get_double("energy.lrf_read_pj", nn);
  p.lrf_write_pj = c.get_double("energy.lrf_write_pj", nn);
  p.wire_pj_per_mm = c.get_double("energy.wire_pj_per_mm", nn);
  p.mrf_private_mm = c.get_double("energy.mrf_private_mm", nn);
  p.mrf_shared_mm = c.get_double("energy.mrf_shared_mm", nn);
  p.orf_private_mm = c.get_double("energy.orf_private_mm", nn);
  p.orf_shared_mm = c.get_double("energy.orf_shared_mm", nn);
  p.lrf_private_mm = c.get_double("energy.lrf_private_mm", nn);
  p.lrf_split_private_mm = c.get_double("energy.lrf_split_private_mm", nn);
  p.rfc_private_mm = c.get_double("energy.rfc_private_mm", nn);
  p.rfc_shared_mm = c.get_double("energy.rfc_shared_mm", nn);
  p.orf_entries = static_cast<int>(c.get_int("energy.orf_entries", Range::closed(1, kUpperTableEntries)));
  p.lrf_entries = static_cast<int>(c.get_int("energy.lrf_entries", Range::closed(0, 1)));
  p.lrf = c.get_string("energy.lrf", {"unified", "split"}) == "split" ? LrfOrganization::Split
                                                                    : LrfOrganization::Unified;
  p.ltrf_cache_read_pj = c.get_double("energy.ltrf_cache_read_pj", nn);
  p.ltrf_cache_write_pj = c.get_double("energy.ltrf_cache_write_pj", nn);
  p.ltrf_cache_mm = c.get_double("energy.ltrf_cache_mm", nn);
  p.config_power = list_of(c, "energy.config_power", 7, "main-RF designs #1-#7, LTRF Table 2 \"Power\"");
  return p;
}

double EnergyParams::upper_read(int entries) const {
  return upper_read_pj[static_cast<std::size_t>(entries_checked(entries) - 1)];
}
double EnergyParams::upper_write(int entries) const {
  return upper_write_pj[static_cast<std::size_t>(entries_checked(entries) - 1)];
}

}  // namespace rfvar::arch::energy
