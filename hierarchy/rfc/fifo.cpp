// FIFO (Gebhart ISCA 2011 baseline): evict the value written longest ago; reads do not reorder.
#include "hierarchy/rfc/replacement.h"

namespace rfvar::arch::rfc {
namespace {
class Fifo final : public IRfcReplacement {
 public:
  void on_fill(RfcEntry& e, std::uint64_t tick) const override { e.stamp = tick; }
  void on_hit(RfcEntry&, std::uint64_t) const override {}
  int victim(std::span<const RfcEntry> entries) const override { return oldest_stamp(entries); }
};
}  // namespace

std::unique_ptr<IRfcReplacement> make_fifo() { return std::make_unique<Fifo>(); }

}  // namespace rfvar::arch::rfc
