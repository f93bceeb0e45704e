// What common/h5io.cpp (H5Writer) and common/h5_reader.cpp (H5Reader) share: the HDF5 type of a
// C++ value, error-stack silencing, intermediate-group creation, and opening a group or a dataset
// by path for attribute access. Internal to common/ (include only from those two files).
#pragma once

#include <H5Cpp.h>
#include <hdf5_hl.h>

#include <cstdint>
#include <optional>
#include <string>

namespace rfvar::h5detail {

inline H5::PredType pred(const double*) { return H5::PredType::NATIVE_DOUBLE; }
inline H5::PredType pred(const float*) { return H5::PredType::NATIVE_FLOAT; }
inline H5::PredType pred(const std::int32_t*) { return H5::PredType::NATIVE_INT32; }
inline H5::PredType pred(const std::int64_t*) { return H5::PredType::NATIVE_INT64; }
inline H5::PredType pred(const std::uint8_t*) { return H5::PredType::NATIVE_UINT8; }

struct QuietHdf5 {
  QuietHdf5() { H5::Exception::dontPrint(); }
};

inline H5::LinkCreatPropList intermediate_groups() {
  H5::LinkCreatPropList l;
  H5Pset_create_intermediate_group(l.getId(), 1);
  return l;
}

// Holds a group or a dataset so attribute code can treat both as H5Object.
struct ObjectRef {
  std::optional<H5::Group> group;
  std::optional<H5::DataSet> dataset;
  H5::H5Object* get() { return group ? static_cast<H5::H5Object*>(&*group) : &*dataset; }
};

inline ObjectRef open_object(H5::H5File& f, const std::string& path) {
  ObjectRef r;
  if (path == "/" || path.empty()) {
    r.group = f.openGroup("/");
  } else if (f.childObjType(path) == H5O_TYPE_GROUP) {
    r.group = f.openGroup(path);
  } else {
    r.dataset = f.openDataSet(path);
  }
  return r;
}


}  // namespace rfvar::h5detail
