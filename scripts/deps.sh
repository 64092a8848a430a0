#!/usr/bin/env bash
# Installs the Debian packages Collidoscope needs, only those that are missing, and
# the configure steps the scripts share. Sourced by scripts/run, scripts/test and
# scripts/fuzz. Uses sudo when not root.
set -euo pipefail

COLLIDOSCOPE_PACKAGES=(
  build-essential cmake ninja-build pkg-config
  nlohmann-json3-dev libcli11-dev libgtest-dev libbenchmark-dev
  libglfw3-dev libimgui-dev python3-glad libstb-dev libgl-dev zlib1g-dev
  libpugixml-dev libzstd-dev tiled fonts-dejavu-core
  cc65 sdcc xvfb xauth libxml2-utils
)

install_missing_packages() {
  local missing=()
  for p in "${COLLIDOSCOPE_PACKAGES[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$p")
    fi
  done
  if [ ${#missing[@]} -eq 0 ]; then
    return 0
  fi
  echo "Installing missing packages: ${missing[*]}"
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    sudo=(sudo)
  fi
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# generator_args DIR: Ninja for a new build tree when ninja is installed (it keeps
# both cores busy across targets and checks an unchanged tree in a blink); a tree
# already configured keeps its generator, whichever it is.
generator_args() {
  if [ ! -f "$1/CMakeCache.txt" ] && command -v ninja >/dev/null 2>&1; then
    echo "-G Ninja"
  fi
}

# configure_san_tree: configures build-san/, the one instrumented clang tree that
# scripts/test --sanitize (every test under ASan + UBSan) and scripts/fuzz (the
# libFuzzer targets) share: every library built with libFuzzer's coverage hooks,
# ASan and UBSan (COLLIDOSCOPE_FUZZ=ON), the tests and fuzz targets beside them, no
# GUI, no benchmarks. SAN_OPT (or FUZZ_OPT; default -O1) is the optimisation of the
# instrumented code, with line tables, so reports name file and line; changing it
# rebuilds the tree. Needs the packages clang and libclang-rt-dev.
san_dir=build-san
configure_san_tree() {
  local opt=${SAN_OPT:-${FUZZ_OPT:--O1}}
  # shellcheck disable=SC2046  # generator_args is empty or two words
  CC=clang CXX=clang++ cmake -S . -B "$san_dir" $(generator_args "$san_dir") -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_FLAGS_RELWITHDEBINFO="$opt -gline-tables-only" \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="$opt -gline-tables-only" -DCOLLIDOSCOPE_FUZZ=ON \
    -DCOLLIDOSCOPE_TESTS=ON -DCOLLIDOSCOPE_GUI=OFF -DCOLLIDOSCOPE_BENCH=OFF -DCOLLIDOSCOPE_WERROR=ON
}
