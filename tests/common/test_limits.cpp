// common/limits.h: the [limits] keys, read_text_input's refusals, and the --set / --config
// hardening of common/config.h that uses them.
#include <doctest/doctest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

#include "common/config.h"
#include "common/limits.h"

namespace {
namespace RFVAR_UNITY_ID {

namespace fs = std::filesystem;
using rfvar::Config;
using rfvar::ConfigError;
using rfvar::InputError;
using rfvar::Limits;

fs::path scratch() {
  const fs::path d = fs::temp_directory_path() / ("rfvar-test-limits-" + std::to_string(::getpid()));
  fs::create_directories(d);
  return d;
}

bool message_has(const std::function<void()>& f, const std::string& part) {
  try {
    f();
  } catch (const InputError& e) {
    return std::string(e.what()).find(part) != std::string::npos;
  }
  return false;
}

TEST_CASE("GIVEN the defaults WHEN Limits are read THEN every key is there with its default and range") {
  Config c = Config::load_default();
  const Limits l = Limits::from_config(c);
  CHECK(l.threads_per_core == 8);
  CHECK(l.max_input_bytes == (64ull << 20));
  CHECK(l.max_device_bytes == (1024ull << 20));
  CHECK(l.max_warp_instructions == 10'000'000ull);
  CHECK(l.max_launch_instructions == 1'000'000'000ull);
  CHECK(l.max_loop_passes == 100'000);
  CHECK(l.max_sweep_points == 10'000);
  c.set("limits.max_loop_passes=0");
  CHECK(message_has([&] { Limits::from_config(c); }, "limits.max_loop_passes"));
}

TEST_CASE("GIVEN a limit WHEN it is exceeded THEN the error names what, the value and the key to raise") {
  CHECK(message_has([] { Limits::exceeded("k.toml: step 1 repeat", "max_loop_passes", 1e12, 1e5); },
                    "k.toml: step 1 repeat: 1000000000000 is above limits.max_loop_passes = 100000 "
                    "(raise it with --set limits.max_loop_passes=N)"));
}

TEST_CASE("GIVEN inputs that are not small regular files WHEN read as text THEN they are refused by name") {
  const fs::path d = scratch();
  CHECK(message_has([&] { rfvar::read_text_input(d / "missing.toml", 1 << 20); }, "does not exist"));
  CHECK(message_has([&] { rfvar::read_text_input(d, 1 << 20); }, "not a regular file"));
  CHECK(message_has([&] { rfvar::read_text_input("/dev/zero", 1 << 20); }, "'/dev/zero' is not a regular file"));
  const fs::path fifo = d / "fifo";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  CHECK(message_has([&] { rfvar::read_text_input(fifo, 1 << 20); }, "not a regular file"));
  const fs::path big = d / "big.toml";
  {
    std::ofstream(big) << std::string(2000, '#');
  }
  CHECK(message_has([&] { rfvar::read_text_input(big, 1000); }, "2000 bytes is above limits.max_input_mib"));
  CHECK(rfvar::read_text_input(big, 2000).size() == 2000);
  fs::remove_all(d);
}

TEST_CASE("GIVEN --config /dev/zero or a --set with a line break WHEN applied THEN ConfigError names it") {
  Config c = Config::load_default();
  CHECK_THROWS_AS(c.merge_file("/dev/zero"), ConfigError);
  CHECK(message_has([&] { c.merge_file("/dev/zero"); }, "--config"));
  CHECK(message_has([&] { c.set("population.seed=2\nvarius.phi=0.3"); }, "line break"));
  CHECK_THROWS_AS(c.set("population.seed=2\rvarius.phi=0.3"), ConfigError);
  CHECK(c.get_double("varius.phi") == 0.5);  // nothing of the smuggled line was applied
  CHECK(c.get_int("population.seed") == 1);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
