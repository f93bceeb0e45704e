// Warp-wide instructions: shfl.sync, vote.sync, activemask (PTX ISA 8.x pseudo-code).
#include "ptx/exec.h"

namespace rfvar::arch::ptx {

void exec_warp(const Instr& in, std::uint64_t* r, std::uint32_t* p, std::uint32_t m, std::uint32_t active) {
  switch (in.op) {
    case Op::Shfl: {
      std::uint64_t vals[32];
      const std::uint64_t* a = slot(r, in.src[0]);
      for (int l = 0; l < 32; ++l) vals[l] = a[l];
      const std::uint64_t *b = slot(r, in.src[1]), *c = slot(r, in.src[2]);
      std::uint64_t* d = slot(r, in.dst[0]);
      std::uint32_t pbits = 0;
      for_lanes(m, [&](int l) {
        const int bval = static_cast<int>(b[l] & 31), cval = static_cast<int>(c[l] & 31);
        const int seg = static_cast<int>((c[l] >> 8) & 31);
        const int max_lane = (l & seg) | (cval & ~seg), min_lane = l & seg;
        int j = l;
        bool pval = false;
        switch (in.mode) {
          case Mode::Up:
            j = l - bval, pval = j >= max_lane;
            break;
          case Mode::Down:
            j = l + bval, pval = j <= max_lane;
            break;
          case Mode::Bfly:
            j = l ^ bval, pval = j <= max_lane;
            break;
          default:
            j = min_lane | (bval & ~seg), pval = j <= max_lane;
            break;
        }
        if (!pval) j = l;
        d[l] = vals[j] & 0xFFFFFFFFu;
        pbits |= static_cast<std::uint32_t>(pval) << l;
      });
      if (in.ndst > 1) p[in.dst[1]] = (p[in.dst[1]] & ~m) | pbits;
      return;
    }
    case Op::Vote: {
      const std::uint32_t c = (in.negate_src ? ~p[in.src[0]] : p[in.src[0]]) & m;
      if (in.mode == Mode::Ballot) {
        std::uint64_t* d = slot(r, in.dst[0]);
        for_lanes(m, [&](int l) { d[l] = c; });
        return;
      }
      const bool v = in.mode == Mode::All ? c == m : in.mode == Mode::Any ? c != 0 : (c == 0 || c == m);
      p[in.dst[0]] = (p[in.dst[0]] & ~m) | (v ? m : 0);
      return;
    }
    case Op::Activemask: {
      std::uint64_t* d = slot(r, in.dst[0]);
      for_lanes(m, [&](int l) { d[l] = active; });
      return;
    }
    default:
      throw std::logic_error("ptx: exec_warp cannot run opcode " + std::to_string(static_cast<int>(in.op)));
  }
}

}  // namespace rfvar::arch::ptx
