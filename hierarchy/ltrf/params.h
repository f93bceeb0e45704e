// Parameters of the register-file hierarchy (LTRF, RFC, strands), read from [ltrf].
//
// Contract: from_config() reads every [ltrf] key with its accepted range and throws ConfigError
// naming key, value and range. The main-RF designs #1-#7 of LTRF Table 2 are data (three lists of
// 7 entries); main_rf(id) throws InputError for an id outside 1-7 naming ltrf.main_rf_config /
// --config-id and the range. Latencies are relative to design #1 (the 1x baseline).
#pragma once

#include <string>
#include <vector>

#include "common/config.h"

namespace rfvar::arch::ltrf {

inline constexpr int kMainRfConfigs = 7;  // LTRF Table 2

struct MainRfConfig {
  int id = 1;
  double capacity_multiple = 1.0;  // x the baseline register file
  double bank_multiple = 1.0;      // x 16 banks
  double latency_rel = 1.0;        // x the baseline access latency
};

struct LtrfParams {
  int regs_per_interval = 16;
  int main_rf_config = 1;
  std::vector<double> config_capacity;  // [7]
  std::vector<double> config_banks;     // [7]
  std::vector<double> config_latency;   // [7], > 0
  double ideal_capacity = 8.0;
  double bank_cycles_1x = 1.0;
  int xbar_narrowing = 4;
  double xbar_cycles_1x = 1.0;
  bool long_latency_sfu = false;

  static LtrfParams from_config(const Config& c);
  MainRfConfig main_rf(int id) const;
  MainRfConfig selected() const { return main_rf(main_rf_config); }
  // The Ideal design (LTRF §5, §6.1: "an idealized version of configuration #1 with 8x the register
  // file capacity but no increase in latency"): ideal_capacity at 1x latency with #1's banks.
  MainRfConfig ideal() const;
};

// Throws InputError naming `what` (e.g. "--latency-sweep") unless rel > 0.
void check_latency_rel(double rel, const std::string& what);

}  // namespace rfvar::arch::ltrf
