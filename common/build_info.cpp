#include "common/build_info.h"

namespace rfvar {

const char* version_string() { return RFVAR_VERSION; }
const char* source_data_dir() { return RFVAR_SOURCE_DATA_DIR; }

}  // namespace rfvar
