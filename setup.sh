#!/usr/bin/env bash
# Installs what is missing (Debian 12 packages), then configures and builds into ./build.
# Usage: bash setup.sh        (run from anywhere; as root, or with sudo available)
#        bash setup.sh --tests  (also what the browser test needs, tests/web/test_browser.py, and
#                                what the recipes' test runs on, tests/test_distributed_recipes.sh)
set -euo pipefail
cd "$(dirname "$0")"

packages=(g++ cmake make libtbb-dev libcli11-dev catch2 nlohmann-json3-dev
  pkg-config libcpp-httplib-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# --tests: the browser test's Chromium, its driver and Debian's Selenium; Slurm, munge and GNU
# parallel for the recipes' test (which starts daemons of its own).
if [ "${1:-}" = "--tests" ]; then
  for p in chromium chromium-driver python3-selenium slurmctld slurmd slurm-client munge parallel; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
elif [ $# -gt 0 ]; then
  echo "setup: unknown argument '$1' (usage: bash setup.sh [--tests])" >&2
  exit 2
fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
fi

cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)"
