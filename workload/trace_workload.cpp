#include "workload/trace_workload.h"

#include <stdexcept>
#include <string>

namespace rfvar::arch {

TraceWorkload::TraceWorkload(Benchmark b, std::vector<LaunchTrace> launches)
    : b_(std::move(b)), launches_(std::move(launches)) {
  if (launches_.size() != b_.launches.size())
    throw std::invalid_argument("trace of '" + b_.name + "': " + std::to_string(launches_.size()) +
                                " launch traces for " + std::to_string(b_.launches.size()) + " launches");
}

TraceWorkload TraceWorkload::record(const IWorkload& from, int sms, int sm) {
  const Benchmark& b = from.benchmark();
  std::vector<LaunchTrace> out(b.launches.size());
  BlockTrace scratch;
  for (std::size_t l = 0; l < b.launches.size(); ++l) {
    out[l].launch = static_cast<std::int32_t>(l);
    const int grid = b.launches[l].grid;
    out[l].blocks.resize(static_cast<std::size_t>(grid));
    for (int bid = sm; bid < grid; bid += sms)
      out[l].blocks[static_cast<std::size_t>(bid)] = from.block(static_cast<int>(l), bid, scratch);
  }
  return TraceWorkload(b, std::move(out));
}

const BlockTrace& TraceWorkload::block(int launch, int bid, BlockTrace& /*scratch*/) const {
  const BlockTrace& t = launches_.at(static_cast<std::size_t>(launch)).blocks.at(static_cast<std::size_t>(bid));
  if (t.warps.empty())
    throw std::out_of_range("trace of '" + b_.name + "' has no block " + std::to_string(bid) + " of launch " +
                            std::to_string(launch));
  return t;
}

}  // namespace rfvar::arch
