#include "common/h5io.h"

#include <sys/stat.h>

#include "common/build_info.h"
#include "common/h5io_internal.h"

#include <H5Cpp.h>
#include <hdf5_hl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <optional>
#include <system_error>

namespace rfvar {

using namespace h5detail;  // common/h5io_internal.h

namespace {
// What identifies the file at `p` now: absent, or its inode, size and modification time.
std::string file_state(const std::filesystem::path& p) {
  struct stat st {};
  if (::stat(p.c_str(), &st) != 0) return "absent";
  return std::to_string(st.st_ino) + ":" + std::to_string(st.st_size) + ":" + std::to_string(st.st_mtim.tv_sec) + "." +
         std::to_string(st.st_mtim.tv_nsec);
}
}  // namespace

struct H5Writer::Impl {
  QuietHdf5 quiet;
  H5::H5File file;
};

H5Writer::H5Writer(const std::filesystem::path& target) : target_(target) {
  const auto dir = target.has_parent_path() ? target.parent_path() : std::filesystem::path(".");
  std::string tmp_name(1, '.');  // hidden temporary beside the target (GCC 12 -Wrestrict: no "." + s)
  tmp_name.append(target.filename().string()).append(".tmp-").append(std::to_string(::getpid()));
  tmp_ = dir / tmp_name;
  if (!std::filesystem::is_directory(dir))
    throw InputError("cannot write output '" + target.string() + "': directory '" + dir.string() +
                     "' does not exist");
  target_state_ = file_state(target);
  impl_ = std::make_unique<Impl>();
  try {
    impl_->file = H5::H5File(tmp_.string(), H5F_ACC_TRUNC);
  } catch (const H5::Exception&) {
    impl_.reset();
    throw InputError("cannot write output '" + target.string() + "': directory '" + dir.string() +
                     "' is not writable");
  }
}

H5Writer::~H5Writer() {
  if (committed_) return;
  if (impl_) {
    try {
      impl_->file.close();
    } catch (...) {
    }
  }
  std::error_code ec;
  std::filesystem::remove(tmp_, ec);
}

// Creates dataset `path` (chunked + compressed per the policy in h5io.h) with labels and units.
static H5::DataSet create_dataset(H5::H5File& f, const std::string& path, const H5::PredType& type,
                                  std::size_t elem_bytes, const Dims& dims,
                                  const std::vector<std::string>& labels, const std::string& units,
                                  int deflate_level) {
  std::uint64_t n = 1;
  for (auto d : dims) n *= d;
  if (!labels.empty() && labels.size() != dims.size())
    throw std::logic_error("h5 write '" + path + "': one label per dimension");
  std::vector<hsize_t> hd(dims.begin(), dims.end());
  H5::DataSpace space(static_cast<int>(hd.size()), hd.data());
  H5::DSetCreatPropList cp;
  if (deflate_level > 0 && n >= 65536 && !hd.empty()) {  // chunk + compress large datasets (one chunk per leading row)
    std::vector<hsize_t> chunk = hd;
    chunk[0] = 1;
    hsize_t bytes = elem_bytes;
    for (auto c : chunk) bytes *= c;
    for (std::size_t i = 1; i < chunk.size() && bytes > (1u << 22); ++i) {
      bytes /= chunk[i];
      chunk[i] = 1;
    }
    cp.setChunk(static_cast<int>(chunk.size()), chunk.data());
    cp.setShuffle();
    cp.setDeflate(static_cast<unsigned>(deflate_level));
  }
  H5::DataSet ds = f.createDataSet(path, type, space, cp, H5::DSetAccPropList::DEFAULT, intermediate_groups());
  for (std::size_t i = 0; i < labels.size(); ++i)
    H5DSset_label(ds.getId(), static_cast<unsigned>(i), labels[i].c_str());
  if (!units.empty()) {
    H5::StrType st(H5::PredType::C_S1, H5T_VARIABLE);
    ds.createAttribute("units", st, H5::DataSpace(H5S_SCALAR)).write(st, units);
  }
  return ds;
}

template <typename T>
static void write_impl(H5::H5File& f, const std::string& path, const std::vector<T>& data,
                       const Dims& dims, const std::vector<std::string>& labels,
                       const std::string& units, int deflate_level) {
  std::uint64_t n = 1;
  for (auto d : dims) n *= d;
  if (n != data.size())
    throw std::logic_error("h5 write '" + path + "': data size does not match dims");
  const H5::PredType type = pred(static_cast<const T*>(nullptr));
  H5::DataSet ds = create_dataset(f, path, type, sizeof(T), dims, labels, units, deflate_level);
  if (n > 0) ds.write(data.data(), type);
}

template <typename T>
void H5Writer::create_blocks(const std::string& path, const Dims& dims, const std::vector<std::string>& labels,
                             const std::string& units) {
  if (dims.empty()) throw std::logic_error("h5 create_blocks '" + path + "': needs at least 1 dimension");
  create_dataset(impl_->file, path, pred(static_cast<const T*>(nullptr)), sizeof(T), dims, labels, units,
                 deflate_level_);
}

template <typename T>
void H5Writer::write_block(const std::string& path, std::uint64_t first_row, const std::vector<T>& data) {
  H5::DataSet ds = impl_->file.openDataSet(path);
  H5::DataSpace file_space = ds.getSpace();
  std::vector<hsize_t> dims(static_cast<std::size_t>(file_space.getSimpleExtentNdims()));
  file_space.getSimpleExtentDims(dims.data());
  std::uint64_t row = 1;
  for (std::size_t i = 1; i < dims.size(); ++i) row *= dims[i];
  const std::uint64_t rows = row ? data.size() / row : 0;
  if (rows * row != data.size() || first_row + rows > dims[0])
    throw std::logic_error("h5 write_block '" + path + "': not whole rows inside the dataset");
  if (data.empty()) return;
  std::vector<hsize_t> start(dims.size(), 0), count = dims;
  start[0] = first_row;
  count[0] = rows;
  file_space.selectHyperslab(H5S_SELECT_SET, count.data(), start.data());
  const hsize_t n = data.size();
  H5::DataSpace mem_space(1, &n);
  ds.write(data.data(), pred(static_cast<const T*>(nullptr)), mem_space, file_space);
}

#define RFVAR_H5_BLOCKS(T)                                                                                    \
  template void H5Writer::create_blocks<T>(const std::string&, const Dims&, const std::vector<std::string>&, \
                                           const std::string&);                                              \
  template void H5Writer::write_block<T>(const std::string&, std::uint64_t, const std::vector<T>&);
RFVAR_H5_BLOCKS(float)
RFVAR_H5_BLOCKS(double)
RFVAR_H5_BLOCKS(std::int32_t)
#undef RFVAR_H5_BLOCKS

#define RFVAR_H5_WRITE(T)                                                                      \
  void H5Writer::write(const std::string& p, const std::vector<T>& d, const Dims& dims,        \
                       const std::vector<std::string>& labels, const std::string& units) {     \
    write_impl(impl_->file, p, d, dims, labels, units, deflate_level_);                                        \
  }
RFVAR_H5_WRITE(double)
RFVAR_H5_WRITE(float)
RFVAR_H5_WRITE(std::int32_t)
RFVAR_H5_WRITE(std::int64_t)
RFVAR_H5_WRITE(std::uint8_t)
#undef RFVAR_H5_WRITE

void H5Writer::set_deflate_level(int level) {
  if (level < 0 || level > 9) throw std::logic_error("H5Writer: deflate level must be 0-9");
  deflate_level_ = level;
}

void H5Writer::write_strings(const std::string& path, const std::vector<std::string>& data) {
  std::vector<const char*> ptrs;
  for (const auto& s : data) ptrs.push_back(s.c_str());
  hsize_t n = data.size();
  H5::DataSpace space(1, &n);
  H5::StrType st(H5::PredType::C_S1, H5T_VARIABLE);
  H5::DataSet ds = impl_->file.createDataSet(path, st, space, H5::DSetCreatPropList::DEFAULT,
                                             H5::DSetAccPropList::DEFAULT, intermediate_groups());
  if (n > 0) ds.write(ptrs.data(), st);
}

void H5Writer::group(const std::string& path) {
  if (path == "/" || impl_->file.nameExists(path)) return;
  impl_->file.createGroup(path, intermediate_groups());
}

void H5Writer::attr(const std::string& obj, const std::string& name, const std::string& value) {
  ObjectRef ref = open_object(impl_->file, obj);
  H5::H5Object* o = ref.get();
  H5::StrType st(H5::PredType::C_S1, H5T_VARIABLE);
  if (o->attrExists(name)) o->removeAttr(name);
  o->createAttribute(name, st, H5::DataSpace(H5S_SCALAR)).write(st, value);
}

void H5Writer::attr(const std::string& obj, const std::string& name, double value) {
  ObjectRef ref = open_object(impl_->file, obj);
  H5::H5Object* o = ref.get();
  if (o->attrExists(name)) o->removeAttr(name);
  o->createAttribute(name, H5::PredType::NATIVE_DOUBLE, H5::DataSpace(H5S_SCALAR))
      .write(H5::PredType::NATIVE_DOUBLE, &value);
}

void H5Writer::attr(const std::string& obj, const std::string& name, std::int64_t value) {
  ObjectRef ref = open_object(impl_->file, obj);
  H5::H5Object* o = ref.get();
  if (o->attrExists(name)) o->removeAttr(name);
  o->createAttribute(name, H5::PredType::NATIVE_INT64, H5::DataSpace(H5S_SCALAR))
      .write(H5::PredType::NATIVE_INT64, &value);
}

void H5Writer::provenance(const std::string& kind, std::uint64_t seed, const Config& config,
                          const std::string& command_line) {
  attr("/", "rfvar_kind", kind);
  attr("/", "rfvar_version", std::string(version_string()));
  attr("/", "seed", static_cast<std::int64_t>(seed));
  attr("/", "command_line", command_line);
  group("/config");
  attr("/config", "toml", config.to_toml());
  for (const auto& [k, v] : config.flattened()) attr("/config", k, v);
}

void H5Writer::commit() {
  impl_->file.close();
  // Another run that wrote the same target meanwhile is not silently replaced (its result and
  // this one would be indistinguishable afterwards).
  if (file_state(target_) != target_state_)
    throw InputError("output '" + target_.string() +
                     "' was written by another process while this run was writing it; this run's result is discarded");
  std::error_code ec;
  std::filesystem::rename(tmp_, target_, ec);
  if (ec)
    throw InputError("cannot move finished output onto '" + target_.string() + "': " + ec.message());
  committed_ = true;
}

}  // namespace rfvar
