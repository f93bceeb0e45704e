// The stages in pipeline order (stages/stage.h: all_stages()): one row per stage.
#include <cmath>

#include "stages/aging_stages.h"
#include "stages/energy_stage.h"
#include "stages/freq_stage.h"
#include "stages/ipc_stage.h"
#include "stages/ltrf_stage.h"
#include "stages/population_stage.h"
#include "stages/sharing_stage.h"
#include "stages/stage_adapter.h"

namespace rfvar::stages {

const std::vector<const IStage*>& all_stages() {
  static const StageAdapter<PopulationStage> population;
  static const StageAdapter<FreqStage> freq;
  static const StageAdapter<IpcStage> ipc;
  static const StageAdapter<GuardbandStage> guardband;
  static const StageAdapter<PerfStage> perf;
  static const StageAdapter<LtrfStage> ltrf;
  static const StageAdapter<EnergyStage> energy;
  static const StageAdapter<SharingStage> sharing;
  static const std::vector<const IStage*> stages = {&population, &freq, &ipc, &guardband, &perf, &ltrf, &energy,
                                                    &sharing};
  return stages;
}

long long parse_int_option(const std::string& text, const std::string& what, const std::string& range) {
  try {
    std::size_t n = 0;
    const long long v = std::stoll(text, &n);
    if (n == text.size()) return v;
  } catch (const std::exception&) {
  }
  throw InputError(what + ": expected an integer" + range);
}

double parse_float_option(const std::string& text, const std::string& what, const std::string& range) {
  try {
    std::size_t n = 0;
    const double v = std::stod(text, &n);
    if (n == text.size() && std::isfinite(v)) return v;
  } catch (const std::exception&) {
  }
  throw InputError(what + ": expected a finite number" + range);
}

}  // namespace rfvar::stages
