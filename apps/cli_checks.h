// The checks every rfvar subcommand gets after its options are parsed and before it runs: the
// -o rules and the thread cap (docs/cli.md "Errors and limits").
//
// Contract: check_command() throws InputError (exit 2, nothing run, nothing written) when
//   - --threads is above limits.threads_per_core x the machine's cores;
//   - -o is empty, names a directory, a FIFO, a device or anything else that is not a regular
//     file, a read-only file, a file in a missing directory, or the same file as any input given
//     to the command (any option value that names an existing file, a FILE:K chip spec's FILE or
//     an item of a comma-separated list);
//   - -o names an existing file that is not an rfvar output (an HDF5 file with a root attribute
//     rfvar_kind, or a .rftrace file), unless --force is given.
// It reads the configuration (defaults, --config, --set) for the limits, so a bad config is
// reported here too.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "apps/cli_common.h"

namespace rfvar::apps {

void check_command(const CLI::App& sub, const CommonOptions& o);

// The -o rules alone: `option` names the option in messages ("-o"), `inputs` are the command's
// input files (paths that do not exist are ignored). A missing directory is refused unless
// `creates_directory` (rfvar study makes its output's directory and the stage cache beside it).
void check_output_path(const std::string& output, const std::vector<std::filesystem::path>& inputs, bool force,
                       const std::string& option = "-o", bool creates_directory = false);

// True if `file` is a file rfvar writes: HDF5 with root attribute rfvar_kind, or an .rftrace file.
bool is_rfvar_output(const std::filesystem::path& file);

}  // namespace rfvar::apps
