// The tabulated normal score of a maximum of n cells (fast mode) against the exact formula.
#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "varius/extreme_score.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar::varius;

TEST_CASE("GIVEN w from 1e-18 to 1 - 1e-6 and n in {1, 7, 32, 1e4} WHEN scores() evaluates the table THEN it "
          "matches Phi^-1((1 - w)^(1/n)) within 2e-4") {
  const ExtremeScoreTable t;
  std::vector<float> w, ln, x;
  std::vector<double> n_of;
  for (double n : {1.0, 7.0, 32.0, 1e4})
    for (double lw = -41.0; lw < -1e-6; lw += 0.05) {
      w.push_back(static_cast<float>(std::exp(lw)));
      ln.push_back(std::log(static_cast<float>(n)));
      n_of.push_back(n);
    }
  x.resize(w.size());
  t.scores(w.data(), ln.data(), w.size(), x.data());
  double worst = 0.0;
  for (std::size_t i = 0; i < w.size(); ++i) {
    const double ex = ExtremeScoreTable::exact(w[i], n_of[i]);
    if (std::abs(ex) < 8.0) worst = std::max(worst, std::abs(x[i] - ex));
  }
  CHECK(worst < 2e-4);
  // Spot values: the median of a 32-cell maximum is at Phi^-1(0.5^(1/32)) = 2.0251.
  CHECK(ExtremeScoreTable::exact(0.5, 32) == doctest::Approx(2.0251).epsilon(1e-4));
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
