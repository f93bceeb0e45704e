// What the stages share: option values (comma-separated lists, TOML value texts), workload display
// names, and the chips a cycle-model run takes its register-file delays from.
//
// Contract: split_list("a,b,,c") = {"a", "b", "c"}; join_names() is its inverse. option_value() turns
// a TOML value text (study_spec.h) into the value a stage option takes: strings unquoted, arrays of
// strings comma-joined, others as written. distinct_names() keeps workload display names apart.
// parse_chip_spec() and read_chip_sms() throw InputError naming the option (--chip, --sm) and the
// accepted range.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "varius/chip_sample.h"

namespace rfvar::stages {

// Help text of --trace-cache DIR (sim, ipc, guardband, perf; frontend/workload_cache.h).
inline constexpr const char* kTraceCacheHelp =
    "Directory caching the PTX workloads (ptx:NAME, harness .toml) as .rftrace files: the first run\n"
    "interprets the harness and saves its trace there, later runs with the same harness files, seed\n"
    "and arch parameters replay it. Results are identical with or without it (rfvar study passes\n"
    "<cache>/traces)";

// "a,b,,c" -> {"a", "b", "c"}: a comma-separated option value, empty names dropped.
std::vector<std::string> split_list(const std::string& list);

// {"a", "b"} -> "a,b": the inverse of split_list() (default option values).
std::string join_names(const std::vector<std::string>& names);

// A TOML value text as an option value: strings unquoted, arrays of strings comma-joined.
std::string option_value(const std::string& toml_text);

// Display names of workloads loaded from `specs` whose benchmarks are named `names`: a name that
// occurs once stays; every occurrence of a shared one (`hotspot` and `hotspot.rftrace` both name
// their benchmark "hotspot") becomes its spec, a path by its file name, with "#2", "#3"... after a
// spec given twice. So tables and JSON keyed by name never merge two workloads.
std::vector<std::string> distinct_names(const std::vector<std::string>& specs, const std::vector<std::string>& names);

// "chips.h5:17" -> (file, 17); InputError naming --chip otherwise.
std::pair<std::string, int> parse_chip_spec(const std::string& spec);

// The SMs a cycle-model run takes its register-file delays from (rfvar sim, rfvar ipc): of each chip
// SM `sm` when arch.gpu_sms = 1, SMs 0..gpu_sms-1 when gpu_sms > 1 (then `sm` must be 0).
struct ChipSms {
  varius::RfGeometry geometry;
  std::vector<std::vector<varius::SmDelays>> chips;  // [chip][1 or gpu_sms]
};
// InputError unless `sm` is 0 or gpu_sms is 1.
void check_sm_option(int sm, int gpu_sms);

// InputError naming `source` unless a chip of geometry `g` holds at least arch.registers_per_sm
// registers per SM (the SM model allocates that many; a chips file made with a smaller
// floorplan.rows_per_bank cannot run the cycle model).
void check_chip_capacity(const varius::RfGeometry& g, int registers_per_sm, const std::string& source);
// Chips first .. first + count - 1 of `file` (count < 0: every chip from `first`); InputError for a
// chip index (named `chip_option`, e.g. "--chip chips.h5:7") or SM out of range, or arch.gpu_sms
// above the chips' SM count.
ChipSms read_chip_sms(const std::string& file, int first, int count, int sm, int gpu_sms,
                      const std::string& chip_option);

}  // namespace rfvar::stages
