// The effective configuration of a study: its [config] overrides, and the up-front check that
// every model parameter is valid before any stage runs.
//
// Contract: config_overrides_toml() renders a study's [config] overrides as TOML whose line
// numbers are those of the study file (Config::merge_string then names "FILE:LINE" in errors).
// validate_config() builds every model library's Params from the config, so an out-of-range value
// is an InputError naming key, value, origin and range before anything is run or written; it
// refuses arch.gpu_sms > 1 (the ltrf and energy stages run one SM), naming the stage option gpu_sms
// instead. validate_stage_options() runs, with `config`, every stage's own checks (stages/
// stage.h: the options' values and ranges, techniques, kernels, the model parameters the options set,
// such as gpu_sms of the ipc, guardband and perf stages) on the stages the study runs (with their
// upstream ones) and on every sweep value's stages (with the swept key or option set, the sweep's
// chips): an InputError naming the study file ("FILE:LINE" of the option or the sweep), the stage,
// the option and the accepted range, before any stage runs or anything is written.
#pragma once

#include <string>

#include "common/config.h"
#include "stages/pipeline/study_spec.h"

namespace rfvar::study {

std::string config_overrides_toml(const StudySpec& spec);
void validate_config(const Config& config);
void validate_stage_options(const StudySpec& spec, const Config& config);

}  // namespace rfvar::study
