// GPGPU-Sim 3.1's register numbering of PTX operands (see register_ids.h for the contract).
#include "ptx/register_ids.h"

#include <algorithm>

namespace rfvar::arch::ptx {

RegKind reg_kind(const RegName& r) {
  if (r.cls == "p") return RegKind::Pred;
  if (r.cls == "rd" || r.cls == "fd") return RegKind::B64;
  return RegKind::B32;
}

namespace {
void add_unique(std::vector<RegId>& v, RegId id) {
  if (std::find(v.begin(), v.end(), id) == v.end()) v.push_back(id);
}
}  // namespace

EntryRegs gpgpusim_register_ids(const Entry& e) {
  EntryRegs out;
  out.code.resize(e.info.size());
  int max_id = -1;
  auto add = [&](std::vector<RegId>& v, const RegName& r) {
    if (r.num < 0 || reg_kind(r) == RegKind::Pred) return;  // not a register-file operand
    add_unique(v, static_cast<RegId>(r.num));
    max_id = std::max(max_id, r.num);
  };
  for (std::size_t pc = 0; pc < e.info.size(); ++pc) {
    for (const RegName& r : e.info[pc].dsts) add(out.code[pc].dst, r);
    for (const RegName& r : e.info[pc].srcs) add(out.code[pc].src, r);
  }
  out.ids = max_id + 1;
  return out;
}

}  // namespace rfvar::arch::ptx
