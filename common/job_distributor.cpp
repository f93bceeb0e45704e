#include "common/job_distributor.h"

#include <algorithm>
#include <chrono>
#include <numeric>
#include <stdexcept>

#include "common/config.h"
#include "common/parallel_jobs.h"

namespace rfvar {

namespace {

double cost_of(std::span<const double> cost, int i) {
  return cost.empty() ? 1.0 : cost[static_cast<std::size_t>(i)];
}

// Job indices by decreasing cost, ties by index (the plan's order).
std::vector<int> by_cost(int n, std::span<const double> cost) {
  std::vector<int> order(static_cast<std::size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return cost_of(cost, a) > cost_of(cost, b); });
  return order;
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

std::vector<int> plan_jobs(int n, std::span<const double> cost, int ranks) {
  if (!cost.empty() && cost.size() != static_cast<std::size_t>(n))
    throw std::invalid_argument("plan_jobs: cost has " + std::to_string(cost.size()) + " entries for " +
                                std::to_string(n) + " jobs");
  if (ranks < 1) throw std::invalid_argument("plan_jobs: ranks must be >= 1");
  std::vector<int> owner(static_cast<std::size_t>(n), 0);
  std::vector<double> load(static_cast<std::size_t>(ranks), 0.0);
  for (const int j : by_cost(n, cost)) {  // LPT: the next most expensive job to the least loaded rank
    const auto r = std::min_element(load.begin(), load.end()) - load.begin();
    owner[static_cast<std::size_t>(j)] = static_cast<int>(r);
    load[static_cast<std::size_t>(r)] += cost_of(cost, j);
  }
  return owner;
}

std::vector<int> jobs_of(const std::vector<int>& owner, int rank, std::span<const double> cost) {
  std::vector<int> mine;
  for (const int j : by_cost(static_cast<int>(owner.size()), cost))
    if (owner[static_cast<std::size_t>(j)] == rank) mine.push_back(j);
  return mine;
}

JobBatch run_jobs(std::string phase, int n, std::vector<int> ids, Progress* progress,
                  const std::function<void(int)>& job) {
  JobBatch b;
  b.phase = std::move(phase);
  b.n = n;
  b.ids = std::move(ids);
  b.cost_s.assign(b.ids.size(), 0.0);
  b.errors.assign(b.ids.size(), std::string());
  const auto t0 = std::chrono::steady_clock::now();
  parallel_jobs(static_cast<int>(b.ids.size()), progress, [&](int i) {
    const auto u = static_cast<std::size_t>(i);
    const auto tj = std::chrono::steady_clock::now();
    try {
      job(b.ids[u]);
    } catch (const InputError& e) {
      b.errors[u] = std::string("I") + e.what();
    } catch (const std::exception& e) {
      b.errors[u] = std::string("E") + e.what();
    } catch (...) {
      b.errors[u] = "Eunknown exception";
    }
    b.cost_s[u] = seconds_since(tj);
  });
  b.busy_s = seconds_since(t0);
  return b;
}

void exchange(JobDistributor& d, const JobBatch& mine, const JobCodec& codec, Progress* progress) {
  std::vector<std::string> messages;
  if (d.ranks() == 1) {
    messages.emplace_back();  // nothing to send: the only rank ran every job
  } else {
    ByteWriter w;
    w.put(static_cast<std::uint64_t>(mine.ids.size()));
    for (std::size_t u = 0; u < mine.ids.size(); ++u) {
      w.put(static_cast<std::int32_t>(mine.ids[u]));
      w.put(mine.errors[u]);
      if (mine.errors[u].empty()) codec.encode(mine.ids[u], w);
    }
    messages = d.all_gather(w.take());
  }
  // Every rank's record (id, cost, error) and, from the other ranks, their results.
  JobPhase phase;
  phase.name = mine.phase;
  phase.cost_s.assign(static_cast<std::size_t>(mine.n), 0.0);
  phase.rank.assign(static_cast<std::size_t>(mine.n), -1);
  std::vector<double> busy(static_cast<std::size_t>(d.ranks()), 0.0);
  int error_index = mine.n;
  std::string error;
  auto note = [&](int id, int rank, double cost, const std::string& err) {
    phase.cost_s.at(static_cast<std::size_t>(id)) = cost;
    phase.rank.at(static_cast<std::size_t>(id)) = rank;
    if (!err.empty() && id < error_index) error_index = id, error = err;
  };
  for (std::size_t u = 0; u < mine.ids.size(); ++u) note(mine.ids[u], d.rank(), mine.cost_s[u], mine.errors[u]);
  busy[static_cast<std::size_t>(d.rank())] = mine.busy_s;
  // Busy times and costs travel in a second, small message, so results stay apart from timings.
  if (d.ranks() > 1) {
    std::uint64_t others = 0;
    for (int r = 0; r < d.ranks(); ++r) {
      if (r == d.rank()) continue;
      ByteReader in(messages[static_cast<std::size_t>(r)]);
      const auto count = in.get<std::uint64_t>();
      others += count;
      for (std::uint64_t u = 0; u < count; ++u) {
        const int id = in.get<std::int32_t>();
        const std::string err = in.get<std::string>();
        if (err.empty()) codec.decode(id, in);
        note(id, r, 0.0, err);
      }
      if (!in.done()) throw std::logic_error("exchange: job message of rank " + std::to_string(r) + " not used up");
    }
    ByteWriter t;
    t.put(mine.busy_s);
    t.put(mine.cost_s);
    std::vector<int> ids = mine.ids;
    t.put(ids);
    const std::vector<std::string> timings = d.all_gather(t.take());
    for (int r = 0; r < d.ranks(); ++r) {
      ByteReader in(timings[static_cast<std::size_t>(r)]);
      busy[static_cast<std::size_t>(r)] = in.get<double>();
      const auto cost = in.get<std::vector<double>>();
      const auto rids = in.get<std::vector<int>>();
      for (std::size_t u = 0; u < rids.size() && u < cost.size(); ++u)
        phase.cost_s.at(static_cast<std::size_t>(rids[u])) = cost[u];
    }
    Progress::tick(progress, others);
  }
  phase.rank_busy_s = busy;
  JobLog& log = d.log();
  auto same = std::find_if(log.phases.begin(), log.phases.end(), [&](const JobPhase& p) { return p.name == phase.name; });
  if (same == log.phases.end()) {
    log.phases.push_back(std::move(phase));
  } else {
    same->cost_s.insert(same->cost_s.end(), phase.cost_s.begin(), phase.cost_s.end());
    same->rank.insert(same->rank.end(), phase.rank.begin(), phase.rank.end());
    same->rank_busy_s.resize(std::max(same->rank_busy_s.size(), busy.size()), 0.0);
    for (std::size_t r = 0; r < busy.size(); ++r) same->rank_busy_s[r] += busy[r];
  }
  if (!error.empty()) {
    if (error[0] == 'I') throw InputError(error.substr(1));
    throw std::runtime_error(error.substr(1));
  }
}

void distribute_jobs(JobDistributor* d, const std::string& phase, int n, std::span<const double> cost,
                     Progress* progress, const std::function<void(int)>& job, const JobCodec& codec) {
  if (!d) {
    parallel_jobs(n, progress, job);
    return;
  }
  const std::vector<int> owner = plan_jobs(n, cost, d->ranks());
  const JobBatch mine = run_jobs(phase, n, jobs_of(owner, d->rank(), cost), progress, job);
  exchange(*d, mine, codec, progress);
}

}  // namespace rfvar
