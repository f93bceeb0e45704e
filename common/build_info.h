#pragma once
// Facts fixed when rfvar is built: its version string and where the source tree's data/ lives.
// Kept behind functions (defined in build_info.cpp, the only file compiled with these values) so a
// new commit or another checkout recompiles one file, not the whole project.
namespace rfvar {

// "MAJOR.MINOR.PATCH+<git describe>", stored in every output file.
const char* version_string();

// Absolute path of the source tree's data/ directory (used unless $RFVAR_DATA_DIR is set).
const char* source_data_dir();

}  // namespace rfvar
