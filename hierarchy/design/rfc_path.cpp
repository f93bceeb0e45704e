#include "hierarchy/design/rfc_path.h"

namespace rfvar::arch::hierarchy {

RfcPath::RfcPath(const rfc::RfcParams& p, bool sfu_long_latency, bool active_set_managed)
    : p_(p), sfu_long_latency_(sfu_long_latency), managed_(active_set_managed) {}

void RfcPath::fold_stats() {
  if (!rfc_) return;
  total_ += rfc_->stats();
  rfc_->reset_stats();
}

void RfcPath::on_kernel_launch(const Kernel& k, int warp_slots, IMainRfWriter& main_rf) {
  fold_stats();
  k_ = &k;
  live_ = kernel_liveness(k, sfu_long_latency_);
  rfc_ = std::make_unique<rfc::RegisterFileCache>(p_, warp_slots);
  main_ = &main_rf;
  active_.assign(static_cast<std::size_t>(warp_slots), managed_ ? 0 : 1);
  pc_.assign(static_cast<std::size_t>(warp_slots), 0);
  ids_ = static_cast<std::size_t>(k.reg_ids);
  writer_pc_.assign(static_cast<std::size_t>(warp_slots) * ids_, 0);
}

void RfcPath::on_issue(int slot, int pc, std::uint64_t) {
  pc_[static_cast<std::size_t>(slot)] = pc;
  const Instr& in = k_->code[static_cast<std::size_t>(pc)];
  for (int d = 0; d < in.ndst; ++d) writer_pc_[static_cast<std::size_t>(slot) * ids_ + in.dst[d]] = pc;
}

bool RfcPath::serve_read(int slot, int reg, std::uint64_t) {
  if (!active_[static_cast<std::size_t>(slot)]) return false;
  const auto pc = static_cast<std::size_t>(pc_[static_cast<std::size_t>(slot)]);
  return rfc_->read(slot, reg, live_.last_reads[pc].test(static_cast<std::size_t>(reg)));  // Gebhart §3.1 dead-operand bit
}

bool RfcPath::absorb_write(int slot, int reg, std::uint64_t) {
  if (!active_[static_cast<std::size_t>(slot)]) {  // an inactive warp's result goes to the main RF
    ++inactive_writes_;
    return false;
  }
  const auto pc = static_cast<std::size_t>(writer_pc_[static_cast<std::size_t>(slot) * ids_ + static_cast<std::size_t>(reg)]);
  const rfc::WriteOutcome w = rfc_->write(slot, reg, live_.dead_writes[pc].test(static_cast<std::size_t>(reg)), live_.long_latency[pc] != 0);
  if (w.written_back) main_->write_back(slot, w.evicted_reg);  // Gebhart §3.1: live evictions only
  return w.cached;
}

std::uint64_t RfcPath::on_warp_activate(int slot, int, std::uint64_t now) {
  active_[static_cast<std::size_t>(slot)] = 1;
  return now;
}

void RfcPath::on_warp_deactivate(int slot, int, std::uint64_t) {
  active_[static_cast<std::size_t>(slot)] = 0;
  const ltrf::RegSet wb = rfc_->flush(slot);  // Gebhart §3.2: flush on deactivation
  for (int r = 0; r < ltrf::kMaxCfgRegs; ++r)
    if (wb.test(static_cast<std::size_t>(r))) main_->write_back(slot, r);
}

void RfcPath::on_warp_exit(int slot) {
  active_[static_cast<std::size_t>(slot)] = managed_ ? 0 : 1;
  rfc_->exit(slot);
}

}  // namespace rfvar::arch::hierarchy
