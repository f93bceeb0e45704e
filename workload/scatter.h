// Irregular (data-dependent) addresses of an address stream: a gather/scatter through an index array
// (BFS's `visited[edges[i]]`, a sparse matrix's `x[col[j]]`), whose targets the kernel format cannot
// know, modelled as a pseudo-random element of the footprint (docs/kernel-format.md `scatter=`).
//
// Contract: scatter_offset() is a pure function of (stream key, block, thread, iteration of the
// innermost and of the second-innermost enclosing loop, coalescer.h's iter and iter2): the
// same access always picks the same element, whatever the issue order, run or thread count. It
// returns scatter_bytes * k with k uniform in [0, wrap_bytes / scatter_bytes), or 0 when the stream
// has no scatter term. Streams with the same key pick the same element index k (the same node id
// read from `visited[]` and written to `cost[]`), scaled by their own element size. The hash is
// Random123's Philox4x32-10 (a counter-based generator) with the key as its key and (bid, tid,
// iter, iter2) as its counter; it does not depend on the run's seed: the index array is input data.
#pragma once

#include <cstdint>

#include "workload/kernel.h"

namespace rfvar::arch {

std::int64_t scatter_offset(const AddrStream& s, int bid, int tid, std::int32_t iter, std::int32_t iter2);

}  // namespace rfvar::arch
