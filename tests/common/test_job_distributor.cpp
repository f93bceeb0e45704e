// Tests for common/job_distributor.h and common/byte_codec.h: the static plan, and distributed jobs
// over ranks simulated by threads of this process (the MPI distributor's collectives, in memory).
#include <doctest/doctest.h>

#include <barrier>
#include <memory>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "common/config.h"
#include "common/job_distributor.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;

// K ranks as K threads: all_gather() and broadcast() meet at a barrier, as the MPI ones do.
struct Meeting {
  explicit Meeting(int k) : ranks(k), slots(static_cast<std::size_t>(k)), sync(k) {}
  int ranks;
  std::vector<std::string> slots;
  std::barrier<> sync;
};

class ThreadRank final : public JobDistributor {
 public:
  ThreadRank(Meeting& m, int rank) : m_(m), rank_(rank) {}
  int rank() const override { return rank_; }
  int ranks() const override { return m_.ranks; }
  std::vector<std::string> all_gather(const std::string& mine) override {
    m_.slots[static_cast<std::size_t>(rank_)] = mine;
    m_.sync.arrive_and_wait();
    std::vector<std::string> all = m_.slots;
    m_.sync.arrive_and_wait();
    return all;
  }
  std::string broadcast(const std::string& value) override { return all_gather(value).front(); }
  void barrier() override { m_.sync.arrive_and_wait(); }

 private:
  Meeting& m_;
  int rank_;
};

// Job i's result: a double with every bit used, and a vector whose length depends on i.
double value_of(int i) { return std::sqrt(static_cast<double>(i) + 0.1) / 3.0; }

struct Results {
  std::vector<double> x;
  std::vector<std::vector<float>> v;
  std::vector<int> ran_here;
  explicit Results(int n)
      : x(static_cast<std::size_t>(n), -1.0), v(static_cast<std::size_t>(n)), ran_here(static_cast<std::size_t>(n), 0) {}
  JobCodec codec() {
    return {[this](int i, ByteWriter& w) { w.put(x[static_cast<std::size_t>(i)]), w.put(v[static_cast<std::size_t>(i)]); },
            [this](int i, ByteReader& r) { r.get(x[static_cast<std::size_t>(i)]), r.get(v[static_cast<std::size_t>(i)]); }};
  }
  void job(int i) {
    x[static_cast<std::size_t>(i)] = value_of(i);
    v[static_cast<std::size_t>(i)].assign(static_cast<std::size_t>(i % 5), static_cast<float>(i));
    ran_here[static_cast<std::size_t>(i)] += 1;
  }
};

TEST_CASE("GIVEN costs WHEN planned THEN the longest-first rule balances them and every rank computes the same plan") {
  const std::vector<double> cost = {1, 9, 3, 7, 5, 2, 8};
  const auto owner = plan_jobs(7, cost, 3);
  // 9 -> r0, 8 -> r1, 7 -> r2, 5 -> r2, 3 -> r1, 2 -> r0, 1 -> r0 (tie 11/11: the lower rank).
  CHECK(owner == std::vector<int>{0, 0, 1, 2, 2, 0, 1});
  std::vector<double> load(3, 0.0);
  for (std::size_t j = 0; j < cost.size(); ++j) load[static_cast<std::size_t>(owner[j])] += cost[j];
  CHECK(load == std::vector<double>{12.0, 11.0, 12.0});
  CHECK(jobs_of(owner, 1, cost) == std::vector<int>{6, 2});  // most expensive first
  // Equal costs: ranks take turns in index order.
  CHECK(plan_jobs(5, {}, 2) == std::vector<int>{0, 1, 0, 1, 0});
  CHECK_THROWS_AS(plan_jobs(3, cost, 2), std::invalid_argument);
  CHECK_THROWS_AS(plan_jobs(3, {}, 0), std::invalid_argument);
}

TEST_CASE("GIVEN values WHEN written and read back as bytes THEN every bit survives and overreads throw") {
  ByteWriter w;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  w.put(nan), w.put(std::vector<float>{1.5f, -0.0f}), w.put(std::string("ok")), w.put(std::int32_t{-7});
  const std::string bytes = w.take();
  ByteReader r(bytes);
  CHECK(std::isnan(r.get<double>()));
  const auto v = r.get<std::vector<float>>();
  REQUIRE(v.size() == 2);
  CHECK(std::signbit(v[1]));
  CHECK(r.get<std::string>() == "ok");
  CHECK(r.get<std::int32_t>() == -7);
  CHECK(r.done());
  CHECK_THROWS_AS(r.get<double>(), std::out_of_range);
}

TEST_CASE("GIVEN 1, 2 and 3 ranks WHEN jobs are distributed THEN every rank ends with every result, bit for bit, "
          "each job ran once, and the record covers every job") {
  const int n = 41;
  Results serial(n);
  distribute_jobs(nullptr, "p", n, {}, nullptr, [&](int i) { serial.job(i); }, serial.codec());
  for (int k : {1, 2, 3}) {
    CAPTURE(k);
    Meeting m(k);
    std::vector<Results> per_rank(static_cast<std::size_t>(k), Results(n));
    std::vector<std::unique_ptr<ThreadRank>> ranks;
    for (int r = 0; r < k; ++r) ranks.push_back(std::make_unique<ThreadRank>(m, r));
    std::vector<double> cost(static_cast<std::size_t>(n));
    std::iota(cost.begin(), cost.end(), 1.0);
    std::vector<std::thread> threads;
    for (int r = 0; r < k; ++r)
      threads.emplace_back([&, r] {
        Results& res = per_rank[static_cast<std::size_t>(r)];
        distribute_jobs(ranks[static_cast<std::size_t>(r)].get(), "p", n, cost, nullptr, [&](int i) { res.job(i); },
                        res.codec());
        distribute_jobs(ranks[static_cast<std::size_t>(r)].get(), "p", n, cost, nullptr, [&](int i) { res.job(i); },
                        res.codec());  // a second batch of the same phase is appended to its record
      });
    for (auto& t : threads) t.join();
    std::vector<int> ran(static_cast<std::size_t>(n), 0);
    for (int r = 0; r < k; ++r) {
      const Results& res = per_rank[static_cast<std::size_t>(r)];
      CHECK(res.x == serial.x);
      CHECK(res.v == serial.v);
      for (int i = 0; i < n; ++i) ran[static_cast<std::size_t>(i)] += res.ran_here[static_cast<std::size_t>(i)];
      const JobLog& log = ranks[static_cast<std::size_t>(r)]->log();
      REQUIRE(log.phases.size() == 1);
      CHECK(log.phases[0].name == "p");
      CHECK(log.phases[0].cost_s.size() == static_cast<std::size_t>(2 * n));
      CHECK(log.phases[0].rank_busy_s.size() == static_cast<std::size_t>(k));
      for (const int owner : log.phases[0].rank) CHECK((owner >= 0 && owner < k));
    }
    for (int i = 0; i < n; ++i) CHECK(ran[static_cast<std::size_t>(i)] == 2);  // once per batch, on one rank
  }
}

TEST_CASE("GIVEN failing jobs on several ranks WHEN exchanged THEN every rank rethrows the lowest failing index") {
  Meeting m(3);
  std::vector<std::string> caught(3);
  std::vector<std::thread> threads;
  for (int r = 0; r < 3; ++r)
    threads.emplace_back([&, r] {
      ThreadRank rank(m, r);
      std::vector<double> x(20, 0.0);
      const JobCodec codec{[&](int i, ByteWriter& w) { w.put(x[static_cast<std::size_t>(i)]); },
                           [&](int i, ByteReader& rd) { rd.get(x[static_cast<std::size_t>(i)]); }};
      try {
        distribute_jobs(&rank, "fail", 20, {}, nullptr, [&](int i) {
          if (i == 13) throw std::runtime_error("job 13");
          if (i == 4) throw InputError("job 4");
          x[static_cast<std::size_t>(i)] = i;
        }, codec);
      } catch (const InputError& e) {
        caught[static_cast<std::size_t>(r)] = std::string("input: ") + e.what();
      } catch (const std::exception& e) {
        caught[static_cast<std::size_t>(r)] = e.what();
      }
    });
  for (auto& t : threads) t.join();
  for (const auto& c : caught) CHECK(c == "input: job 4");
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
