#include "stages/chips_file.h"

#include <H5Cpp.h>

#include <cmath>
#include <limits>
#include <map>
#include <span>

#include "common/h5io.h"
#include "common/isolated_run.h"
#include "varius/params.h"
#include "varius/population.h"

namespace rfvar::stages {

struct ChipsFileWriter::Impl {
  H5Writer w;
  std::uint64_t n = 0, written = 0, sms = 0, grid = 0;
  varius::RfGeometry geometry;
  bool created = false;
  Impl(const std::filesystem::path& out, std::uint64_t chips) : w(out), n(chips) {}
};

ChipsFileWriter::ChipsFileWriter(const std::filesystem::path& out, std::uint64_t chips, std::uint64_t seed,
                                 std::uint32_t first_chip, const Config& config, const std::string& command_line)
    : impl_(std::make_unique<Impl>(out, chips)) {
  H5Writer& w = impl_->w;
  w.set_deflate_level(varius::PopulationParams::from_config(config).deflate_level);
  w.provenance("chips", seed, config, command_line);
  w.attr("/", "first_chip", static_cast<std::int64_t>(first_chip));
}

ChipsFileWriter::~ChipsFileWriter() = default;

void ChipsFileWriter::create(const varius::ChipSample& first) {
  Impl& m = *impl_;
  m.sms = first.sms.size();
  m.geometry = first.geometry;
  m.grid = static_cast<std::uint64_t>(first.grid);
  const std::uint64_t n = m.n, sms = m.sms, g = m.grid;
  const auto regs = static_cast<std::uint64_t>(m.geometry.registers()),
             vecs = static_cast<std::uint64_t>(m.geometry.vectors()),
             sbs = static_cast<std::uint64_t>(m.geometry.subbank_count());
  const std::vector<std::string> lab2{"chip", "sm"}, lab1{"chip"};
  m.w.create_blocks<std::int32_t>("/chips/chip_id", {n}, lab1);
  m.w.create_blocks<float>("/chips/reg_delay", {n, sms, regs}, {"chip", "sm", "register"},
                           "normalized delay");
  m.w.create_blocks<float>("/chips/vector_delay", {n, sms, vecs}, {"chip", "sm", "vector"},
                           "normalized delay");
  const Dims sb{n, sms, sbs};
  m.w.create_blocks<float>("/chips/subbank_delay", sb, {"chip", "sm", "subbank"}, "normalized delay");
  m.w.create_blocks<float>("/chips/subbank_dvth_sys", sb, {"chip", "sm", "subbank"}, "V");
  m.w.create_blocks<float>("/chips/slowest_cell", {n, sms}, lab2, "normalized delay");
  m.w.create_blocks<float>("/chips/fastest_cell", {n, sms}, lab2, "normalized delay");
  m.w.create_blocks<double>("/chips/sm_norm_freq", {n, sms}, lab2, "normalized frequency");
  m.w.create_blocks<double>("/chips/chip_norm_freq", {n}, lab1, "normalized frequency");
  m.w.create_blocks<double>("/chips/vth_d2d", {n}, lab1, "relative");
  m.w.create_blocks<double>("/chips/leff_d2d", {n}, lab1, "relative");
  m.w.create_blocks<float>("/maps/vth_sys", {n, g, g}, {"chip", "y", "x"}, "relative");
  m.w.create_blocks<float>("/maps/leff_sys", {n, g, g}, {"chip", "y", "x"}, "relative");
  m.created = true;
}

void ChipsFileWriter::append(const std::vector<varius::ChipSample>& batch) {
  Impl& m = *impl_;
  if (batch.empty()) return;
  if (!m.created) create(batch.front());
  if (m.written + batch.size() > m.n) throw std::logic_error("ChipsFileWriter: more chips than announced");
  // Per-SM arrays chip by chip (one chip's rows at a time, a few MB); the per-chip values per batch.
  std::vector<float> row;
  auto per_sm_row = [&](const std::string& path, std::uint64_t i, const varius::ChipSample& c, auto member) {
    row.clear();
    for (const varius::SmDelays& d : c.sms) row.insert(row.end(), (d.*member).begin(), (d.*member).end());
    m.w.write_block(path, m.written + i, row);
  };
  std::vector<std::int32_t> ids;
  std::vector<float> slowest, fastest;
  std::vector<double> sm_f, chip_f, vd2d, ld2d;
  for (std::size_t i = 0; i < batch.size(); ++i) {
    const varius::ChipSample& c = batch[i];
    if (c.sms.size() != m.sms || c.geometry.registers() != m.geometry.registers() ||
        c.geometry.subbank_count() != m.geometry.subbank_count() || static_cast<std::uint64_t>(c.grid) != m.grid)
      throw std::logic_error("ChipsFileWriter: chips of different shapes");
    per_sm_row("/chips/reg_delay", i, c, &varius::SmDelays::reg_delay);
    per_sm_row("/chips/vector_delay", i, c, &varius::SmDelays::vector_delay);
    per_sm_row("/chips/subbank_delay", i, c, &varius::SmDelays::subbank_delay);
    per_sm_row("/chips/subbank_dvth_sys", i, c, &varius::SmDelays::subbank_dvth_sys_V);
    m.w.write_block("/maps/vth_sys", m.written + i, c.vth_sys_map);
    m.w.write_block("/maps/leff_sys", m.written + i, c.leff_sys_map);
    ids.push_back(static_cast<std::int32_t>(c.chip_id));
    for (const varius::SmDelays& d : c.sms) {
      slowest.push_back(d.slowest_cell);
      fastest.push_back(d.fastest_cell);
      sm_f.push_back(d.baseline_norm_freq());
    }
    chip_f.push_back(varius::chip_norm_freq(c));
    vd2d.push_back(c.vth_d2d);
    ld2d.push_back(c.leff_d2d);
  }
  m.w.write_block("/chips/chip_id", m.written, ids);
  m.w.write_block("/chips/slowest_cell", m.written, slowest);
  m.w.write_block("/chips/fastest_cell", m.written, fastest);
  m.w.write_block("/chips/sm_norm_freq", m.written, sm_f);
  m.w.write_block("/chips/chip_norm_freq", m.written, chip_f);
  m.w.write_block("/chips/vth_d2d", m.written, vd2d);
  m.w.write_block("/chips/leff_d2d", m.written, ld2d);
  m.written += batch.size();
}

void ChipsFileWriter::commit() {
  Impl& m = *impl_;
  if (m.written != m.n) throw std::logic_error("ChipsFileWriter: fewer chips than announced");
  if (!m.created) create(varius::ChipSample{});  // an empty population: the datasets with no chips
  m.w.attr("/chips", "subbanks", static_cast<std::int64_t>(m.geometry.subbanks));
  m.w.attr("/chips", "rows_per_bank", static_cast<std::int64_t>(m.geometry.rows_per_bank));
  m.w.attr("/chips", "banks", static_cast<std::int64_t>(m.geometry.banks));
  m.w.commit();
}

void write_chips_file(const std::filesystem::path& out, const std::vector<varius::ChipSample>& chips,
                      std::uint64_t seed, std::uint32_t first_chip, const Config& config,
                      const std::string& command_line) {
  ChipsFileWriter w(out, chips.size(), seed, first_chip, config, command_line);
  w.append(chips);
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

ChipsFile::ChipsFile(const std::filesystem::path& file, Probe probe, unsigned probe_limit_s) : file_(file) {
  std::string not_chips = file.string();  // (built in steps: GCC 12 -Wrestrict false positive)
  not_chips.insert(0, 1, '\'');
  not_chips.append("' is not an rfvar chip file");
  if (!std::filesystem::exists(file)) throw InputError("input file '" + file.string() + "' does not exist");
  const std::string where = "chips file '" + file.string() + "': ";
  if (probe == Probe::Isolated) {  // everything below, first in a child process (see the header)
    std::error_code ec;
    const std::uintmax_t bytes = std::filesystem::file_size(file, ec);
    const bool whole = !ec && bytes <= kProbeWholeBytes;
    const unsigned seconds = probe_limit_s > 0 ? probe_limit_s : probe_seconds(whole ? bytes : 0);
    const IsolatedOutcome o = run_isolated(
        [&] {
          const ChipsFile f(file, Probe::InProcess);
          (void)f.config();
          f.read(0, whole ? -1 : 1, 0, -1, true);
        },
        seconds);
    if (o.kind == IsolatedOutcome::Kind::Crashed)
      throw InputError(where + "the HDF5 library crashed reading it (" + o.describe() +
                       " in a child process): the file is corrupt");
    if (o.kind == IsolatedOutcome::Kind::TimedOut)
      throw InputError(where + "the HDF5 library did not finish reading its metadata and " +
                       (whole ? "chips" : "first chip") + " in " + std::to_string(seconds) +
                       " s (in a child process): the file is corrupt, or its storage does not answer");
  }
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
    if (std::string(e.what()).rfind(where, 0) == 0 || e.what() == not_chips) throw;
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
