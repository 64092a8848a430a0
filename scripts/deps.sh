#!/usr/bin/env bash
# Installs the Debian packages Collidoscope needs, only those that are missing.
# Sourced by scripts/run and scripts/test. Uses sudo when not root.
set -euo pipefail

COLLIDOSCOPE_PACKAGES=(
  build-essential cmake pkg-config
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
