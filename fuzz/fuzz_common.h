// Shared parts of the libFuzzer targets (fuzz/README.md): an input is text or bytes for one
// reader; the reader must accept it or throw InputError. Any other exception, a crash, a leak, a
// sanitizer report or a timeout is a finding (the CLI would report it as an internal error).
#pragma once

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

namespace rfvar::fuzz {

inline std::string_view text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// A per-process scratch file for readers that take a path (written each input; /dev/shm is memory).
inline std::filesystem::path scratch_file(const std::string& name, std::string_view bytes) {
  static const std::filesystem::path dir = [] {
    std::filesystem::path d = std::filesystem::exists("/dev/shm") ? "/dev/shm" : std::filesystem::temp_directory_path();
    d /= "rfvar-fuzz-" + std::to_string(::getpid());
    std::filesystem::create_directories(d);
    return d;
  }();
  const std::filesystem::path p = dir / name;
  std::ofstream(p, std::ios::binary | std::ios::trunc).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  return p;
}

}  // namespace rfvar::fuzz
