// The explicit name -> factory table of warp schedulers.
#include "arch/scheduler/i_warp_scheduler.h"
#include "common/registry.h"

namespace rfvar::arch {
namespace {
using SchedulerRegistry = Registry<IWarpScheduler, const ArchParams&>;
const SchedulerRegistry& table() {
  static const SchedulerRegistry r(
      "scheduler", {
                       {"lrr", [](const ArchParams&) { return make_lrr(); }},
                       {"gto", [](const ArchParams&) { return make_gto(); }},
                       {"two-level",
                        [](const ArchParams& p) { return make_two_level(p.two_level_active_warps, p.two_level_greedy); }},
                       {"two-level-groups",
                        [](const ArchParams& p) { return make_fetch_groups(p.two_level_group_warps); }},
                       {"fwas", [](const ArchParams&) { return make_fwas(); }},
                   });
  return r;
}
}  // namespace

std::unique_ptr<IWarpScheduler> make_scheduler(const std::string& name, const ArchParams& p) {
  return table().create(name, p);
}
std::vector<std::string> scheduler_names() { return table().names(); }

}  // namespace rfvar::arch
