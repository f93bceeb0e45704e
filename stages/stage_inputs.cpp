#include "stages/stage_inputs.h"

#include <filesystem>
#include <map>
#include <sstream>

#include "common/config.h"
#include "stages/chips_file.h"
#include "stages/stage.h"

namespace rfvar::stages {

std::uint64_t master_seed(const Config& c) {
  return static_cast<std::uint64_t>(c.get_int("population.seed", Range::non_negative()));
}

std::string option_value(const std::string& t) {
  if (t.size() >= 2 && (t.front() == '"' || t.front() == '\'')) return t.substr(1, t.size() - 2);
  if (!t.empty() && t.front() == '[') {  // ["a", "b"] -> a,b
    std::string out, cur;
    bool in = false;
    for (const char c : t) {
      if (c == '"' || c == '\'') {
        if (in) out += (out.empty() ? "" : ",") + cur;
        cur.clear();
        in = !in;
      } else if (in) {
        cur += c;
      }
    }
    return out;
  }
  return t;
}

std::vector<std::string> distinct_names(const std::vector<std::string>& specs, const std::vector<std::string>& names) {
  std::map<std::string, int> uses;
  for (const auto& n : names) ++uses[n];
  std::vector<std::string> out;
  std::map<std::string, int> seen;
  for (std::size_t i = 0; i < names.size(); ++i) {
    std::string n = names[i];
    if (uses[n] > 1) {
      const std::string& s = specs.at(i);
      n = s.find('/') == std::string::npos ? s : std::filesystem::path(s).filename().string();
      if (n.empty()) n = s;  // a folder given with a trailing slash
    }
    const int k = ++seen[n];
    out.push_back(k > 1 ? n + "#" + std::to_string(k) : n);
  }
  return out;
}

std::vector<std::string> split_list(const std::string& list) {
  std::vector<std::string> out;
  std::stringstream ss(list);
  for (std::string name; std::getline(ss, name, ',');)
    if (!name.empty()) out.push_back(name);
  return out;
}

std::string join_names(const std::vector<std::string>& names) {
  std::string s;
  for (const auto& n : names) s += (s.empty() ? "" : ",") + n;
  return s;
}

std::pair<std::string, int> parse_chip_spec(const std::string& spec) {
  const auto colon = spec.rfind(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 == spec.size())
    throw InputError("--chip '" + spec + "': expected FILE:INDEX, e.g. chips.h5:17");
  try {
    std::size_t n = 0;
    const int k = std::stoi(spec.substr(colon + 1), &n);
    if (n != spec.size() - colon - 1 || k < 0) throw std::invalid_argument("");
    return {spec.substr(0, colon), k};
  } catch (const std::exception&) {
    throw InputError("--chip '" + spec + "': the chip index must be a non-negative integer");
  }
}

void check_chip_capacity(const varius::RfGeometry& g, int registers_per_sm, const std::string& source) {
  if (g.registers() < registers_per_sm)
    throw InputError(source + ": the chips' register file holds " + std::to_string(g.registers()) +
                     " registers per SM (banks " + std::to_string(g.banks) + " x rows_per_bank " +
                     std::to_string(g.rows_per_bank) + " x 32), fewer than arch.registers_per_sm = " +
                     std::to_string(registers_per_sm) + " that the SM model allocates");
}

void check_sm_option(int sm, int gpu_sms) {
  if (gpu_sms > 1 && sm != 0)
    throw InputError("--sm selects the one simulated SM; with arch.gpu_sms > 1 SMs 0..gpu_sms-1 run");
}

ChipSms read_chip_sms(const std::string& file, int first, int count, int sm, int gpu_sms,
                      const std::string& chip_option) {
  check_sm_option(sm, gpu_sms);
  const ChipsFile in(file);
  const ChipsFileInfo& info = in.info();
  if (first >= info.chips)
    throw InputError(chip_option + ": index " + std::to_string(first) + " out of range; '" + file + "' holds " +
                     std::to_string(info.chips) + " chips (0.." + std::to_string(info.chips - 1) + ")");
  if (sm < 0 || sm >= info.sms)
    throw InputError("--sm " + std::to_string(sm) + " out of range; the chips have " + std::to_string(info.sms) +
                     " SMs (0.." + std::to_string(info.sms - 1) + ")");
  if (gpu_sms > info.sms)
    throw InputError("arch.gpu_sms = " + std::to_string(gpu_sms) + " but the chips of '" + file + "' have " +
                     std::to_string(info.sms) + " SMs");
  auto chips = in.read(first, count, gpu_sms > 1 ? 0 : sm, gpu_sms);
  ChipSms out;
  out.geometry = chips.at(0).geometry;
  for (auto& c : chips) out.chips.push_back(std::move(c.sms));
  return out;
}

}  // namespace rfvar::stages
