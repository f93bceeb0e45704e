// The address mapping table of Jeon et al., CAL 2019 §3 (Fig. 3): in the load-store unit, one entry
// per warp-unit global load whose data a physical register holds, so that a later load of the same
// addresses maps its destination to that register instead of loading again (perfect sharing, §2.1).
//
// Contract: an entry records one warp-unit load as (base address of its first active lane, stride
// between lanes in bytes, active lane count, access width) and the physical register holding it
// (§3: "we record the base address, the stride, and the active lane count"). lookup() finds an
// entry with the same key (a hit; it becomes the most recently used); insert() records a miss's load
// and, when the table is full, replaces the least recently used entry (§3 is silent on replacement:
// LRU, the usual choice of a small fully associative table). on_store() removes every entry whose
// addresses a store's lanes write (§3: "deleted when the corresponding memory address is newly
// written"); release() removes the entries of a physical register no architectural register maps
// to any more (§3). A load whose stride does not fit the entry's `stride_bits`-bit field is not
// recordable (§4.2: 9 bits; §4.2 does not say in which unit: here a signed byte stride, so
// |stride| <= 2^(stride_bits-1) - 1). The base and count fields (24 and 5 bits in §4.2) are area
// accounting: any base and 1..32 lanes are recorded. cover() is partial sharing's search (§2.2, §3):
// when no entry holds the load, up to two entries that together hold every active lane's address, each
// shifted by one lane distance (§3's merge ALU shifts and ORs), the first such cover in table order.
// Pure model state: no statistics, no I/O; times
// are the caller's cycle counts. Used by the SM's perfect sharing (arch/sm/sm_share.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace rfvar::arch::sharing {

struct WarpLoad {
  std::uint64_t base = 0;   // byte address of the first active lane
  std::int64_t stride = 0;  // bytes between consecutive active lanes' addresses
  int count = 0;            // active lanes, 1..32
  int width = 4;            // bytes per lane
  // The warp's active lanes (0 = not given): a register's values sit in lanes, so a hit needs the
  // same lanes (the SM gives them; §3's entry holds base, stride and count, whose lane is implied).
  std::uint32_t lanes = 0;
  bool operator==(const WarpLoad&) const = default;
};

// Key of a warp-unit access from its lanes' addresses (active lanes in lane order), or nullopt when
// they are not one stride group (§4.1: "we support only one stride group per load access").
std::optional<WarpLoad> warp_load(const std::vector<std::uint64_t>& lane_addrs, int width);

// Partial sharing's sources (Jeon §2.2, §3): `n` (1 or 2) entries' physical registers; source j supplies
// the load's lanes `lanes[j]` (disjoint, together every active lane) from its lanes lane + shift[j], and
// holds values in its lanes `held[j]` (what a read of it touches).
struct Cover {
  int n = 0;
  int phys[2] = {-1, -1};
  std::uint32_t lanes[2] = {0, 0}, held[2] = {0, 0};
  int shift[2] = {0, 0};
};

class AddressMappingTable {
 public:
  // capacity 0 = unlimited (Jeon §4.1's "infinite mappings"), else the entries (§4.1: 200, 1 KB);
  // stride_bits in 2..63: the entry's stride field. Other values: std::invalid_argument.
  AddressMappingTable(int capacity, int stride_bits);

  bool recordable(const WarpLoad& w) const;
  std::optional<int> lookup(const WarpLoad& w, std::uint64_t now);
  // Records a missed load into `phys_reg`; returns the physical register of the replaced entry, if any.
  std::optional<int> insert(const WarpLoad& w, int phys_reg, std::uint64_t now);
  // Partial sharing (Jeon §3: "finds up to two entries that together cover the requested warp-unit
  // data"): the first cover of `w`'s active lanes (w.lanes, 0 = lanes 0..count-1) by one or two entries
  // of its width whose lanes form one stride group, each read at one shift; entries whose register is
  // flagged in `unavailable` (indexed by physical register, e.g. its load still in flight) are skipped.
  // A broadcast (stride 0, more than one lane) is neither covered nor a source: a shift cannot spread
  // one value over lanes. nullopt: no cover. touch() makes a cover's sources the most recently used.
  std::optional<Cover> cover(const WarpLoad& w, const std::vector<std::uint8_t>& unavailable) const;
  void touch(const Cover& c, std::uint64_t now);
  int on_store(const WarpLoad& store);  // entries removed
  int release(int phys_reg);            // entries removed
  void clear() { entries_.clear(); }   // every entry removed (a store whose lanes are not one stride group)
  std::size_t size() const { return entries_.size(); }

 private:
  struct Entry {
    WarpLoad key;
    int phys_reg;
    std::uint64_t last_use;
  };
  int capacity_;
  std::int64_t max_stride_;
  std::vector<Entry> entries_;
};

}  // namespace rfvar::arch::sharing
