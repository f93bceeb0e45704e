// Reads the condition of an `if` statement of the kernel text format (docs/kernel-format.md):
// tid < N, tid >= N, tid % K < M, lane < N, bid % K < M, rand P, wrand P.
//
// Contract: returns the Cond, or throws InputError through `fields` ("<source>:<line>: <reason>",
// listing the accepted forms). Blanks inside the condition are ignored. Keeps no state.
#pragma once

#include <string>

#include "workload/kernel.h"
#include "workload/kernel_fields.h"

namespace rfvar::arch {

Cond parse_cond(std::string text, const FieldReader& fields);

}  // namespace rfvar::arch
