#include "hierarchy/energy/access_energy.h"

#include <algorithm>

namespace rfvar::arch::energy {

const char* level_name(Level l) {
  switch (l) {
    case Level::Mrf:
      return "mrf";
    case Level::Orf:
      return "orf";
    case Level::Lrf:
      return "lrf";
    case Level::Rfc:
      return "rfc";
    case Level::LtrfCache:
      return "ltrf_cache";
    case Level::Count:
      break;
  }
  return "?";
}

std::uint64_t AccessCounts::reads_of(Level l) const {
  const auto& r = reads[static_cast<int>(l)];
  return r[0] + r[1];
}
std::uint64_t AccessCounts::writes_of(Level l) const {
  const auto& w = writes[static_cast<int>(l)];
  return w[0] + w[1];
}
std::uint64_t AccessCounts::total_reads() const {
  std::uint64_t n = 0;
  for (int l = 0; l < kLevels; ++l) n += reads_of(static_cast<Level>(l));
  return n;
}
std::uint64_t AccessCounts::total_writes() const {
  std::uint64_t n = 0;
  for (int l = 0; l < kLevels; ++l) n += writes_of(static_cast<Level>(l));
  return n;
}
AccessCounts& AccessCounts::operator+=(const AccessCounts& o) {
  for (int l = 0; l < kLevels; ++l)
    for (int d = 0; d < kDatapaths; ++d) reads[l][d] += o.reads[l][d], writes[l][d] += o.writes[l][d];
  return *this;
}

EnergyPj EnergyBreakdown::total() const {
  EnergyPj t;
  for (const auto& e : level) t += e;
  return t;
}

AccessEnergy::AccessEnergy(const EnergyParams& p, int rfc_entries, double mrf_scale)
    : p_(p), rfc_entries_(std::clamp(rfc_entries, 1, kUpperTableEntries)), mrf_scale_(mrf_scale) {}

double AccessEnergy::distance_mm(Level l, Datapath d) const {
  const bool priv = d == Datapath::Private;
  switch (l) {
    case Level::Mrf:
      return priv ? p_.mrf_private_mm : p_.mrf_shared_mm;
    case Level::Orf:
      return priv ? p_.orf_private_mm : p_.orf_shared_mm;
    case Level::Lrf:
      // MICRO §3.2: only the private datapath reaches the LRF; §6.3: a split LRF may sit farther.
      return p_.lrf == LrfOrganization::Split ? p_.lrf_split_private_mm : p_.lrf_private_mm;
    case Level::Rfc:
      return priv ? p_.rfc_private_mm : p_.rfc_shared_mm;
    case Level::LtrfCache:
      return p_.ltrf_cache_mm;
    case Level::Count:
      break;
  }
  return 0.0;
}

double AccessEnergy::read_access(Level l) const {
  switch (l) {
    case Level::Mrf:
      return p_.mrf_read_pj * mrf_scale_;
    case Level::Orf:
      return p_.upper_read(p_.orf_entries);
    case Level::Lrf:
      return p_.lrf_read_pj;
    case Level::Rfc:
      return p_.upper_read(rfc_entries_);
    case Level::LtrfCache:
      return p_.ltrf_cache_read_pj;
    case Level::Count:
      break;
  }
  return 0.0;
}

double AccessEnergy::write_access(Level l) const {
  switch (l) {
    case Level::Mrf:
      return p_.mrf_write_pj * mrf_scale_;
    case Level::Orf:
      return p_.upper_write(p_.orf_entries);
    case Level::Lrf:
      return p_.lrf_write_pj;
    case Level::Rfc:
      return p_.upper_write(rfc_entries_);
    case Level::LtrfCache:
      return p_.ltrf_cache_write_pj;
    case Level::Count:
      break;
  }
  return 0.0;
}

// Gebhart ISCA 2011 §4.3 / MICRO 2011 §5.2: bank energy + 4 words x 1.9 pJ/mm x distance.
EnergyPj AccessEnergy::read_128(Level l, Datapath d) const {
  return {read_access(l), kWordsPerAccess * p_.wire_pj_per_mm * distance_mm(l, d)};
}
EnergyPj AccessEnergy::write_128(Level l, Datapath d) const {
  return {write_access(l), kWordsPerAccess * p_.wire_pj_per_mm * distance_mm(l, d)};
}

EnergyBreakdown AccessEnergy::energy(const AccessCounts& c) const {
  EnergyBreakdown b;
  for (int l = 0; l < kLevels; ++l)
    for (int d = 0; d < kDatapaths; ++d) {
      const EnergyPj r = read_128(static_cast<Level>(l), static_cast<Datapath>(d));
      const EnergyPj w = write_128(static_cast<Level>(l), static_cast<Datapath>(d));
      const double nr = kAccessesPerWarpOperand * static_cast<double>(c.reads[l][d]);
      const double nw = kAccessesPerWarpOperand * static_cast<double>(c.writes[l][d]);
      b.level[static_cast<std::size_t>(l)] +=
          EnergyPj{nr * r.access + nw * w.access, nr * r.wire + nw * w.wire};
    }
  return b;
}

}  // namespace rfvar::arch::energy
