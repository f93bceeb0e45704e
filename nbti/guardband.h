// Guardband: the clock-frequency loss after aging that keeps a technique's fast set fast (docs/models.md#nbti).
//
// Contract: pure functions of arrays indexed by physical sub-bank. GB = 1 - f_aged / f_fresh
// = 1 - period_fresh / period_aged, where a period is the slowest delay of the set the clock must
// cover. Baseline: all sub-banks (the slowest aged register = the slowest aged sub-bank, since a
// register is aged by its sub-bank's factor). A fast-set technique (PV-opt: the sub-banks of fast
// virtual banks 0-10 with defaults): the slowest of the fast set, fresh and after aging; with
// kernel-level re-organization (NBTI-opt) the aged fast set may differ from the fresh one, so both
// are inputs. GB can be negative only if the aged set is faster than the fresh one. Empty sets and
// out-of-range ids throw std::invalid_argument.
#pragma once

#include <span>
#include <vector>

#include "nbti/aging.h"
#include "rfmodel/rf_setup.h"

namespace rfvar::nbti {

// 1 - f_aged / f_fresh for two clock periods.
double guardband(double fresh_period, double aged_period);

// The slowest delay among the given sub-bank ids, and that sub-bank's id (ties: the first listed).
// std::invalid_argument for an empty set or an id outside `delay`.
double slowest_of(std::span<const double> delay, std::span<const int> ids);
int slowest_id(std::span<const double> delay, std::span<const int> ids);

// Baseline: period = slowest sub-bank over all banks, fresh and aged.
double baseline_guardband(const AgedSubbanks& aged);

// Fast set fixed over the lifetime (PV-opt, and NBTI-opt renaming without re-organization).
double fast_set_guardband(const AgedSubbanks& aged, std::span<const int> fast_subbanks);
// Fast set chosen again from aged delays (kernel-level re-organization): the fresh period covers
// `fresh_fast_subbanks`, the aged period `aged_fast_subbanks`.
double fast_set_guardband(const AgedSubbanks& aged, std::span<const int> fresh_fast_subbanks,
                          std::span<const int> aged_fast_subbanks);

// The `count` fastest sub-banks by `delay` (ties: lower id first, as rfmodel/'s sort), ascending
// id order: the set that kernel-level re-organization keeps fast after aging.
std::vector<int> fastest_subbanks(std::span<const double> delay, int count);

// The sub-banks of the `count` fastest banks, a bank's delay being its slowest sub-bank's (ties: lower
// bank index first), ascending id order: the fast set when latency classes are re-set on aged delays
// with the organization table kept (Tan §4.1: "the slowest bank in the fastest ... banks under the
// aggregated PV and NBTI effects"). `banks` lists each bank's sub-bank ids.
std::vector<int> fastest_bank_subbanks(std::span<const double> delay, std::span<const std::vector<int>> banks,
                                       int count);

// The physical sub-banks a technique's clock must cover, from its RfSetup: both sub-banks of every
// fast virtual bank (every row 1 cycle), plus, for a hybrid bank, the sub-banks that hold its fast
// lanes. Sorted ascending, without repeats.
std::vector<int> fast_subbanks(const rfmodel::RfSetup& setup);

}  // namespace rfvar::nbti
