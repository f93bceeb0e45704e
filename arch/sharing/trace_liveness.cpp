#include "arch/sharing/trace_liveness.h"

#include <algorithm>
#include <string>

#include "common/config.h"

namespace rfvar::arch::sharing {

std::vector<std::uint16_t> trace_releases(const Kernel& k, const WarpTrace& t, std::uint32_t full_mask,
                                          bool finished_lanes_dead) {
  // What happens next to each register, walking the trace backwards: nothing, a read (of the value
  // it holds now), or a full write (the value it holds now is dead).
  enum : std::uint8_t { kNothing, kRead, kFullWrite };
  std::vector<std::uint8_t> next(static_cast<std::size_t>(k.reg_ids), kNothing);
  std::vector<std::uint16_t> out(t.steps.size(), 0);
  std::uint32_t later = 0;  // lanes of the steps after this one, Exits excluded (finished_lanes_dead)
  const auto check = [&](RegId r, std::size_t i) {
    if (r >= k.reg_ids)
      throw InputError("kernel '" + k.name + "' step " + std::to_string(i) + ": register id " + std::to_string(r) +
                       " >= its " + std::to_string(k.reg_ids) + " ids");
  };
  for (std::size_t i = t.steps.size(); i-- > 0;) {
    const TraceStep& st = t.steps[i];
    const Instr& in = k.code.at(static_cast<std::size_t>(st.pc));
    std::uint16_t bits = 0;
    // The write happens after the reads of the same instruction: destinations first, going backwards.
    // Lanes of the value before this write that it does not overwrite and that may still read it.
    const std::uint32_t kept = full_mask & ~st.mask & (finished_lanes_dead ? later : ~0u);
    const bool full = kept == 0;
    if (in.op != OpClass::Exit) later |= st.mask;
    for (int d = 0; d < in.ndst; ++d) {
      const RegId r = in.dst[d];
      check(r, i);
      if (next[r] != kRead) bits |= static_cast<std::uint16_t>(kDeadDst0 << d);
      next[r] = full ? kFullWrite : kRead;
    }
    for (int s = 0; s < in.nsrc; ++s) {
      const RegId r = in.src[s];
      check(r, i);
      bool seen = false;
      for (int j = 0; j < s; ++j) seen |= in.src[j] == r;
      if (seen) continue;
      if (next[r] != kRead) bits |= static_cast<std::uint16_t>(1u << s);
      next[r] = kRead;
    }
    out[i] = bits;
  }
  return out;
}

int trace_peak(const Kernel& k, const WarpTrace& t, const std::vector<std::uint16_t>& rel) {
  std::vector<std::uint8_t> held(static_cast<std::size_t>(k.reg_ids), 0);
  int n = 0, peak = 0;
  for (std::size_t i = 0; i < t.steps.size() && i < rel.size(); ++i) {
    const Instr& in = k.code.at(static_cast<std::size_t>(t.steps[i].pc));
    for (int s = 0; s < in.nsrc; ++s)
      if ((rel[i] >> s) & 1 && held[in.src[s]]) held[in.src[s]] = 0, --n;
    for (int d = 0; d < in.ndst; ++d)
      if (!held[in.dst[d]]) held[in.dst[d]] = 1, ++n;
    peak = std::max(peak, n);
    for (int d = 0; d < in.ndst; ++d)
      if (rel[i] & (kDeadDst0 << d)) held[in.dst[d]] = 0, --n;
  }
  return peak;
}

}  // namespace rfvar::arch::sharing
