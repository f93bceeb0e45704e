// H5Reader (common/h5io.h): read-only access to rfvar result files; every failure is an InputError
// naming the file and the path.
#include <H5Cpp.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "common/h5io.h"
#include "common/h5io_internal.h"

namespace rfvar {

using namespace h5detail;  // common/h5io_internal.h

struct H5Reader::Impl {
  QuietHdf5 quiet;
  H5::H5File file;
};

H5Reader::H5Reader(const std::filesystem::path& file) : file_(file) {
  if (!std::filesystem::exists(file)) throw InputError("input file '" + file.string() + "' does not exist");
  impl_ = std::make_unique<Impl>();
  try {
    if (!H5::H5File::isHdf5(file.string())) throw InputError("");
    impl_->file = H5::H5File(file.string(), H5F_ACC_RDONLY);
  } catch (...) {
    throw InputError("input file '" + file.string() + "' is not an HDF5 file");
  }
}

H5Reader::~H5Reader() = default;

bool H5Reader::has(const std::string& path) const {
  try {
    // nameExists fails on missing intermediate groups; walk the path.
    std::string cur;
    std::size_t pos = 0;
    while (pos != std::string::npos) {
      const auto next = path.find('/', pos + 1);
      cur = path.substr(0, next);
      if (!cur.empty() && cur != "/" && !impl_->file.nameExists(cur)) return false;
      pos = next;
    }
    return true;
  } catch (const H5::Exception&) {
    return false;
  }
}

Dims H5Reader::dims(const std::string& path) const {
  if (!has(path)) throw InputError(file_.string() + ": missing dataset '" + path + "'");
  H5::DataSpace sp = impl_->file.openDataSet(path).getSpace();
  std::vector<hsize_t> d(static_cast<std::size_t>(sp.getSimpleExtentNdims()));
  sp.getSimpleExtentDims(d.data());
  return Dims(d.begin(), d.end());
}

template <typename T>
static std::vector<T> read_impl(H5::H5File& f, const std::filesystem::path& file, const std::string& path,
                                const Dims& dims) {
  std::uint64_t n = 1;
  for (auto d : dims) n *= d;
  std::vector<T> out(n);
  try {
    if (n > 0) f.openDataSet(path).read(out.data(), pred(static_cast<const T*>(nullptr)));
  } catch (const H5::Exception& e) {
    throw InputError(file.string() + ": cannot read dataset '" + path + "': " + e.getDetailMsg());
  }
  return out;
}

std::vector<double> H5Reader::read_double(const std::string& p) const {
  return read_impl<double>(impl_->file, file_, p, dims(p));
}
std::vector<float> H5Reader::read_float(const std::string& p) const {
  return read_impl<float>(impl_->file, file_, p, dims(p));
}
std::vector<std::int32_t> H5Reader::read_int32(const std::string& p) const {
  return read_impl<std::int32_t>(impl_->file, file_, p, dims(p));
}

std::vector<float> H5Reader::read_float_rows(const std::string& path, std::uint64_t first,
                                             std::uint64_t count) const {
  Dims d = dims(path);
  if (d.empty() || first + count > d[0])
    throw InputError(file_.string() + ": rows [" + std::to_string(first) + ", " +
                     std::to_string(first + count) + ") out of range for '" + path + "'");
  H5::DataSet ds = impl_->file.openDataSet(path);
  H5::DataSpace fs = ds.getSpace();
  std::vector<hsize_t> start(d.size(), 0), cnt(d.begin(), d.end());
  start[0] = first;
  cnt[0] = count;
  fs.selectHyperslab(H5S_SELECT_SET, cnt.data(), start.data());
  H5::DataSpace ms(static_cast<int>(cnt.size()), cnt.data());
  std::uint64_t n = 1;
  for (auto c : cnt) n *= c;
  std::vector<float> out(n);
  if (n > 0) ds.read(out.data(), H5::PredType::NATIVE_FLOAT, ms, fs);
  return out;
}

std::vector<std::string> H5Reader::read_strings(const std::string& path) const {
  if (!has(path)) throw InputError(file_.string() + ": missing dataset '" + path + "'");
  H5::DataSet ds = impl_->file.openDataSet(path);
  hsize_t n = 0;
  ds.getSpace().getSimpleExtentDims(&n);
  std::vector<char*> ptrs(n, nullptr);
  H5::StrType st(H5::PredType::C_S1, H5T_VARIABLE);
  if (n > 0) ds.read(ptrs.data(), st);
  std::vector<std::string> out;
  for (char* p : ptrs) {
    out.emplace_back(p ? p : "");
    std::free(p);
  }
  return out;
}

bool H5Reader::has_attr(const std::string& obj, const std::string& name) const {
  if (obj != "/" && !has(obj)) return false;
  return open_object(impl_->file, obj).get()->attrExists(name);
}

namespace {
// An attribute holding one value of class `want` (H5T_INTEGER, H5T_FLOAT or H5T_STRING; an integer
// is accepted where a float is wanted), else InputError naming file, object and attribute: a
// string where a number belongs, or an array, would otherwise abort or overrun the read buffer.
H5::Attribute scalar_attr(H5::H5File& f, const std::filesystem::path& file, const std::string& obj, const std::string& name,
                          H5T_class_t want, const char* what) {
  const std::string where = file.string() + ": attribute '" + name + "' on '" + obj + "'";
  try {
    H5::Attribute a = open_object(f, obj).get()->openAttribute(name);
    const H5T_class_t have = a.getTypeClass();
    const bool ok = have == want || (want == H5T_FLOAT && have == H5T_INTEGER);
    if (!ok || a.getSpace().getSimpleExtentNpoints() != 1)
      throw InputError(where + " is not a single " + what);
    return a;
  } catch (const H5::Exception& e) {
    throw InputError(where + " cannot be read: " + e.getDetailMsg());
  }
}
}  // namespace

std::string H5Reader::attr_string(const std::string& obj, const std::string& name) const {
  if (!has_attr(obj, name))
    throw InputError(file_.string() + ": missing attribute '" + name + "' on '" + obj + "'");
  H5::Attribute a = scalar_attr(impl_->file, file_, obj, name, H5T_STRING, "string");
  std::string s;
  try {
    a.read(a.getStrType(), s);
  } catch (const H5::Exception& e) {
    throw InputError(file_.string() + ": attribute '" + name + "' on '" + obj + "' cannot be read: " + e.getDetailMsg());
  }
  return s;
}

double H5Reader::attr_double(const std::string& obj, const std::string& name) const {
  if (!has_attr(obj, name))
    throw InputError(file_.string() + ": missing attribute '" + name + "' on '" + obj + "'");
  double v = 0;
  scalar_attr(impl_->file, file_, obj, name, H5T_FLOAT, "number").read(H5::PredType::NATIVE_DOUBLE, &v);
  return v;
}

std::int64_t H5Reader::attr_int(const std::string& obj, const std::string& name) const {
  if (!has_attr(obj, name))
    throw InputError(file_.string() + ": missing attribute '" + name + "' on '" + obj + "'");
  std::int64_t v = 0;
  scalar_attr(impl_->file, file_, obj, name, H5T_INTEGER, "integer").read(H5::PredType::NATIVE_INT64, &v);
  return v;
}

std::string H5Reader::config_toml() const { return attr_string("/config", "toml"); }

}  // namespace rfvar
