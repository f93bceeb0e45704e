// What the technique registry says about each technique of an output file, as HDF5 attributes
// (docs/hdf5.md "Technique attributes"), so readers such as scripts/plot.py need no technique lists.
//
// Contract: write_technique_attrs() puts on group `group` (created if missing) the attributes
//   technique     the name,
//   role          the study role the file was made in (freq, ipc, aging),
//   summary       one line, source  where it comes from (paper section),
//   in_figure     1 if the role's paper figure shows it (the default lists), else 0,
//   figure_order  its position in the registry (figure order: Tan Fig. 3, 11, 12-13).
// Throws InputError for a name the role does not accept.
#pragma once

#include <string>

#include "common/h5io.h"
#include "technique/technique.h"

namespace rfvar::stages {

void write_technique_attrs(H5Writer& out, const std::string& group, const std::string& name,
                           technique::Role role);

}  // namespace rfvar::stages
