// The study file (stages/pipeline/study_spec.h): the input is its TOML text.
#include "common/config.h"
#include "fuzz/fuzz_common.h"
#include "stages/pipeline/study_spec.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    rfvar::study::parse_study_text(std::string(rfvar::fuzz::text(data, size)), "fuzz-study.toml");
  } catch (const rfvar::InputError&) {
  }
  return 0;
}
