#include "hierarchy/ltrf/params.h"

#include <sstream>

namespace rfvar::arch::ltrf {

namespace {

std::vector<double> table_column(const Config& c, const std::string& key, Range range) {
  std::vector<double> v = c.get_double_list(key, range);
  if (static_cast<int>(v.size()) != kMainRfConfigs)
    throw ConfigError(c.origin(key) + ": config key '" + key + "' must list " + std::to_string(kMainRfConfigs) +
                      " values (designs #1-#7 of LTRF Table 2), got " + std::to_string(v.size()));
  return v;
}

}  // namespace

LtrfParams LtrfParams::from_config(const Config& c) {
  LtrfParams p;
  p.regs_per_interval = static_cast<int>(c.get_int("ltrf.regs_per_interval", Range::closed(1, 256)));
  p.main_rf_config = static_cast<int>(c.get_int("ltrf.main_rf_config", Range::closed(1, kMainRfConfigs)));
  p.config_capacity = table_column(c, "ltrf.config_capacity", Range::positive());
  p.config_banks = table_column(c, "ltrf.config_banks", Range::at_least(1.0));
  p.config_latency = table_column(c, "ltrf.config_latency", Range::positive());
  p.ideal_capacity = c.get_double("ltrf.ideal_capacity", Range::at_least(1.0));
  p.bank_cycles_1x = c.get_double("ltrf.bank_cycles_1x", Range::positive());
  p.xbar_narrowing = static_cast<int>(c.get_int("ltrf.xbar_narrowing", Range::closed(1, 64)));
  p.xbar_cycles_1x = c.get_double("ltrf.xbar_cycles_1x", Range::non_negative());
  p.long_latency_sfu = c.get_bool("ltrf.long_latency_sfu");
  return p;
}

MainRfConfig LtrfParams::main_rf(int id) const {
  if (id < 1 || id > kMainRfConfigs)
    throw InputError("main register-file config id " + std::to_string(id) +
                     " (ltrf.main_rf_config / --config-id) outside the accepted range 1-" +
                     std::to_string(kMainRfConfigs) + " (LTRF Table 2)");
  const auto i = static_cast<std::size_t>(id - 1);
  return {id, config_capacity.at(i), config_banks.at(i), config_latency.at(i)};
}

MainRfConfig LtrfParams::ideal() const {
  return {0, ideal_capacity, config_banks.at(0), 1.0};  // LTRF §6.1: configuration #1 idealized
}

void check_latency_rel(double rel, const std::string& what) {
  if (!(rel > 0.0)) {
    std::ostringstream os;
    os << "relative main register-file latency " << rel << " (" << what << ") must be > 0";
    throw InputError(os.str());
  }
}

}  // namespace rfvar::arch::ltrf
