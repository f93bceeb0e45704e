#include "arch/technique/technique.h"

#include <map>

#include "common/config.h"
#include "rfmodel/classify.h"
#include "rfmodel/technique.h"

namespace rfvar::arch {

const std::vector<TechniqueSpec>& technique_table() {
  static const std::vector<TechniqueSpec> t = {
      {"baseline", "ideal", "eq3", "lrr", false, "no PV: every access 1 cycle (the normalization)"},
      {"vl-rf", "vl-rf", "eq3", "lrr", false, "70 % VL-RF (Liang & Brooks): per-register slow flags"},
      {"vl-sb+rf-bro", "vl-sb+rf-bro", "eq3", "lrr", false, "70 % VL-SB + RF-BRO bank organization"},
      {"fba-rm", "vl-sb+rf-bro", "fba-rm", "lrr", false, "VL-SB+RF-BRO + fast-bank aware mapping"},
      {"two-level", "vl-sb+rf-bro", "eq3", "two-level-groups", false,
       "VL-SB+RF-BRO + two-level scheduler (Narasiman fetch groups of 8 warps, Tan §6.1.2)"},
      {"fwas", "vl-sb+rf-bro", "eq3", "fwas", false, "VL-SB+RF-BRO + fast-warp aware scheduling"},
      {"pv-opt", "vl-sb+rf-bro+hybrid", "hybrid", "fwas", false, "VL-SB+RF-BRO + FWAS + hybrid banks"},
      {"pv-opt+renaming", "vl-sb+rf-bro+hybrid", "hybrid", "fwas", true, "PV-opt + block-level bank renaming"},
      {"all-slow", "all-slow", "eq3", "lrr", false,
       "every access slow (2 cycles, no PV clock): the model's bound on any slow-bank technique's IPC loss "
       "(Tan §6.1.1: under VL-RF \"almost all accesses take two cycles\")"},
      {"pv-opt+renaming-by-weight", "vl-sb+rf-bro+hybrid", "hybrid", "fwas", true,
       "counterfactual (not Tan): renaming visits banks by the block's register weight", true},
  };
  return t;
}

std::vector<std::string> arch_technique_names() {
  std::vector<std::string> n;
  for (const auto& t : technique_table()) n.push_back(t.name);
  return n;
}

const TechniqueSpec& find_technique(const std::string& name) {
  for (const auto& t : technique_table())
    if (t.name == name) return t;
  std::string a;
  for (const auto& t : technique_table()) a += (a.empty() ? "" : ", ") + t.name;
  throw InputError("unknown technique '" + name + "'; accepted: " + a);
}

namespace {
class TechniqueProvider final : public IRfProvider {
 public:
  TechniqueProvider(const TechniqueSpec& t, const varius::SmDelays* sm, const varius::RfGeometry& g,
                    const rfmodel::RfParams& p)
      : t_(t), g_(g), p_(p) {
    if (sm) {
      sm_ = *sm;
    } else {  // the chip without PV: every register nominal
      sm_.reg_delay.assign(static_cast<std::size_t>(g.registers()), 1.0f);
      sm_.vector_delay.assign(static_cast<std::size_t>(g.vectors()), 1.0f);
      sm_.subbank_delay.assign(static_cast<std::size_t>(g.subbank_count()), 1.0f);
      sm_.subbank_dvth_sys_V.assign(static_cast<std::size_t>(g.subbank_count()), 0.0f);
    }
  }
  KernelRf at_kernel_launch(const Kernel&, int, int partial_vectors, const SmStats&) override {
    const bool hybrid = t_.rf == "vl-sb+rf-bro+hybrid";
    const int h = hybrid ? rfmodel::hybrid_banks_for_kernel(partial_vectors, g_.rows_per_bank) : 0;
    auto it = cache_.find(h);
    if (it != cache_.end()) return it->second;
    KernelRf rf;
    if (t_.rf == "ideal") {
      rf.setup = rfmodel::RfSetup::ideal(g_.banks, g_.rows_per_bank, p_.subbanks);
      rf.setup.technique = "baseline";
    } else if (t_.rf == "all-slow") {
      rf.setup = rfmodel::RfSetup::all_slow(p_.slow_access_cycles, g_.banks, g_.rows_per_bank, p_.subbanks);
    } else {
      rf.setup = rfmodel::make_setup(t_.rf, sm_, g_, p_, h);
    }
    if (t_.renaming && t_.rf.starts_with("vl-sb+rf-bro")) {  // the organization table renaming reads
      const auto d = rfmodel::subbank_delays(sm_.reg_delay, g_, p_.subbanks);
      const auto c = rfmodel::classify_vl_sb(d, g_.banks, p_.subbanks, p_.fast_fraction, p_.slow_access_cycles);
      std::vector<std::uint8_t> fast(c.subbanks.slow.size());
      for (std::size_t i = 0; i < fast.size(); ++i) fast[i] = c.subbanks.slow[i] ? 0 : 1;
      rf.table = rfmodel::organize_banks(d, fast, g_.banks, p_.subbanks, h);
    }
    return cache_.emplace(h, std::move(rf)).first->second;
  }

 private:
  TechniqueSpec t_;
  varius::RfGeometry g_;
  rfmodel::RfParams p_;
  varius::SmDelays sm_;
  std::map<int, KernelRf> cache_;
};
}  // namespace

std::unique_ptr<IRfProvider> make_rf_provider(const TechniqueSpec& t, const varius::SmDelays* sm,
                                              const varius::RfGeometry& g, const rfmodel::RfParams& p) {
  return std::make_unique<TechniqueProvider>(t, sm, g, p);
}

}  // namespace rfvar::arch
