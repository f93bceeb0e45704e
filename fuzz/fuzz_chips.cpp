// Chips files (stages/chips_file.h): the input is an HDF5 file image, written to a memory-backed
// scratch file (/dev/shm) and opened with ChipsFile, whose every chip is then read. The HDF5
// library's own parsing of a corrupt image is exercised too: ChipsFile reads the file first in a
// child process, and refuses one on which libhdf5 crashes or loops (1 s here) with an InputError.
#include "stages/chips_file.h"
#include "common/config.h"
#include "fuzz/fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto path = rfvar::fuzz::scratch_file("c.h5", rfvar::fuzz::text(data, size));
  try {
    const rfvar::stages::ChipsFile f(path, rfvar::stages::ChipsFile::Probe::Isolated, 1);
    f.read(0, -1, 0, -1, true);
  } catch (const rfvar::InputError&) {
  }
  return 0;
}
