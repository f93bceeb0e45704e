// The up-front check of workload specs (frontend/load_workload.h forms) without loading them: a study
// names an unknown kernel before any stage runs, not after its population and other stages.
//
// Contract: check_workload_specs() throws InputError "OPTION: unknown kernel 'SPEC' ..." (one line,
// naming the accepted forms) for the first spec that no form of load_workload() can find a file for:
// ptx:NAME without data/cuda/NAME/NAME.toml or data/cuda/*/NAME.toml, a FILE.toml / FILE.rftrace /
// kernelslist.g that does not exist, a plain NAME without data/kernels/NAME.kernel (or
// data/kernels/ltrf/NAME.kernel, the LTRF study's). A spec that passes can still fail to parse when
// loaded (the loader's InputError then).
#pragma once

#include <string>
#include <vector>

namespace rfvar::stages {

void check_workload_specs(const std::vector<std::string>& specs, const std::string& option);

}  // namespace rfvar::stages
