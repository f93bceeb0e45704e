// Address-stream keys of a memory instruction -> AddrStream (docs/kernel-format.md, "Address streams").
#include "workload/addr_stream_parser.h"

namespace rfvar::arch {
namespace {

// The irregular term (`scatter=E [skey=K]`): a pseudo-random E-byte element of the footprint.
void scatter(AddrStream& a, const KeyValues& kv, const FieldReader& r) {
  if (!kv.count("scatter")) {
    if (kv.count("skey")) r.fail("skey= keys the pseudo-random element of scatter=; give scatter=ELEMENT_BYTES");
    return;
  }
  a.scatter_bytes = r.to_int(kv.at("scatter"), "scatter (element bytes)", 1, 1 << 20);
  if (a.wrap_bytes < a.scatter_bytes)
    r.fail("scatter= picks an element of the footprint: give wrap=BYTES of at least one element");
  a.scatter_key = static_cast<std::uint32_t>(kv.count("skey") ? r.to_int(kv.at("skey"), "skey (hash key)", 0, 65535)
                                                              : a.region);
  if (!kv.count("lane")) a.lane_bytes = 0;  // the element alone decides the address
}

}  // namespace

std::optional<AddrStream> parse_addr_stream(MemSpace space, const KeyValues& kv, int enclosing_loops,
                                            const FieldReader& r) {
  bool any = false;
  for (const char* k :
       {"addr", "lane", "iter", "iter2", "blk", "wrap", "off", "dimx", "pitch", "gridx", "blky", "scatter", "skey"})
    any = any || kv.count(k);
  if (!any) return std::nullopt;
  if (!kv.count("addr"))
    r.fail("lane=, iter=, iter2=, blk=, wrap=, off=, dimx=, pitch=, gridx=, blky=, scatter= and skey= describe an "
           "address stream and need addr=REGION");
  if (space != MemSpace::Global && space != MemSpace::Local)
    r.fail("addr= is accepted on ld/st .global and .local only (shared and constant memory have no L1 tags)");
  if (kv.count("tx") || kv.count("l1"))
    r.fail("with addr= the requests and L1 hits come from coalescing and the L1 tags; drop tx= and l1=");
  constexpr long long kMaxStride = 1ll << 32;
  auto stride = [&](const char* key, const char* what) { return r.to_int(kv.at(key), what, -kMaxStride, kMaxStride); };
  AddrStream a;
  a.region = static_cast<std::uint8_t>(r.to_int(kv.at("addr"), "addr (region id)", 0, 255));
  if (kv.count("lane")) a.lane_bytes = stride("lane", "lane (bytes per thread)");
  if (kv.count("iter")) a.iter_bytes = stride("iter", "iter (bytes per loop iteration)");
  if (kv.count("iter2")) a.iter2_bytes = stride("iter2", "iter2 (bytes per iteration of the next-outer loop)");
  if (kv.count("blk")) a.block_bytes = stride("blk", "blk (bytes per block)");
  if (kv.count("wrap")) a.wrap_bytes = r.to_int(kv.at("wrap"), "wrap (footprint bytes)", 1, 1ll << 40);
  if (kv.count("off")) a.offset_bytes = stride("off", "off (bytes)");
  if (kv.count("dimx"))
    a.dim_x = static_cast<std::int32_t>(r.to_int(kv.at("dimx"), "dimx (threads per row)", 1, 1024));
  if (kv.count("pitch")) a.pitch_bytes = stride("pitch", "pitch (bytes per row)");
  if (kv.count("pitch") != kv.count("dimx"))
    r.fail("dimx= and pitch= come together (a 2-D block: row length, row pitch)");
  if (kv.count("gridx"))
    a.grid_x = static_cast<std::int32_t>(r.to_int(kv.at("gridx"), "gridx (blocks per grid row)", 1, 1 << 24));
  if (kv.count("blky")) a.block_y_bytes = stride("blky", "blky (bytes per grid row)");
  if (kv.count("gridx") != kv.count("blky"))
    r.fail("gridx= and blky= come together (a 2-D grid: blocks per row, bytes per row)");
  scatter(a, kv, r);
  const int loops = enclosing_loops;
  if (loops > 0) a.loop_depth = static_cast<std::uint8_t>(loops - 1);  // the innermost loop's counter
  else if (a.iter_bytes != 0) r.fail("iter= needs an enclosing loop");
  if (loops > 1) a.loop_depth2 = static_cast<std::uint8_t>(loops - 2);  // the next-outer loop's counter
  else if (a.iter2_bytes != 0) r.fail("iter2= needs two enclosing loops (it counts the outer one's iterations)");
  return a;
}

}  // namespace rfvar::arch
