#!/usr/bin/env bash
# Installs rfvar's Debian dependencies that are missing (idempotent; needs root or sudo).
set -euo pipefail
pkgs=(build-essential cmake pkg-config git
      libeigen3-dev libomp-dev libhdf5-dev libcli11-dev doctest-dev libtomlplusplus-dev
      librandom123-dev libbenchmark-dev nlohmann-json3-dev
      python3 python3-h5py python3-matplotlib python3-numpy
      openmpi-bin libopenmpi-dev    # rfvar-mpi (CMake RFVAR_MPI, docs/cluster.md)
      clang-14 libclang-rt-14-dev)  # libFuzzer (scripts/fuzz.sh)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}" >&2
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
