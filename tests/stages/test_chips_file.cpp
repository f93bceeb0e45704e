// Chips files written batch by batch (stages/chips_file.h ChipsFileWriter, as rfvar chips writes a
// large population) read back equal to the population written at once, and a writer that does not
// get every announced chip leaves no file.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "common/config.h"
#include "stages/chips_file.h"
#include "varius/chip_sampler.h"
#include "varius/params.h"
#include "varius/population.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;

Config small_config() {  // 3 SMs of 16 rows per bank: a chip is ~0.1 MB
  Config c = Config::load_default();
  c.set("floorplan.sms=3");
  c.set("floorplan.rows_per_bank=16");
  c.set("varius.grid=64");
  return c;
}

std::filesystem::path tmp(const std::string& name) {
  const std::filesystem::path dir = std::filesystem::path(RFVAR_TEST_TMP) / "chips_file";
  std::filesystem::create_directories(dir);
  return dir / name;
}

TEST_CASE("GIVEN 5 chips WHEN written in batches of 2, 2 and 1 THEN every dataset reads back as the chips "
          "written at once") {
  const Config c = small_config();
  const varius::ChipSampler s(varius::VariusParams::from_config(c), varius::FloorplanParams::from_config(c));
  const auto chips = varius::sample_population(s, 3, 10, 5, nullptr);
  const auto once = tmp("once.h5"), batched = tmp("batched.h5");
  stages::write_chips_file(once, chips, 3, 10, c, "test");
  {
    stages::ChipsFileWriter w(batched, 5, 3, 10, c, "test");
    for (std::size_t b = 0; b < chips.size(); b += 2)
      w.append({chips.begin() + static_cast<std::ptrdiff_t>(b),
                chips.begin() + static_cast<std::ptrdiff_t>(std::min<std::size_t>(b + 2, chips.size()))});
    w.commit();
  }
  const stages::ChipsFile a(once), b(batched);
  CHECK(b.info().chip_ids == a.info().chip_ids);
  CHECK(b.info().chip_ids == std::vector<std::int32_t>{10, 11, 12, 13, 14});
  const auto ra = a.read(0, -1, 0, -1, true), rb = b.read(0, -1, 0, -1, true);
  REQUIRE(rb.size() == 5);
  for (std::size_t i = 0; i < 5; ++i) {
    CAPTURE(i);
    CHECK(rb[i].vth_sys_map == chips[i].vth_sys_map);
    CHECK(rb[i].leff_sys_map == ra[i].leff_sys_map);
    CHECK(rb[i].vth_d2d == ra[i].vth_d2d);
    for (std::size_t k = 0; k < rb[i].sms.size(); ++k) {
      CHECK(rb[i].sms[k].reg_delay == chips[i].sms[k].reg_delay);
      CHECK(rb[i].sms[k].vector_delay == ra[i].sms[k].vector_delay);
      CHECK(rb[i].sms[k].subbank_delay == ra[i].sms[k].subbank_delay);
      CHECK(rb[i].sms[k].subbank_dvth_sys_V == ra[i].sms[k].subbank_dvth_sys_V);
      CHECK(rb[i].sms[k].slowest_cell == chips[i].sms[k].slowest_cell);
    }
  }
  CHECK(chips[0].sms[0].reg_delay != chips[1].sms[0].reg_delay);  // distinct chips: the order is checked
}

TEST_CASE("GIVEN a writer announced 3 chips WHEN it gets 2 and commits THEN it refuses and no file is left") {
  const Config c = small_config();
  const varius::ChipSampler s(varius::VariusParams::from_config(c), varius::FloorplanParams::from_config(c));
  const auto chips = varius::sample_population(s, 3, 0, 2, nullptr);
  const auto out = tmp("short.h5");
  std::filesystem::remove(out);
  {
    stages::ChipsFileWriter w(out, 3, 3, 0, c, "test");
    w.append(chips);
    CHECK_THROWS_AS(w.commit(), std::logic_error);
  }
  CHECK_FALSE(std::filesystem::exists(out));
  for (const auto& e : std::filesystem::directory_iterator(out.parent_path()))
    CHECK(e.path().filename().string().find("short.h5.tmp") == std::string::npos);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
