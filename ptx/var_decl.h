// Parses a variable declaration of a memory space (module scope or entry body), e.g.
// ".global .align 4 .b8 tbl[24] = {65, 144, ...}", ".extern .shared .align 16 .b8 dyn[]",
// ".shared .align 4 .f32 tile[16][16]", ".local .align 8 .b8 __local_depot0[40]".
//
// Contract: returns the variable with its space, alignment (default: element size), size in bytes
// (0 for an extern or unsized array) and initializer bytes (elements stored little-endian in the
// element type; integers and 0f/0d hex floats); its offset is left 0 for the caller to assign.
// Throws InputError "FILE:LINE: ..." for anything malformed or unsupported.
#pragma once

#include <string>

#include "ptx/program.h"

namespace rfvar::arch::ptx {

Variable parse_variable(const std::string& decl, const std::string& file, int line);

// Parses an immediate: decimal or 0x hex integer, 0fXXXXXXXX (f32 bits), 0dXXXXXXXXXXXXXXXX (f64
// bits) or a decimal float (its bits in type `t`: f64 if t is F64, else f32). False if malformed.
bool parse_immediate(const std::string& s, Type t, std::uint64_t* bits);

}  // namespace rfvar::arch::ptx
