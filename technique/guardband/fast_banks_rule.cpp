// Guardband of the bank-table techniques (docs/models.md#nbti): the slowest aged sub-bank of the fast virtual
// banks of the h = 0 table in force at end of life.
#include "nbti/guardband.h"
#include "rfmodel/bank_table.h"
#include "rfmodel/setup_builders.h"
#include "technique/fresh_sm.h"
#include "technique/guardband_rule.h"

namespace rfvar::technique {

namespace {

std::vector<std::vector<int>> bank_subbanks(const rfmodel::BankTable& t) {
  std::vector<std::vector<int>> banks;
  for (const auto& b : t.banks) banks.push_back(b.subbanks);
  return banks;
}

class FastBanks final : public IGuardbandRule {
 public:
  explicit FastBanks(bool reorganized) : reorganized_(reorganized) {}
  GuardbandOutcome apply(const GuardbandInputs& in) const override {
    const int S = in.rp.subbanks;
    const std::vector<int> fresh_set = nbti::fast_subbanks(in.fresh.bank_table.real.front().setup);
    GuardbandOutcome o;
    o.fresh_period = nbti::slowest_of(in.aged.fresh_delay, fresh_set);
    const rfmodel::BankTable chip_test =
        rfmodel::organize_banks(in.fresh.subbank_delay, in.fresh.fast, in.g.banks, S, 0);
    o.end_banks = bank_subbanks(chip_test);
    std::vector<int> aged_set;  // the sub-banks the aged clock covers
    if (reorganized_) {         // Tan §4.2.2: the sensors' re-organization at end of life
      const std::vector<float> reading = nbti::sensor_readings(in.np, in.aged);
      const rfmodel::BankTable now =
          rfmodel::organize_banks(reading, fastest_mask(reading, in.fresh.fast_count), in.g.banks, S, 0);
      aged_set = nbti::fast_subbanks(
          rfmodel::setup_from_table("fast-set", 1.0, now, in.g.rows_per_bank, in.rp.slow_access_cycles));
      o.end_banks = bank_subbanks(now);
    } else if (in.np.guardband_fast_set == nbti::GuardbandFastSet::aged_rank) {
      // Tan §4.1 (Fig. 8 text): the chip-test table kept, its latency classes re-set on the aged
      // delays: the sub-banks of its K fastest virtual banks (K = the chip-test fast bank count).
      aged_set =
          nbti::fastest_bank_subbanks(in.aged.delay, o.end_banks, chip_test.count(rfmodel::BankSpeed::Fast));
    } else {
      aged_set = fresh_set;
    }
    o.aged_period = nbti::slowest_of(in.aged.delay, aged_set);
    o.critical_subbank = nbti::slowest_id(in.aged.delay, aged_set);
    return o;
  }

 private:
  bool reorganized_;
};

}  // namespace

std::shared_ptr<const IGuardbandRule> fast_banks_rule(FastBanksAt at) {
  return std::make_shared<FastBanks>(at == FastBanksAt::reorganization);
}

}  // namespace rfvar::technique
