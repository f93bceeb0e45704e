// Chooses which register-file-cache entry of a warp to evict (Gebhart ISCA 2011 §3.1: FIFO by
// default, LRU as the option).
//
// Contract: a policy is stateless; it keeps its ordering in the entries' `stamp` (set on a fill
// and, if the policy cares, on a hit, from a monotonically increasing tick) and picks a victim
// among a full set of valid entries. Deterministic: ties go to the lowest index.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace rfvar::arch::rfc {

struct RfcEntry {
  int reg = -1;              // architectural register held, -1 = free
  bool dead = false;         // static liveness says the value is never read again
  std::uint64_t stamp = 0;   // policy ordering
  bool valid() const { return reg >= 0; }
};

class IRfcReplacement {
 public:
  virtual ~IRfcReplacement() = default;
  virtual void on_fill(RfcEntry& e, std::uint64_t tick) const = 0;
  virtual void on_hit(RfcEntry& e, std::uint64_t tick) const = 0;
  virtual int victim(std::span<const RfcEntry> entries) const = 0;
};

// Name -> factory table: "fifo", "lru". Unknown names throw InputError listing these.
std::unique_ptr<IRfcReplacement> make_replacement(const std::string& name);
std::vector<std::string> replacement_names();

std::unique_ptr<IRfcReplacement> make_fifo();
std::unique_ptr<IRfcReplacement> make_lru();

// The entry with the smallest stamp (shared by the policies).
int oldest_stamp(std::span<const RfcEntry> entries);

}  // namespace rfvar::arch::rfc
