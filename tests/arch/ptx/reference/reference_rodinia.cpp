#include "tests/arch/ptx/reference/reference.h"

namespace rfvar::test {

std::map<std::string, Reference> rodinia_references() { return {}; }

}  // namespace rfvar::test
