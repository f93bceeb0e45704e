// Floorplan geometry: where bank rows and columns land on the systematic grid.
#include <doctest/doctest.h>

#include <cmath>

#include "common/config.h"
#include "varius/floorplan.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::varius;

TEST_CASE("GIVEN 4 x 4 banks on a 5 x 3 tile grid (G = 128) WHEN the bank rows abut or are spread over the "
          "tile THEN abutting rows share one grid row and spread rows sit a quarter tile apart") {
  Config c = Config::load_default();
  c.set("floorplan.rf_y_frac=0");
  c.set("floorplan.rf_height_frac=0");
  const Floorplan abut(FloorplanParams::from_config(c), 128);
  // The whole 256-row RF is 0.2 / 4096 / 2 * 256 = 0.00625 of the die high: inside grid row 0.
  CHECK(abut.row_cell(0, 0) == 0);
  CHECK(abut.row_cell(0, abut.rf_rows() - 1) == 0);
  c.set("floorplan.rf_height_frac=1.0");
  const Floorplan spread(FloorplanParams::from_config(c), 128);
  // Tile height 1/3 = 42.67 grid rows; bank row k is centred at (k + 1/2) / 12 of the die and only
  // 0.0016 high, so its rows fall in the grid row of that centre or its neighbour.
  for (int k = 0; k < 4; ++k) {
    CAPTURE(k);
    const double centre = (k + 0.5) / 12.0 * 128;
    CHECK(std::abs(spread.row_cell(0, k * 64) + 0.5 - centre) <= 1.0);
    CHECK(std::abs(spread.row_cell(0, k * 64 + 63) + 0.5 - centre) <= 1.0);
  }
  // SM 6 is tile (1, 1): one tile up and right of SM 0.
  CHECK(std::abs(spread.row_cell(6, 32) + 0.5 - (1.0 / 3 + 0.5 / 12.0) * 128) <= 1.0);
  // Columns: bank columns abut across the tile width (0.2 of the die = 25.6 grid cells).
  CHECK(spread.column_cell(0, 0) == 0);
  CHECK(spread.column_cell(0, spread.rf_columns() - 1) == 25);
  CHECK(spread.column_cell(1, 0) == 25);  // SM 1 starts at x = 0.2
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
