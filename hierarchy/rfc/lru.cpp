// LRU: evict the value whose last read or write is most distant.
#include "hierarchy/rfc/replacement.h"

namespace rfvar::arch::rfc {
namespace {
class Lru final : public IRfcReplacement {
 public:
  void on_fill(RfcEntry& e, std::uint64_t tick) const override { e.stamp = tick; }
  void on_hit(RfcEntry& e, std::uint64_t tick) const override { e.stamp = tick; }
  int victim(std::span<const RfcEntry> entries) const override { return oldest_stamp(entries); }
};
}  // namespace

std::unique_ptr<IRfcReplacement> make_lru() { return std::make_unique<Lru>(); }

}  // namespace rfvar::arch::rfc
