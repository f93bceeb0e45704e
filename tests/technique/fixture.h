// Test support: a fixed PV SM (chip 0 of seed 2016 with the default parameters, SM 3) for tests
// that need a full-size sampled SM, and an FNV-1a digest for regression values of study outputs.
// Technique behaviour is tested on the hand-worked SM of hand_sm.h instead.
#pragma once

#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "common/config.h"
#include "rfmodel/params.h"
#include "varius/chip_sampler.h"

namespace rfvar::technique::test {

struct Digest {
  std::uint64_t h = 1469598103934665603ull;
  void bytes(const void* p, std::size_t n) {
    const auto* c = static_cast<const unsigned char*>(p);
    for (std::size_t i = 0; i < n; ++i) h = (h ^ c[i]) * 1099511628211ull;
  }
  template <class T>
  void vec(const std::vector<T>& v) {
    const std::uint64_t n = v.size();
    bytes(&n, 8);
    bytes(v.data(), v.size() * sizeof(T));
  }
  void str(const std::string& s) { vec(std::vector<char>(s.begin(), s.end())); }
  void d(double x) { bytes(&x, 8); }
};

struct PvSm {
  Config config = Config::load_default();
  rfmodel::RfParams rp = rfmodel::RfParams::from_config(config);
  varius::ChipSample chip = varius::ChipSampler(varius::VariusParams::from_config(config),
                                                varius::FloorplanParams::from_config(config))
                                .sample(2016, 0);
  const varius::SmDelays& sm = chip.sms.at(3);
  varius::RfGeometry g = [this] {
    varius::RfGeometry x = chip.geometry;
    x.subbanks = rp.subbanks;
    return x;
  }();
};

}  // namespace rfvar::technique::test
