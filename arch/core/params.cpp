#include "arch/core/params.h"

namespace rfvar::arch {

ArchParams ArchParams::from_config(const Config& c) {
  ArchParams p;
  auto i = [&](const char* k, double lo, double hi) {
    return static_cast<int>(c.get_int(std::string("arch.") + k, Range::closed(lo, hi)));
  };
  p.sms = i("sms", 1, 1024);
  p.gpu_sms = c.has("arch.gpu_sms") ? i("gpu_sms", 1, 1024) : 1;
  if (p.gpu_sms > p.sms)
    throw ConfigError("arch.gpu_sms = " + std::to_string(p.gpu_sms) +
                      " is more than arch.sms = " + std::to_string(p.sms) +
                      " (accepted: 1 = one representative SM, or 2..arch.sms SMs sharing the L2)");
  if (c.has("arch.gpu_clocks"))
    p.gpu_clocks = c.get_string("arch.gpu_clocks", {"equal", "pv"}) == "pv" ? GpuClocks::Pv : GpuClocks::Equal;
  p.max_threads_per_sm = i("max_threads_per_sm", 32, 4096);
  if (p.max_threads_per_sm % 32 != 0) throw ConfigError("arch.max_threads_per_sm must be a multiple of 32");
  p.max_blocks_per_sm = i("max_blocks_per_sm", 1, 64);
  p.registers_per_sm = i("registers_per_sm", 1024, 1 << 20);
  p.smem_bytes_per_sm = i("smem_bytes_per_sm", 0, 1 << 20);
  p.schedulers = i("schedulers", 1, 8);
  p.collector_units = {i("cu_sp", 1, 64), i("cu_sfu", 1, 64), i("cu_mem", 1, 64)};
  p.issue_width = {i("issue_sp", 1, 8), i("issue_sfu", 1, 8), i("issue_mem", 1, 8)};
  auto set = [&](OpClass op, int lat, int init) {
    p.latency_cycles[static_cast<int>(op)] = lat;
    p.initiation_cycles[static_cast<int>(op)] = init;
  };
  const int dp_init = i("init_dp", 1, 64);
  set(OpClass::IntAlu, i("lat_int_alu", 1, 1000), 1);
  set(OpClass::IntMul, i("lat_int_mul", 1, 1000), 1);
  set(OpClass::IntMad, i("lat_int_mad", 1, 1000), 1);
  set(OpClass::IntDiv, i("lat_int_div", 1, 10000), i("init_int_div", 1, 1000));
  set(OpClass::FpAlu, i("lat_fp_alu", 1, 1000), 1);
  set(OpClass::FpMul, i("lat_fp_mul", 1, 1000), 1);
  set(OpClass::FpMad, i("lat_fp_mad", 1, 1000), 1);
  set(OpClass::FpDiv, i("lat_fp_div", 1, 10000), i("init_fp_div", 1, 1000));
  set(OpClass::DpAlu, i("lat_dp", 1, 1000), dp_init);
  set(OpClass::Sfu, i("lat_sfu", 1, 1000), i("init_sfu", 1, 64));
  set(OpClass::Load, 1, 1);
  set(OpClass::Store, 1, 1);
  set(OpClass::Barrier, 1, 1);
  set(OpClass::Branch, 1, 1);
  set(OpClass::Exit, 1, 1);
  p.lat_branch_cycles = i("lat_branch", 1, 1000);
  p.lat_smem_cycles = i("lat_smem", 1, 10000);
  p.lat_l1_hit_cycles = i("lat_l1_hit", 1, 10000);
  p.lat_l2_hit_cycles = i("lat_l2_hit", 1, 100000);
  p.lat_dram_cycles = i("lat_dram", 1, 100000);
  p.l2_cycles_per_request = c.get_double("arch.l2_cycles_per_request", Range::closed(0.0, 1000.0));
  p.dram_cycles_per_request = c.get_double("arch.dram_cycles_per_request", Range::closed(0.0, 1000.0));
  p.max_outstanding_misses = i("max_outstanding_misses", 1, 4096);
  p.dram_banks_model = c.get_string("arch.dram_model", {"queue", "banks"}) == "banks";
  p.dram_channels = i("dram_channels", 1, 64);
  p.dram_banks = i("dram_banks", 1, 64);
  p.dram_row_bytes = i("dram_row_bytes", 32, 1 << 20);
  p.dram_interleave_bytes = i("dram_interleave_bytes", 32, 1 << 20);
  p.dram_atom_bytes = i("dram_atom_bytes", 1, 4096);
  p.dram_clock_mhz = c.get_double("arch.dram_clock_mhz", Range::closed(1.0, 1e5));
  p.core_clock_mhz = c.get_double("arch.core_clock_mhz", Range::closed(1.0, 1e5));
  p.dram_t_ccd = i("dram_t_ccd", 1, 1000);
  p.dram_t_rrd = i("dram_t_rrd", 0, 1000);
  p.dram_t_rcd = i("dram_t_rcd", 0, 1000);
  p.dram_t_ras = i("dram_t_ras", 0, 1000);
  p.dram_t_rp = i("dram_t_rp", 0, 1000);
  p.dram_t_rc = i("dram_t_rc", 0, 1000);
  p.dram_t_cl = i("dram_t_cl", 0, 1000);
  p.dram_t_wl = i("dram_t_wl", 0, 1000);
  p.dram_t_cdlr = i("dram_t_cdlr", 0, 1000);
  p.dram_t_wr = i("dram_t_wr", 0, 1000);
  p.dram_queue = i("dram_queue", 1, 4096);
  p.l1_size_bytes = i("l1_size_bytes", 128, 1 << 24);
  p.l1_line_bytes = i("l1_line_bytes", 4, 4096);
  p.l1_ways = i("l1_ways", 1, 64);
  if (p.l1_size_bytes % (p.l1_line_bytes * p.l1_ways) != 0)
    throw ConfigError("arch.l1_size_bytes must be a multiple of arch.l1_line_bytes * arch.l1_ways");
  p.l2_size_bytes = i("l2_size_bytes", 128, 1 << 30);
  p.l2_line_bytes = i("l2_line_bytes", 4, 4096);
  p.l2_ways = i("l2_ways", 1, 256);
  if (p.l2_size_bytes % (p.l2_line_bytes * p.l2_ways) != 0)
    throw ConfigError("arch.l2_size_bytes must be a multiple of arch.l2_line_bytes * arch.l2_ways");
  p.l2_write_allocate = c.get_string("arch.l2_write_policy", {"write-allocate", "fill-only"}) == "write-allocate";
  p.register_ids = c.get_string("arch.register_ids", {"gpgpusim", "allocated"}) == "allocated"
                       ? RegisterIds::Allocated
                       : RegisterIds::GpgpuSim;
  p.rf_ports = c.get_string("arch.rf_ports", {"single", "read-write"}) == "read-write" ? RfPorts::ReadWrite
                                                                                       : RfPorts::Single;
  p.wavefront_arbiter = c.get_string("arch.bank_arbiter", {"rotating", "wavefront"}) == "wavefront";
  p.dp_on_sfu = c.get_string("arch.dp_unit", {"sp", "sfu"}) == "sfu";
  p.issue_register = c.get_string("arch.issue_to_collector", {"register", "direct"}) == "register";
  p.rotate_schedulers = c.get_string("arch.scheduler_order", {"fixed", "rotating"}) == "rotating";
  p.two_level_active_warps = i("two_level_active_warps", 1, 64);
  p.two_level_greedy = c.get_string("arch.two_level_inner", {"greedy", "round_robin"}) == "greedy";
  p.two_level_group_warps = i("two_level_group_warps", 1, 64);
  p.max_cycles = c.get_int("arch.max_cycles", Range::closed(1000, 1e15));
  p.sharing.virtual_rf = c.get_bool("sharing.virtual_rf");
  p.sharing.admit_headroom = c.get_double("sharing.admit_headroom", Range::open_closed(0.0, 1.0));
  const std::string share_mode = c.get_string("sharing.mode", {"off", "perfect", "partial"});
  p.sharing.mode = share_mode == "partial"   ? SharingMode::Partial
                   : share_mode == "perfect" ? SharingMode::Perfect
                                             : SharingMode::Off;
  p.sharing.merge_slots = static_cast<int>(c.get_int("sharing.merge_slots", Range::closed(1, 8)));
  p.sharing.merge_cycles = static_cast<int>(c.get_int("sharing.merge_cycles", Range::closed(1, 64)));
  p.sharing.table_entries = static_cast<int>(c.get_int("sharing.table_entries", Range::closed(0, 1 << 20)));
  p.sharing.stride_bits = static_cast<int>(c.get_int("sharing.stride_bits", Range::closed(2, 63)));
  if (p.sharing.mode != SharingMode::Off && !p.sharing.virtual_rf)
    throw ConfigError("sharing.mode = \"" + share_mode + "\" shares physical registers: it needs sharing.virtual_rf = true "
                      "(Jeon 2019 §3 builds on a virtualized register file)");
  p.sharing.release_finished_lanes = c.get_bool("sharing.release_finished_lanes");
  p.sharing.deadlock_cycles = c.get_int("sharing.deadlock_cycles", Range::closed(1000, 1e12));
  p.limits = Limits::from_config(c);
  return p;
}

}  // namespace rfvar::arch
