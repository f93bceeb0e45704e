#include "tests/arch/ptx/reference/reference.h"

namespace rfvar::test {

std::map<std::string, Reference> ltrf_references() { return {}; }

}  // namespace rfvar::test
