// `ptxas -v` register counts (see ptxas_regs.h for the contract).
#include "ptx/ptxas_regs.h"

#include <fstream>
#include <regex>

#include "common/config.h"

namespace rfvar::arch::ptx {

std::map<std::string, int> read_ptxas_regs(const std::filesystem::path& regs_file) {
  std::ifstream in(regs_file);
  if (!in) throw InputError(regs_file.string() + ": cannot read the ptxas register counts (ptxas -v output)");
  static const std::regex entry(R"(Compiling entry function '([^']+)')");
  static const std::regex used(R"(Used ([0-9]+) registers)");
  std::map<std::string, int> out;
  std::string line, current;
  int line_no = 0, current_line = 0;
  std::smatch m;
  while (std::getline(in, line)) {
    ++line_no;
    if (std::regex_search(line, m, entry)) {
      if (!current.empty())
        throw InputError(regs_file.string() + ":" + std::to_string(current_line) + ": entry '" + current +
                         "' has no 'Used N registers' line");
      current = m[1].str(), current_line = line_no;
    } else if (std::regex_search(line, m, used) && !current.empty()) {
      // 255 is every NVIDIA ISA's per-thread register limit; longer digit strings would overflow.
      const std::string n = m[1].str();
      const int regs = n.size() <= 4 ? std::stoi(n) : 1 << 20;
      if (regs > 255)
        throw InputError(regs_file.string() + ":" + std::to_string(line_no) + ": entry '" + current + "' uses " + n +
                         " registers (accepted: 0 .. 255)");
      out[current] = regs;
      current.clear();
    }
  }
  if (!current.empty())
    throw InputError(regs_file.string() + ":" + std::to_string(current_line) + ": entry '" + current +
                     "' has no 'Used N registers' line");
  return out;
}

}  // namespace rfvar::arch::ptx
