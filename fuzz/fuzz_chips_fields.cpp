// Chips files (stages/chips_file.h) with valid HDF5 structure and hostile contents: the input is a
// list of edits applied through libhdf5 to a valid one-chip file (fuzz/corpus/chips/one-chip.h5),
// which ChipsFile then opens and reads whole. fuzz_chips feeds raw file images, whose corruption
// crashes libhdf5 itself before rfvar's reader sees anything (fuzz/README.md); here every file is
// one libhdf5 wrote, so only rfvar's checks are under test: missing datasets and attributes,
// datasets of other shapes and types, NaN / inf / negative / huge values, attributes of other types.
//
// Edit records (at most kEdits), each one op byte then its arguments, missing bytes read as 0:
//   op % 5 == 0  set one element of dataset d (byte) at index i (2 bytes) to a value (8 bytes: a
//                double's bits, or an int32 for an integer dataset)
//   op % 5 == 1  delete dataset d
//   op % 5 == 2  replace dataset d by one of rank 1-3, dims 1-8 each (3 bytes), float64, float32 or
//                int32 (op / 5 % 3), every element the value of 8 bytes
//   op % 5 == 3  delete attribute a (byte)
//   op % 5 == 4  replace attribute a by an int64, a float64 or a string (op / 5 % 3) from 8 bytes
#include <H5Cpp.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "common/config.h"
#include "fuzz/fuzz_common.h"
#include "stages/chips_file.h"

namespace {

constexpr int kEdits = 16;
constexpr const char* kDatasets[] = {
    "/chips/chip_id",       "/chips/chip_norm_freq",   "/chips/fastest_cell", "/chips/leff_d2d",
    "/chips/reg_delay",     "/chips/slowest_cell",     "/chips/sm_norm_freq", "/chips/subbank_delay",
    "/chips/subbank_dvth_sys", "/chips/vector_delay",  "/chips/vth_d2d",      "/maps/leff_sys",
    "/maps/vth_sys"};
struct AttrName {
  const char* object;
  const char* name;
};
constexpr AttrName kAttrs[] = {{"/", "rfvar_kind"},        {"/", "rfvar_version"}, {"/", "seed"},
                               {"/", "command_line"},      {"/", "first_chip"},    {"/chips", "banks"},
                               {"/chips", "rows_per_bank"}, {"/chips", "subbanks"}};

// The input read front to back; bytes past its end read as 0.
struct Bytes {
  const std::uint8_t* p;
  std::size_t n, at = 0;
  bool done() const { return at >= n; }
  std::uint8_t u8() { return at < n ? p[at++] : (++at, 0); }
  std::uint64_t u64() {
    std::uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v |= static_cast<std::uint64_t>(u8()) << (8 * i);
    return v;
  }
  double f64() {
    const std::uint64_t b = u64();
    double d;
    std::memcpy(&d, &b, sizeof d);
    return d;
  }
};

std::string base_image() {
  const auto path = rfvar::data_dir().parent_path() / "fuzz" / "corpus" / "chips" / "one-chip.h5";
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void set_element(H5::H5File& f, const char* name, std::size_t index, Bytes& in) {
  H5::DataSet ds = f.openDataSet(name);
  H5::DataSpace space = ds.getSpace();
  const auto n = static_cast<std::size_t>(space.getSimpleExtentNpoints());
  if (n == 0) return;
  // The flat index as coordinates, last dimension fastest.
  std::vector<hsize_t> coord(static_cast<std::size_t>(space.getSimpleExtentNdims()));
  std::vector<hsize_t> dims(coord.size());
  space.getSimpleExtentDims(dims.data());
  hsize_t rest = index % n;
  for (std::size_t k = coord.size(); k-- > 0;) coord[k] = rest % dims[k], rest /= dims[k];
  space.selectElements(H5S_SELECT_SET, 1, coord.data());
  const hsize_t one[1] = {1};
  H5::DataSpace mem(1, one);
  if (ds.getTypeClass() == H5T_INTEGER) {
    const auto v = static_cast<std::int32_t>(in.u64());
    ds.write(&v, H5::PredType::NATIVE_INT32, mem, space);
  } else {
    const double v = in.f64();
    ds.write(&v, H5::PredType::NATIVE_DOUBLE, mem, space);
  }
}

void replace_dataset(H5::H5File& f, const char* name, int type, Bytes& in) {
  if (f.nameExists(name)) f.unlink(name);
  const int rank = 1 + in.u8() % 3;
  hsize_t dims[3];
  hsize_t n = 1;
  for (int k = 0; k < 3; ++k) dims[k] = 1 + in.u8() % 8;
  for (int k = 0; k < rank; ++k) n *= dims[k];
  const H5::DataSpace space(rank, dims);
  const std::uint64_t bits = in.u64();
  if (type == 2) {
    const std::vector<std::int32_t> v(n, static_cast<std::int32_t>(bits));
    f.createDataSet(name, H5::PredType::NATIVE_INT32, space).write(v.data(), H5::PredType::NATIVE_INT32);
    return;
  }
  double d;
  std::memcpy(&d, &bits, sizeof d);
  const std::vector<double> v(n, d);
  const H5::PredType& stored = type == 0 ? H5::PredType::NATIVE_DOUBLE : H5::PredType::NATIVE_FLOAT;
  f.createDataSet(name, stored, space).write(v.data(), H5::PredType::NATIVE_DOUBLE);
}

void replace_attribute(H5::H5File& f, const AttrName& a, int type, Bytes& in) {
  H5::Group g = f.openGroup(a.object);
  if (g.attrExists(a.name)) g.removeAttr(a.name);
  const H5::DataSpace scalar(H5S_SCALAR);
  const std::uint64_t bits = in.u64();
  if (type == 0) {
    const auto v = static_cast<std::int64_t>(bits);
    g.createAttribute(a.name, H5::PredType::NATIVE_INT64, scalar).write(H5::PredType::NATIVE_INT64, &v);
  } else if (type == 1) {
    double d;
    std::memcpy(&d, &bits, sizeof d);
    g.createAttribute(a.name, H5::PredType::NATIVE_DOUBLE, scalar).write(H5::PredType::NATIVE_DOUBLE, &d);
  } else {
    std::string s(8, '\0');
    std::memcpy(s.data(), &bits, 8);
    const H5::StrType t(H5::PredType::C_S1, H5T_VARIABLE);
    g.createAttribute(a.name, t, scalar).write(t, s);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::string base = [] {
    H5::Exception::dontPrint();
    // libhdf5 gives a freed block above its free-list limits back to the allocator; each file open
    // callocs its metadata cache's 512 KiB index, which ASan's allocator then maps fresh: most of the
    // target's time went to page faults. Unlimited free lists keep that block for the next open.
    H5::H5Library::setFreeListLimits(-1, -1, -1, -1, -1, -1);
    return base_image();
  }();
  const auto path = rfvar::fuzz::scratch_file("c.h5", base);
  {
    H5::H5File f(path.string(), H5F_ACC_RDWR);
    Bytes in{data, size};
    constexpr auto nd = std::size(kDatasets), na = std::size(kAttrs);
    for (int e = 0; e < kEdits && !in.done(); ++e) {
      const std::uint8_t op = in.u8();
      try {
        switch (op % 5) {
          case 0: {
            const char* d = kDatasets[in.u8() % nd];
            const std::size_t i = in.u8() | static_cast<std::size_t>(in.u8()) << 8;
            set_element(f, d, i, in);
            break;
          }
          case 1: f.unlink(kDatasets[in.u8() % nd]); break;
          case 2: replace_dataset(f, kDatasets[in.u8() % nd], op / 5 % 3, in); break;
          case 3: {
            const AttrName& a = kAttrs[in.u8() % na];
            f.openGroup(a.object).removeAttr(a.name);
            break;
          }
          default: replace_attribute(f, kAttrs[in.u8() % na], op / 5 % 3, in); break;
        }
      } catch (const H5::Exception&) {  // an edit that does not apply (a dataset already deleted): skipped
      }
    }
  }
  try {
    const rfvar::stages::ChipsFile f(path, rfvar::stages::ChipsFile::Probe::InProcess);
    f.read(0, -1, 0, -1, true);
  } catch (const rfvar::InputError&) {
  }
  return 0;
}
