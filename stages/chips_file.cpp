#include "stages/chips_file.h"

#include <H5Cpp.h>

#include <cmath>
#include <limits>
#include <map>
#include <span>

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

namespace {

// The datasets every chips file has, with their rank; the leading dimensions are [chip] or
// [chip, sm] (or [chip, y, x] for the maps) and must agree across datasets.
struct Required {
  const char* path;
  std::size_t rank;
  bool per_sm;  // dimension 1 is the SM
};
constexpr Required kRequired[] = {
    {"/chips/chip_id", 1, false},         {"/chips/reg_delay", 3, true},     {"/chips/vector_delay", 3, true},
    {"/chips/subbank_delay", 3, true},    {"/chips/subbank_dvth_sys", 3, true}, {"/chips/slowest_cell", 2, true},
    {"/chips/fastest_cell", 2, true},     {"/chips/vth_d2d", 1, false},      {"/chips/leff_d2d", 1, false},
    {"/maps/vth_sys", 3, false},          {"/maps/leff_sys", 3, false}};

// Largest count a chips file may hold along one dimension (the reader's int indices).
constexpr std::uint64_t kMaxDim = 1u << 30;

}  // namespace

ChipsFile::ChipsFile(const std::filesystem::path& file) : file_(file) {
  std::string not_chips = file.string();  // (built in steps: GCC 12 -Wrestrict false positive)
  not_chips.insert(0, 1, '\'');
  not_chips.append("' is not an rfvar chip file");
  if (!std::filesystem::exists(file)) throw InputError("input file '" + file.string() + "' does not exist");
  const std::string where = "chips file '" + file.string() + "': ";
  auto bad = [&](const std::string& what) { throw InputError(where + what + " (layout: docs/hdf5.md \"chips\")"); };
  try {
    const H5Reader r(file);
    if (!r.has_attr("/", "rfvar_kind") || r.attr_string("/", "rfvar_kind") != "chips") throw InputError(not_chips);
    std::map<std::string, Dims> dims;
    for (const Required& q : kRequired) {
      if (!r.has(q.path)) bad(std::string("dataset ") + q.path + " is missing");
      const Dims d = r.dims(q.path);
      if (d.size() != q.rank)
        bad(std::string("dataset ") + q.path + " has " + std::to_string(d.size()) + " dimensions, expected " +
            std::to_string(q.rank));
      for (auto x : d)
        if (x > kMaxDim) bad(std::string("dataset ") + q.path + " has a dimension of " + std::to_string(x) + " (at most " + std::to_string(kMaxDim) + ")");
      dims[q.path] = d;
    }
    const Dims& reg = dims["/chips/reg_delay"];
    for (const Required& q : kRequired) {
      const Dims& d = dims[q.path];
      if (d[0] != reg[0])
        bad(std::string("dataset ") + q.path + " holds " + std::to_string(d[0]) + " chips but /chips/reg_delay holds " +
            std::to_string(reg[0]));
      if (q.per_sm && d[1] != reg[1])
        bad(std::string("dataset ") + q.path + " has " + std::to_string(d[1]) + " SMs but /chips/reg_delay has " +
            std::to_string(reg[1]));
    }
    const Dims& sb = dims["/chips/subbank_delay"];
    const Dims& m = dims["/maps/vth_sys"];
    if (dims["/chips/subbank_dvth_sys"][2] != sb[2])
      bad("/chips/subbank_dvth_sys and /chips/subbank_delay differ in sub-banks");
    if (m[1] != m[2] || dims["/maps/leff_sys"] != m) bad("/maps/vth_sys and /maps/leff_sys must both be [chip, G, G]");
    if (reg[0] < 1 || reg[1] < 1) bad("it holds no chips or no SMs");
    info_.chips = static_cast<int>(reg[0]);
    info_.sms = static_cast<int>(reg[1]);
    info_.registers = static_cast<int>(reg[2]);
    info_.vectors = static_cast<int>(dims["/chips/vector_delay"][2]);
    info_.subbanks = static_cast<int>(sb[2]);
    info_.grid = static_cast<int>(m[1]);
    info_.seed = static_cast<std::uint64_t>(r.attr_int("/", "seed"));
    const std::int64_t first = r.attr_int("/", "first_chip");
    if (first < 0 || first > std::numeric_limits<std::int32_t>::max())
      bad("root attribute first_chip = " + std::to_string(first) + " is outside [0, 2147483647]");
    info_.first_chip = static_cast<std::uint32_t>(first);
    info_.version = r.attr_string("/", "rfvar_version");
    info_.command_line = r.attr_string("/", "command_line");
    info_.chip_ids = r.read_int32("/chips/chip_id");
    for (auto id : info_.chip_ids)
      if (id < 0) bad("/chips/chip_id holds a negative id (" + std::to_string(id) + ")");
    // Register-file geometry (/chips attributes; absent ones keep varius/chip_sample.h's defaults),
    // which must agree with the per-SM datasets' widths.
    varius::RfGeometry& g = info_.geometry;
    g.subbanks = info_.subbanks / g.banks;
    auto get = [&](const char* name, int& v) {
      if (!r.has_attr("/chips", name)) return;
      const std::int64_t x = r.attr_int("/chips", name);
      if (x < 1 || x > 4096) bad(std::string("/chips attribute ") + name + " = " + std::to_string(x) + " is outside [1, 4096]");
      v = static_cast<int>(x);
    };
    get("banks", g.banks);
    get("rows_per_bank", g.rows_per_bank);
    get("subbanks", g.subbanks);
    if (g.subbanks < 1 || g.lanes % g.subbanks != 0) bad("/chips attribute subbanks = " + std::to_string(g.subbanks) + " does not divide 32 lanes");
    if (info_.registers != g.registers() || info_.vectors != g.vectors() || info_.subbanks != g.subbank_count())
      bad("banks = " + std::to_string(g.banks) + ", rows_per_bank = " + std::to_string(g.rows_per_bank) +
          ", subbanks = " + std::to_string(g.subbanks) + " need " + std::to_string(g.registers()) + " registers, " +
          std::to_string(g.vectors()) + " vectors and " + std::to_string(g.subbank_count()) +
          " sub-banks per SM, the datasets have " + std::to_string(info_.registers) + ", " +
          std::to_string(info_.vectors) + " and " + std::to_string(info_.subbanks));
  } catch (const InputError& e) {
    if (std::string(e.what()).rfind(where, 0) == 0) throw;
    throw InputError(not_chips + ": " + e.what());
  } catch (const H5::Exception& e) {
    throw InputError(not_chips + ": " + e.getDetailMsg());
  } catch (const std::exception& e) {
    throw InputError(not_chips + ": " + e.what());
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
// A delay must be finite and positive (a normalized delay; 1.0 = nominal), any other value finite:
// NaN, inf, zero or negative delays would turn into null or negative frequencies downstream.
template <typename T>
void check_values(const std::string& file, const char* path, std::span<const T> v, bool delay, int chip, int sm) {
  for (std::size_t k = 0; k < v.size(); ++k) {
    const double x = static_cast<double>(v[k]);
    if (std::isfinite(x) && (!delay || x > 0.0)) continue;
    throw InputError("chips file '" + file + "': " + path + " of chip " + std::to_string(chip) +
                     (sm >= 0 ? ", SM " + std::to_string(sm) : std::string()) + " holds " + std::to_string(x) +
                     (delay ? " (accepted: a finite delay > 0)" : " (accepted: a finite number)"));
  }
}

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
  try {
    read_into_h5(out, first, count, sm_first, sm_count, fields);
  } catch (const H5::Exception& e) {  // a dataset the constructor's checks cannot see is broken
    throw InputError("chips file '" + file_.string() + "': cannot read: " + e.getDetailMsg());
  }
}

void ChipsFile::read_into_h5(std::vector<varius::ChipSample>& out, int first, int count, int sm_first, int sm_count,
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
  const varius::RfGeometry geo = info_.geometry;
  const std::string fname = file_.string();
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
    check_values(fname, "/chips/vth_d2d", std::span<const double>(&vd[static_cast<std::size_t>(i)], 1), false, first + i, -1);
    check_values(fname, "/chips/leff_d2d", std::span<const double>(&ld[static_cast<std::size_t>(i)], 1), false, first + i, -1);
    for (int s = 0; s < sm_count; ++s) {
      const std::size_t k = static_cast<std::size_t>(i) * ns + static_cast<std::size_t>(s);
      check_values(fname, "/chips/slowest_cell", std::span<const float>(&slow[k], 1), true, first + i, sm_first + s);
      check_values(fname, "/chips/fastest_cell", std::span<const float>(&fast[k], 1), true, first + i, sm_first + s);
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
        check_values(fname, fd.path, std::span<const float>(v), fd.bit != kSubbankVth, first + i, sm_first + s);
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
