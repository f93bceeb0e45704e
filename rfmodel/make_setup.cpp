// The name -> technique table and the RfSetup each technique builds (Tan 2016 §3.2, §3.3.4).
#include <algorithm>

#include "common/registry.h"
#include "rfmodel/classify.h"
#include "rfmodel/technique.h"

namespace rfvar::rfmodel {

namespace {

using varius::RfGeometry;
using varius::SmDelays;

RfSetup empty_setup(const std::string& name, const RfGeometry& g, int S) {
  RfSetup s = RfSetup::ideal(g.banks, g.rows_per_bank, S);
  s.technique = name;
  return s;
}

// Baseline: the slowest register sets the clock; every access takes one cycle.
class Baseline : public ISetupBuilder {
 public:
  RfSetup build(const SmDelays& sm, const RfGeometry& g, const RfParams& p, int) const override {
    RfSetup s = empty_setup("baseline", g, p.subbanks);
    s.clock_norm = 1.0 / *std::max_element(sm.reg_delay.begin(), sm.reg_delay.end());
    return s;
  }
};

// Per-vector latency from a slow-vector mask (VL-RF, VL-RV).
RfSetup setup_from_vectors(const std::string& name, const RfGeometry& g, const RfParams& p, double clock_norm,
                           const std::vector<std::uint8_t>& slow_vector) {
  RfSetup s = empty_setup(name, g, p.subbanks);
  s.clock_norm = clock_norm;
  for (std::size_t v = 0; v < slow_vector.size(); ++v)
    s.latency[v] = slow_vector[v] ? static_cast<std::uint8_t>(p.slow_access_cycles) : std::uint8_t{1};
  return s;
}

class VlRfBuilder : public ISetupBuilder {
 public:
  RfSetup build(const SmDelays& sm, const RfGeometry& g, const RfParams& p, int) const override {
    const VlRf c = classify_vl_rf(sm, g, p.fast_fraction, p.slow_access_cycles);
    return setup_from_vectors("vl-rf", g, p, c.registers.clock_norm(), c.slow_vector);
  }
};

class VlRvBuilder : public ISetupBuilder {
 public:
  RfSetup build(const SmDelays& sm, const RfGeometry& g, const RfParams& p, int) const override {
    const VlRv c = classify_vl_rv(sm, g, p.fast_fraction, p.slow_access_cycles, p.rv_array_vectors);
    return setup_from_vectors("vl-rv", g, p, c.arrays.clock_norm(), c.slow_vector);
  }
};

// VL-SB without re-organization: physical banks, a bank with any slow sub-bank is slow.
class VlSbBuilder : public ISetupBuilder {
 public:
  RfSetup build(const SmDelays& sm, const RfGeometry& g, const RfParams& p, int) const override {
    const auto d = subbank_delays(sm.reg_delay, g, p.subbanks);
    const VlSb c = classify_vl_sb(d, g.banks, p.subbanks, p.fast_fraction, p.slow_access_cycles);
    RfSetup s = empty_setup("vl-sb", g, p.subbanks);
    s.clock_norm = c.subbanks.clock_norm();
    for (int b = 0; b < g.banks; ++b)
      if (c.slow_bank[static_cast<std::size_t>(b)])
        std::fill_n(s.latency.begin() + b * g.rows_per_bank, g.rows_per_bank,
                    static_cast<std::uint8_t>(p.slow_access_cycles));
    return s;
  }
};

// VL-SB + RF-BRO (+ hybrid banks when with_hybrids).
class RfBroBuilder : public ISetupBuilder {
 public:
  explicit RfBroBuilder(bool with_hybrids) : with_hybrids_(with_hybrids) {}
  RfSetup build(const SmDelays& sm, const RfGeometry& g, const RfParams& p, int hybrid_banks) const override {
    const auto d = subbank_delays(sm.reg_delay, g, p.subbanks);
    const VlSb c = classify_vl_sb(d, g.banks, p.subbanks, p.fast_fraction, p.slow_access_cycles);
    const BankTable t = organize_banks(d, fast_mask(c), g.banks, p.subbanks, with_hybrids_ ? hybrid_banks : 0);
    return setup_from_table(with_hybrids_ ? "vl-sb+rf-bro+hybrid" : "vl-sb+rf-bro", c.subbanks.clock_norm(), t,
                            g.rows_per_bank, p.slow_access_cycles);
  }

 private:
  static std::vector<std::uint8_t> fast_mask(const VlSb& c) {
    std::vector<std::uint8_t> f(c.subbanks.slow.size());
    for (std::size_t i = 0; i < f.size(); ++i) f[i] = c.subbanks.slow[i] ? 0 : 1;
    return f;
  }
  bool with_hybrids_;
};

// The explicit name -> factory table (built on demand: no global state).
Registry<ISetupBuilder> registry() {
  return Registry<ISetupBuilder>(
      "technique",
      {
          {"baseline", [] { return std::make_unique<Baseline>(); }},
          {"vl-rf", [] { return std::make_unique<VlRfBuilder>(); }},
          {"vl-rv", [] { return std::make_unique<VlRvBuilder>(); }},
          {"vl-sb", [] { return std::make_unique<VlSbBuilder>(); }},
          {"vl-sb+rf-bro", [] { return std::make_unique<RfBroBuilder>(false); }},
          {"vl-sb+rf-bro+hybrid", [] { return std::make_unique<RfBroBuilder>(true); }},
      });
}

}  // namespace

std::vector<std::string> technique_names() {
  return {"baseline", "vl-rf", "vl-rv", "vl-sb", "vl-sb+rf-bro", "vl-sb+rf-bro+hybrid"};
}

std::unique_ptr<ISetupBuilder> make_builder(const std::string& technique) { return registry().create(technique); }

void check_technique(const std::string& technique) { (void)make_builder(technique); }

RfSetup make_setup(const std::string& technique, const SmDelays& sm, const RfGeometry& g, const RfParams& p,
                   int hybrid_banks) {
  return make_builder(technique)->build(sm, g, p, hybrid_banks);
}

RfSetup setup_from_table(const std::string& technique, double clock_norm, const BankTable& table, int rows_per_bank,
                         int slow_access_cycles) {
  const int banks = static_cast<int>(table.banks.size());
  RfSetup s = RfSetup::ideal(banks, rows_per_bank, table.subbanks_per_bank);
  s.technique = technique;
  s.clock_norm = clock_norm;
  s.subbank_of.clear();
  for (int v = 0; v < banks; ++v) {
    const VirtualBank& vb = table.banks[static_cast<std::size_t>(v)];
    if (vb.speed != BankSpeed::Fast)
      std::fill_n(s.latency.begin() + v * rows_per_bank, rows_per_bank, static_cast<std::uint8_t>(slow_access_cycles));
    s.hybrid_fast_lanes[static_cast<std::size_t>(v)] = vb.speed == BankSpeed::Hybrid ? vb.fast_lanes : 0u;
    for (int id : vb.subbanks) s.subbank_of.push_back(id);
  }
  return s;
}

double slow_fraction(const RfSetup& s) {
  if (s.latency.empty()) return 0.0;
  const auto slow = std::count_if(s.latency.begin(), s.latency.end(), [](std::uint8_t l) { return l > 1; });
  return static_cast<double>(slow) / static_cast<double>(s.latency.size());
}

}  // namespace rfvar::rfmodel
