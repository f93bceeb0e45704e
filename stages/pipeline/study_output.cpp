#include "stages/pipeline/study_output.h"

#include <hdf5.h>

#include <algorithm>

#include "common/h5io.h"

namespace rfvar::study {

namespace {

// Closes an HDF5 id at scope exit.
struct Id {
  hid_t id;
  herr_t (*close)(hid_t);
  ~Id() {
    if (id >= 0) close(id);
  }
};

void check(bool ok, const std::string& what) {
  if (!ok) throw InputError("study output: " + what);
}

// Copies every attribute of object `src` onto object `dst` (same types, including strings).
void copy_attrs(hid_t src, hid_t dst) {
  H5O_info_t info;
#if H5_VERSION_GE(1, 12, 0)
  check(H5Oget_info3(src, &info, H5O_INFO_NUM_ATTRS) >= 0, "cannot inspect attributes");
#else
  check(H5Oget_info2(src, &info, H5O_INFO_NUM_ATTRS) >= 0, "cannot inspect attributes");
#endif
  for (hsize_t i = 0; i < info.num_attrs; ++i) {
    const Id a{H5Aopen_by_idx(src, ".", H5_INDEX_NAME, H5_ITER_INC, i, H5P_DEFAULT, H5P_DEFAULT), H5Aclose};
    check(a.id >= 0, "cannot open an attribute");
    char name[256];
    check(H5Aget_name(a.id, sizeof name, name) >= 0, "cannot name an attribute");
    const Id type{H5Aget_type(a.id), H5Tclose};
    const Id space{H5Aget_space(a.id), H5Sclose};
    const auto n = static_cast<std::size_t>(H5Sget_simple_extent_npoints(space.id));
    std::vector<unsigned char> buf(std::max<std::size_t>(1, n) * H5Tget_size(type.id));
    check(H5Aread(a.id, type.id, buf.data()) >= 0, std::string("cannot read attribute ") + name);
    if (H5Aexists(dst, name) > 0) H5Adelete(dst, name);
    const Id b{H5Acreate2(dst, name, type.id, space.id, H5P_DEFAULT, H5P_DEFAULT), H5Aclose};
    check(b.id >= 0 && H5Awrite(b.id, type.id, buf.data()) >= 0, std::string("cannot write attribute ") + name);
    if (H5Tdetect_class(type.id, H5T_VLEN) > 0 || H5Tis_variable_str(type.id) > 0)
      H5Dvlen_reclaim(type.id, space.id, H5P_DEFAULT, buf.data());
  }
}

void set_string_attr(hid_t obj, const std::string& name, const std::string& value) {
  const Id type{H5Tcopy(H5T_C_S1), H5Tclose};
  H5Tset_size(type.id, H5T_VARIABLE);
  H5Tset_cset(type.id, H5T_CSET_UTF8);
  const Id space{H5Screate(H5S_SCALAR), H5Sclose};
  if (H5Aexists(obj, name.c_str()) > 0) H5Adelete(obj, name.c_str());
  const Id a{H5Acreate2(obj, name.c_str(), type.id, space.id, H5P_DEFAULT, H5P_DEFAULT), H5Aclose};
  const char* p = value.c_str();
  check(a.id >= 0 && H5Awrite(a.id, type.id, &p) >= 0, "cannot write attribute " + name);
}

// Copies `rel` (a path below src's root) and, for groups, recurses so `skip` can prune any depth.
void copy_tree(hid_t src, hid_t dst, const std::string& rel, const std::string& dst_group,
               const std::vector<std::string>& skip, hid_t lcpl) {
  if (std::find(skip.begin(), skip.end(), rel) != skip.end()) return;
  H5O_info_t info;
#if H5_VERSION_GE(1, 12, 0)
  check(H5Oget_info_by_name3(src, rel.c_str(), &info, H5O_INFO_BASIC, H5P_DEFAULT) >= 0, "cannot inspect " + rel);
#else
  check(H5Oget_info_by_name2(src, rel.c_str(), &info, H5O_INFO_BASIC, H5P_DEFAULT) >= 0, "cannot inspect " + rel);
#endif
  const std::string target = dst_group + "/" + rel;
  const bool prune_below = std::any_of(skip.begin(), skip.end(), [&](const std::string& s) {
    return s.rfind(rel + "/", 0) == 0;
  });
  if (info.type != H5O_TYPE_GROUP || !prune_below) {
    check(H5Ocopy(src, rel.c_str(), dst, target.c_str(), H5P_DEFAULT, lcpl) >= 0, "cannot copy " + rel);
    return;
  }
  const Id g{H5Gcreate2(dst, target.c_str(), lcpl, H5P_DEFAULT, H5P_DEFAULT), H5Gclose};
  const Id sg{H5Gopen2(src, rel.c_str(), H5P_DEFAULT), H5Gclose};
  check(g.id >= 0 && sg.id >= 0, "cannot create group " + target);
  copy_attrs(sg.id, g.id);
  H5G_info_t gi;
  H5Gget_info(sg.id, &gi);
  for (hsize_t i = 0; i < gi.nlinks; ++i) {
    char name[256];
    H5Lget_name_by_idx(sg.id, ".", H5_INDEX_NAME, H5_ITER_INC, i, name, sizeof name, H5P_DEFAULT);
    copy_tree(src, dst, rel + "/" + name, dst_group, skip, lcpl);
  }
}

void copy_part(hid_t dst, const OutputPart& part, hid_t lcpl) {
  const Id src{H5Fopen(part.file.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT), H5Fclose};
  check(src.id >= 0, "cannot open stage file '" + part.file.string() + "'");
  const Id g{H5Gcreate2(dst, part.group.c_str(), lcpl, H5P_DEFAULT, H5P_DEFAULT), H5Gclose};
  check(g.id >= 0, "cannot create group " + part.group);
  const Id root{H5Gopen2(src.id, "/", H5P_DEFAULT), H5Gclose};
  copy_attrs(root.id, g.id);
  for (const auto& [k, v] : part.attrs) set_string_attr(g.id, k, v);
  H5G_info_t gi;
  H5Gget_info(root.id, &gi);
  for (hsize_t i = 0; i < gi.nlinks; ++i) {
    char name[256];
    H5Lget_name_by_idx(root.id, ".", H5_INDEX_NAME, H5_ITER_INC, i, name, sizeof name, H5P_DEFAULT);
    copy_tree(src.id, dst, name, part.group, part.skip, lcpl);
  }
}

}  // namespace

void assemble_study(const std::filesystem::path& out, const std::vector<OutputPart>& parts, const Config& config,
                    std::uint64_t seed, const std::string& command_line,
                    const std::map<std::string, std::string>& attrs) {
  H5Writer w(out);
  w.provenance("study", seed, config, command_line);
  for (const auto& [k, v] : attrs) w.attr("/", k, v);
  {
    // A second handle on the open temporary file (HDF5 shares it within the process).
    const Id dst{H5Fopen(w.temp_path().c_str(), H5F_ACC_RDWR, H5P_DEFAULT), H5Fclose};
    check(dst.id >= 0, "cannot reopen '" + w.temp_path().string() + "'");
    const Id lcpl{H5Pcreate(H5P_LINK_CREATE), H5Pclose};
    H5Pset_create_intermediate_group(lcpl.id, 1);
    for (const auto& p : parts) copy_part(dst.id, p, lcpl.id);
    H5Fflush(dst.id, H5F_SCOPE_GLOBAL);
  }
  w.commit();
}

}  // namespace rfvar::study
