#include "study/stages/chips_file.h"

#include <H5Cpp.h>

#include "common/h5io.h"
#include "varius/params.h"

namespace rfvar::stages {

namespace {

template <typename T, typename Get>
std::vector<T> per_sm(const std::vector<varius::ChipSample>& chips, std::size_t width, Get get) {
  std::vector<T> out;
  out.reserve(chips.size() * (chips.empty() ? 0 : chips.front().sms.size()) * width);
  for (const auto& c : chips)
    for (const auto& d : c.sms) get(d, out);
  return out;
}

}  // namespace

void write_chips_file(const std::filesystem::path& out, const std::vector<varius::ChipSample>& chips,
                      std::uint64_t seed, std::uint32_t first_chip, const Config& config,
                      const std::string& command_line) {
  H5Writer w(out);
  w.set_deflate_level(varius::PopulationParams::from_config(config).deflate_level);
  w.provenance("chips", seed, config, command_line);
  w.attr("/", "first_chip", static_cast<std::int64_t>(first_chip));
  const std::uint64_t n = chips.size();
  const std::uint64_t sms = chips.empty() ? 0 : chips.front().sms.size();
  const varius::RfGeometry g = chips.empty() ? varius::RfGeometry{} : chips.front().geometry;
  const std::uint64_t regs = g.registers(), vecs = g.vectors(), sbs = g.subbank_count();
  const std::vector<std::string> lab3r{"chip", "sm", "register"}, lab3v{"chip", "sm", "vector"},
      lab3s{"chip", "sm", "subbank"}, lab2{"chip", "sm"};
  std::vector<std::int32_t> ids;
  std::vector<double> chip_f, vd2d, ld2d;
  for (const auto& c : chips) {
    ids.push_back(static_cast<std::int32_t>(c.chip_id));
    double s = 0.0;
    for (const auto& d : c.sms) s += d.baseline_norm_freq();
    chip_f.push_back(c.sms.empty() ? 0.0 : s / static_cast<double>(c.sms.size()));
    vd2d.push_back(c.vth_d2d);
    ld2d.push_back(c.leff_d2d);
  }
  w.write("/chips/chip_id", ids, {n}, {"chip"});
  // Per-SM arrays are written chip by chip straight from the samples (no whole-dataset copy).
  auto per_sm_rows = [&](const std::string& path, std::uint64_t width, const std::vector<std::string>& labels,
                         const std::string& units, auto member) {
    w.write_rows(path, {n, sms, width},
                 [&](std::uint64_t i, std::uint64_t j) { return (chips[i].sms[j].*member).data(); }, labels, units);
  };
  per_sm_rows("/chips/reg_delay", regs, lab3r, "normalized delay", &varius::SmDelays::reg_delay);
  per_sm_rows("/chips/vector_delay", vecs, lab3v, "normalized delay", &varius::SmDelays::vector_delay);
  per_sm_rows("/chips/subbank_delay", sbs, lab3s, "normalized delay", &varius::SmDelays::subbank_delay);
  per_sm_rows("/chips/subbank_dvth_sys", sbs, lab3s, "V", &varius::SmDelays::subbank_dvth_sys_V);
  w.write("/chips/slowest_cell",
          per_sm<float>(chips, 1, [](const varius::SmDelays& d, std::vector<float>& o) { o.push_back(d.slowest_cell); }),
          {n, sms}, lab2, "normalized delay");
  w.write("/chips/fastest_cell",
          per_sm<float>(chips, 1, [](const varius::SmDelays& d, std::vector<float>& o) { o.push_back(d.fastest_cell); }),
          {n, sms}, lab2, "normalized delay");
  w.write("/chips/sm_norm_freq",
          per_sm<double>(chips, 1,
                         [](const varius::SmDelays& d, std::vector<double>& o) { o.push_back(d.baseline_norm_freq()); }),
          {n, sms}, lab2, "normalized frequency");
  w.write("/chips/chip_norm_freq", chip_f, {n}, {"chip"}, "normalized frequency");
  w.write("/chips/vth_d2d", vd2d, {n}, {"chip"}, "relative");
  w.write("/chips/leff_d2d", ld2d, {n}, {"chip"}, "relative");
  const std::uint64_t gg = chips.empty() ? 0 : static_cast<std::uint64_t>(chips.front().grid);
  const std::vector<std::string> lab_map{"chip", "y", "x"};
  w.write_rows("/maps/vth_sys", {n, gg, gg},
               [&](std::uint64_t i, std::uint64_t y) { return chips[i].vth_sys_map.data() + y * gg; }, lab_map, "relative");
  w.write_rows("/maps/leff_sys", {n, gg, gg},
               [&](std::uint64_t i, std::uint64_t y) { return chips[i].leff_sys_map.data() + y * gg; }, lab_map, "relative");
  w.attr("/chips", "subbanks", static_cast<std::int64_t>(g.subbanks));
  w.attr("/chips", "rows_per_bank", static_cast<std::int64_t>(g.rows_per_bank));
  w.attr("/chips", "banks", static_cast<std::int64_t>(g.banks));
  w.commit();
}

struct ChipsFile::Impl {
  H5::H5File file;
};

ChipsFile::ChipsFile(const std::filesystem::path& file) : file_(file) {
  std::string not_chips = file.string();  // (built in steps: GCC 12 -Wrestrict false positive)
  not_chips.insert(0, 1, '\'');
  not_chips.append("' is not an rfvar chip file");
  if (!std::filesystem::exists(file)) throw InputError("input file '" + file.string() + "' does not exist");
  try {
    H5Reader r(file);
    if (!r.has_attr("/", "rfvar_kind") || r.attr_string("/", "rfvar_kind") != "chips") throw InputError(not_chips);
    const Dims d = r.dims("/chips/reg_delay");
    const Dims sb = r.dims("/chips/subbank_delay");
    const Dims m = r.dims("/maps/vth_sys");
    info_.chips = static_cast<int>(d.at(0));
    info_.sms = static_cast<int>(d.at(1));
    info_.registers = static_cast<int>(d.at(2));
    info_.vectors = static_cast<int>(r.dims("/chips/vector_delay").at(2));
    info_.subbanks = static_cast<int>(sb.at(2));
    info_.grid = static_cast<int>(m.at(1));
    info_.seed = static_cast<std::uint64_t>(r.attr_int("/", "seed"));
    info_.first_chip = static_cast<std::uint32_t>(r.attr_int("/", "first_chip"));
    info_.version = r.attr_string("/", "rfvar_version");
    info_.command_line = r.attr_string("/", "command_line");
    info_.chip_ids = r.read_int32("/chips/chip_id");
  } catch (const InputError&) {
    throw InputError(not_chips);
  } catch (const std::exception&) {
    throw InputError(not_chips);
  }
  impl_ = std::make_unique<Impl>();
  impl_->file = H5::H5File(file.string(), H5F_ACC_RDONLY);
}

ChipsFile::~ChipsFile() = default;

Config ChipsFile::config() const {
  H5Reader r(file_);
  Config c = Config::load_default();
  c.merge_string(r.config_toml(), file_.string() + ":/config");
  return c;
}

namespace {
template <typename T>
std::vector<T> read_slab(H5::H5File& f, const std::string& path, const std::vector<hsize_t>& start,
                         const std::vector<hsize_t>& count, const H5::PredType& type) {
  H5::DataSet ds = f.openDataSet(path);
  H5::DataSpace fs = ds.getSpace();
  fs.selectHyperslab(H5S_SELECT_SET, count.data(), start.data());
  H5::DataSpace ms(static_cast<int>(count.size()), count.data());
  hsize_t n = 1;
  for (auto c : count) n *= c;
  std::vector<T> out(n);
  if (n > 0) ds.read(out.data(), type, ms, fs);
  return out;
}
}  // namespace

std::vector<varius::ChipSample> ChipsFile::read(int first, int count, int sm_first, int sm_count,
                                                bool with_maps) const {
  std::vector<varius::ChipSample> out;
  read_into(out, first, count, sm_first, sm_count, with_maps ? kAll : (kAll & ~kMaps));
  return out;
}

void ChipsFile::read_into(std::vector<varius::ChipSample>& out, int first, int count, int sm_first, int sm_count,
                          unsigned fields) const {
  if (count < 0) count = info_.chips - first;
  if (sm_count < 0) sm_count = info_.sms - sm_first;
  if (first < 0 || count < 0 || first + count > info_.chips || sm_first < 0 || sm_count < 0 ||
      sm_first + sm_count > info_.sms)
    throw InputError("'" + file_.string() + "': chips [" + std::to_string(first) + ", " +
                     std::to_string(first + count) + ") x SMs [" + std::to_string(sm_first) + ", " +
                     std::to_string(sm_first + sm_count) + ") out of range (file has " +
                     std::to_string(info_.chips) + " chips x " + std::to_string(info_.sms) + " SMs)");
  H5::H5File& f = impl_->file;
  const hsize_t c0 = static_cast<hsize_t>(first), nc = static_cast<hsize_t>(count);
  const hsize_t s0 = static_cast<hsize_t>(sm_first), ns = static_cast<hsize_t>(sm_count);
  const auto slow = read_slab<float>(f, "/chips/slowest_cell", {c0, s0}, {nc, ns}, H5::PredType::NATIVE_FLOAT);
  const auto fast = read_slab<float>(f, "/chips/fastest_cell", {c0, s0}, {nc, ns}, H5::PredType::NATIVE_FLOAT);
  const auto vd = read_slab<double>(f, "/chips/vth_d2d", {c0}, {nc}, H5::PredType::NATIVE_DOUBLE);
  const auto ld = read_slab<double>(f, "/chips/leff_d2d", {c0}, {nc}, H5::PredType::NATIVE_DOUBLE);
  varius::RfGeometry geo;
  geo.subbanks = info_.subbanks / geo.banks;
  {
    H5::Group grp = f.openGroup("/chips");
    auto get = [&](const char* name, int& v) {
      if (!grp.attrExists(name)) return;
      std::int64_t x = 0;
      grp.openAttribute(name).read(H5::PredType::NATIVE_INT64, &x);
      v = static_cast<int>(x);
    };
    get("banks", geo.banks);
    get("rows_per_bank", geo.rows_per_bank);
    get("subbanks", geo.subbanks);
  }
  // One open dataset per field; each (chip, SM) row is read straight into its vector.
  struct Field {
    unsigned bit;
    const char* path;
    int width;
    std::vector<float> varius::SmDelays::*member;
  };
  const Field all[] = {{kRegisters, "/chips/reg_delay", info_.registers, &varius::SmDelays::reg_delay},
                       {kVectors, "/chips/vector_delay", info_.vectors, &varius::SmDelays::vector_delay},
                       {kSubbanks, "/chips/subbank_delay", info_.subbanks, &varius::SmDelays::subbank_delay},
                       {kSubbankVth, "/chips/subbank_dvth_sys", info_.subbanks, &varius::SmDelays::subbank_dvth_sys_V}};
  out.resize(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) {
    varius::ChipSample& c = out[static_cast<std::size_t>(i)];
    c.chip_id = static_cast<std::uint32_t>(info_.chip_ids[static_cast<std::size_t>(first + i)]);
    c.geometry = geo;
    c.grid = info_.grid;
    c.vth_d2d = vd[static_cast<std::size_t>(i)];
    c.leff_d2d = ld[static_cast<std::size_t>(i)];
    c.sms.resize(static_cast<std::size_t>(sm_count));
    for (int s = 0; s < sm_count; ++s) {
      const std::size_t k = static_cast<std::size_t>(i) * ns + static_cast<std::size_t>(s);
      c.sms[static_cast<std::size_t>(s)].slowest_cell = slow[k];
      c.sms[static_cast<std::size_t>(s)].fastest_cell = fast[k];
    }
  }
  for (const Field& fd : all) {
    if ((fields & fd.bit) == 0) {
      for (auto& c : out)
        for (auto& d : c.sms) (d.*fd.member).clear();
      continue;
    }
    H5::DataSet ds = f.openDataSet(fd.path);
    H5::DataSpace fs = ds.getSpace();
    const hsize_t w = static_cast<hsize_t>(fd.width);
    const hsize_t cnt[3] = {1, 1, w};
    H5::DataSpace ms(1, &w);
    for (int i = 0; i < count; ++i)
      for (int s = 0; s < sm_count; ++s) {
        std::vector<float>& v = out[static_cast<std::size_t>(i)].sms[static_cast<std::size_t>(s)].*fd.member;
        v.resize(static_cast<std::size_t>(w));
        const hsize_t start[3] = {c0 + static_cast<hsize_t>(i), s0 + static_cast<hsize_t>(s), 0};
        fs.selectHyperslab(H5S_SELECT_SET, cnt, start);
        if (w > 0) ds.read(v.data(), H5::PredType::NATIVE_FLOAT, ms, fs);
      }
  }
  const hsize_t g = static_cast<hsize_t>(info_.grid);
  for (int i = 0; i < count; ++i) {
    varius::ChipSample& c = out[static_cast<std::size_t>(i)];
    if ((fields & kMaps) == 0) {
      c.vth_sys_map.clear();
      c.leff_sys_map.clear();
      continue;
    }
    c.vth_sys_map = read_slab<float>(f, "/maps/vth_sys", {c0 + static_cast<hsize_t>(i), 0, 0}, {1, g, g},
                                     H5::PredType::NATIVE_FLOAT);
    c.leff_sys_map = read_slab<float>(f, "/maps/leff_sys", {c0 + static_cast<hsize_t>(i), 0, 0}, {1, g, g},
                                      H5::PredType::NATIVE_FLOAT);
  }
}

}  // namespace rfvar::stages
