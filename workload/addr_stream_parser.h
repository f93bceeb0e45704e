// Reads the address-stream keys of one global/local memory instruction (docs/kernel-format.md,
// "Address streams": addr=, lane=, iter=, iter2=, blk=, wrap=, off=, dimx=, pitch=, gridx=, blky=,
// scatter=, skey=) into an AddrStream.
//
// Contract: returns nullopt when the instruction names none of those keys; otherwise a validated
// AddrStream (loop counters chosen from `enclosing_loops`), or throws InputError through `fields`
// ("<source>:<line>: <reason>"). Keeps no state; the caller appends the stream to its kernel.
#pragma once

#include <optional>

#include "workload/kernel.h"
#include "workload/kernel_fields.h"

namespace rfvar::arch {

std::optional<AddrStream> parse_addr_stream(MemSpace space, const KeyValues& kv, int enclosing_loops,
                                            const FieldReader& fields);

}  // namespace rfvar::arch
