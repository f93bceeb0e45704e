// Chip population files (`rfvar chips -o F`): the one way every command writes and reads chips.
//
// Contract (layout, docs/hdf5.md "chips"): root attributes rfvar_kind = "chips", rfvar_version,
// seed, command_line, first_chip; /config (H5Writer::provenance); datasets
//   /chips/chip_id [N] int32, /chips/reg_delay [N, SM, R] float32, /chips/vector_delay [N, SM, V],
//   /chips/subbank_delay [N, SM, 16 S], /chips/subbank_dvth_sys [N, SM, 16 S] (V),
//   /chips/slowest_cell, /chips/fastest_cell [N, SM] float32, /chips/sm_norm_freq [N, SM] float64,
//   /chips/chip_norm_freq [N] float64, /chips/vth_d2d, /chips/leff_d2d [N] float64,
//   /maps/vth_sys, /maps/leff_sys [N, G, G] float32 (relative WID systematic deviations).
// Index conventions are varius/chip_sample.h's. Writing is atomic (H5Writer). ChipsFile reads a
// chosen range of chips and SMs with HDF5 hyperslabs, so a subset costs only what it reads. A file
// that is not HDF5 or whose rfvar_kind is not "chips" is an InputError "'F' is not an rfvar chip file";
// a chips file missing a dataset, with datasets that disagree in chips or SMs, attributes of the
// wrong type or out of range, a geometry that does not match the datasets' widths, or (when read)
// a delay that is not finite and positive, is an InputError naming the file and the dataset.
// A corrupt HDF5 file can crash libhdf5 or make it loop before it returns an error (fuzz/README.md):
// ChipsFile therefore first reads the file in a child process (common/isolated_run.h) - its
// metadata, /config, and every chip if the file is at most kProbeWholeBytes, else the first - and a
// child that crashes or runs past probe_seconds() is an InputError naming the file; only then does
// it read the file itself (Probe::InProcess skips that: for files rfvar's own code just wrote).
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "common/config.h"
#include "common/h5io.h"
#include "varius/chip_sample.h"

namespace rfvar::stages {

// Writes a chips file of `chips` chips batch by batch, so a population never has to be in memory
// whole (rfvar chips of 10,000 chips): append() takes the next chips in file order (the first call
// fixes the SMs, geometry and map grid, which every later chip must share), commit() checks that
// all `chips` came and renames the file into place (H5Writer). Destroyed without commit(): no file.
class ChipsFileWriter {
 public:
  ChipsFileWriter(const std::filesystem::path& out, std::uint64_t chips, std::uint64_t seed, std::uint32_t first_chip,
                  const Config& config, const std::string& command_line);
  ~ChipsFileWriter();
  ChipsFileWriter(const ChipsFileWriter&) = delete;
  ChipsFileWriter& operator=(const ChipsFileWriter&) = delete;
  void append(const std::vector<varius::ChipSample>& batch);
  void commit();

 private:
  void create(const varius::ChipSample& first);
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The whole population at once: a ChipsFileWriter with one append().
void write_chips_file(const std::filesystem::path& out, const std::vector<varius::ChipSample>& chips,
                      std::uint64_t seed, std::uint32_t first_chip, const Config& config,
                      const std::string& command_line);

struct ChipsFileInfo {
  int chips = 0, sms = 0, registers = 0, vectors = 0, subbanks = 0, grid = 0;
  std::uint64_t seed = 0;
  std::uint32_t first_chip = 0;
  std::string version, command_line;
  std::vector<std::int32_t> chip_ids;
  varius::RfGeometry geometry;  // /chips attributes banks, rows_per_bank, subbanks
};

class ChipsFile {
 public:
  enum class Probe { Isolated, InProcess };
  static constexpr std::uintmax_t kProbeWholeBytes = 64u << 20;  // files up to this size are probed whole
  // The probe's time bound: kH5ProbeSeconds (5 s), plus 1 s per 4 MiB read whole (a real probe takes
  // milliseconds for the metadata and first chip, well under a second for a 64 MiB file).
  static unsigned probe_seconds(std::uintmax_t bytes_read_whole) {
    return kH5ProbeSeconds + static_cast<unsigned>(bytes_read_whole >> 22);
  }
  // `probe_limit_s` > 0 replaces probe_seconds() (fuzz_chips: 1 s, so inputs that loop cost little).
  explicit ChipsFile(const std::filesystem::path& file, Probe probe = Probe::Isolated, unsigned probe_limit_s = 0);
  ~ChipsFile();
  ChipsFile(const ChipsFile&) = delete;
  ChipsFile& operator=(const ChipsFile&) = delete;

  const ChipsFileInfo& info() const { return info_; }
  // The configuration the file was made with (for checks and for later stages).
  Config config() const;
  // Chips at file positions [first, first + count) (count < 0: to the end), SMs [sm_first,
  // sm_first + sm_count) (sm_count < 0: all); maps only if asked. Out of range: InputError.
  std::vector<varius::ChipSample> read(int first = 0, int count = -1, int sm_first = 0, int sm_count = -1,
                                       bool with_maps = false) const;
  // Which per-SM arrays read_into() fills (the others are left empty).
  enum Fields : unsigned { kRegisters = 1, kVectors = 2, kSubbanks = 4, kSubbankVth = 8, kMaps = 16, kAll = 31 };
  // As read(), into `out`, reusing its vectors' storage (a batch loop then allocates once), and
  // reading each SM's arrays straight into place (one hyperslab per chip, SM and dataset).
  void read_into(std::vector<varius::ChipSample>& out, int first, int count, int sm_first = 0, int sm_count = -1,
                 unsigned fields = kAll & ~kMaps) const;

 private:
  void read_into_h5(std::vector<varius::ChipSample>& out, int first, int count, int sm_first, int sm_count,
                    unsigned fields) const;
  struct Impl;
  std::unique_ptr<Impl> impl_;
  std::filesystem::path file_;
  ChipsFileInfo info_;
};

}  // namespace rfvar::stages
