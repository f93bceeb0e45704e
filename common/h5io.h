// HDF5 output and input for rfvar result files.
//
// Contract (H5Writer): everything is written to a hidden temporary file next to the target
// ("<dir>/.<name>.tmp-<pid>") and renamed over the target by commit(), so a failed or interrupted
// run never leaves a truncated file and never clobbers a good one. A writer destroyed without
// commit() deletes its temporary file. commit() throws InputError, and replaces nothing, if the
// target was created or changed by another process since the writer was made. Datasets carry dimension labels (h5py: ds.dims[i].label)
// and a "units" attribute; intermediate groups are created on demand ("freq/vl-sb/norm_freq").
// Compression policy: datasets of at least 65536 elements are chunked (one leading row per chunk,
// at most 4 MiB) and shuffle+deflate compressed at deflate_level() (default 1); level 0 stores
// every dataset contiguous and uncompressed (fastest to write and read; rfvar chips' default,
// measured in docs/performance.md). Smaller datasets are always contiguous.
// Contract (H5Reader): read-only access; every failure throws InputError naming the file and path.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "common/config.h"

namespace rfvar {

using Dims = std::vector<std::uint64_t>;

class H5Writer {
 public:
  // Throws InputError if the target's directory does not exist or cannot be written.
  explicit H5Writer(const std::filesystem::path& target);
  ~H5Writer();
  H5Writer(const H5Writer&) = delete;
  H5Writer& operator=(const H5Writer&) = delete;

  // Dataset `path` of shape `dims` (row-major); labels.size() must equal dims.size() (or be empty).
  void write(const std::string& path, const std::vector<double>& data, const Dims& dims,
             const std::vector<std::string>& labels = {}, const std::string& units = "");
  void write(const std::string& path, const std::vector<float>& data, const Dims& dims,
             const std::vector<std::string>& labels = {}, const std::string& units = "");
  void write(const std::string& path, const std::vector<std::int32_t>& data, const Dims& dims,
             const std::vector<std::string>& labels = {}, const std::string& units = "");
  void write(const std::string& path, const std::vector<std::int64_t>& data, const Dims& dims,
             const std::vector<std::string>& labels = {}, const std::string& units = "");
  void write(const std::string& path, const std::vector<std::uint8_t>& data, const Dims& dims,
             const std::vector<std::string>& labels = {}, const std::string& units = "");
  // Deflate level 0-9 for the datasets written after this call (0 = no compression); see above.
  void set_deflate_level(int level);
  int deflate_level() const { return deflate_level_; }

  // A dataset created whole and filled in blocks of leading rows, so a big dataset never needs one
  // buffer (rfvar chips writes its population batch by batch, chip by chip). create_blocks<T>()
  // creates `path` of shape dims (at least 1-D; the compression policy above); write_block() writes
  // rows [first_row, first_row + k) from `data`, which holds k whole rows (k * prod(dims[1:])
  // values, row-major). T: float, double or std::int32_t. A block past the end or of a partial row is
  // a std::logic_error.
  template <typename T>
  void create_blocks(const std::string& path, const Dims& dims, const std::vector<std::string>& labels = {},
                     const std::string& units = "");
  template <typename T>
  void write_block(const std::string& path, std::uint64_t first_row, const std::vector<T>& data);

  // 1-D dataset of variable-length strings (technique names, kernel names...).
  void write_strings(const std::string& path, const std::vector<std::string>& data);

  // Attributes on a group or dataset ("/" is the root); the object must exist (groups are
  // created on demand by group()).
  void group(const std::string& path);
  void attr(const std::string& obj, const std::string& name, const std::string& value);
  void attr(const std::string& obj, const std::string& name, double value);
  void attr(const std::string& obj, const std::string& name, std::int64_t value);
  // Provenance: tool version, kind, seed, command line and the whole config (one attribute per
  // key under group "/config", plus "/config" attribute "toml" holding the full document).
  void provenance(const std::string& kind, std::uint64_t seed, const Config& config,
                  const std::string& command_line);

  // Flush, close and atomically rename onto the target.
  void commit();
  const std::filesystem::path& temp_path() const { return tmp_; }

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  std::filesystem::path target_, tmp_;
  std::string target_state_;  // the target when this writer started (commit() refuses if it changed)
  bool committed_ = false;
  int deflate_level_ = 1;
};

// The time bound for reading a user's HDF5 file in a child process first (common/isolated_run.h),
// where libhdf5 may crash or loop on a corrupt file: reading the metadata takes milliseconds.
inline constexpr unsigned kH5ProbeSeconds = 5;

class H5Reader {
 public:
  explicit H5Reader(const std::filesystem::path& file);
  ~H5Reader();
  H5Reader(const H5Reader&) = delete;
  H5Reader& operator=(const H5Reader&) = delete;

  bool has(const std::string& path) const;
  Dims dims(const std::string& path) const;
  std::vector<double> read_double(const std::string& path) const;
  std::vector<float> read_float(const std::string& path) const;
  std::vector<std::int32_t> read_int32(const std::string& path) const;
  std::vector<std::string> read_strings(const std::string& path) const;
  // Rows [first, first+count) along dimension 0 of a float dataset (partial reads of big files).
  std::vector<float> read_float_rows(const std::string& path, std::uint64_t first, std::uint64_t count) const;
  bool has_attr(const std::string& obj, const std::string& name) const;
  std::string attr_string(const std::string& obj, const std::string& name) const;
  double attr_double(const std::string& obj, const std::string& name) const;
  std::int64_t attr_int(const std::string& obj, const std::string& name) const;
  // The config stored by H5Writer::provenance, as TOML text.
  std::string config_toml() const;
  const std::filesystem::path& path() const { return file_; }

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  std::filesystem::path file_;
};

}  // namespace rfvar
