#!/usr/bin/env bash
# What a fresh Debian machine lacks for `npm test`: the system Chromium, in its headless-only build that the browser
# journeys and axe drive and in full for the benchmarks (scripts/chromium.ts; browsers are not downloaded), and a
# Chinese font, without which Chinese pages render as boxes in screenshots and axe cannot judge their contrast.
# Installed from Debian's packages when this runs as root with apt-get; otherwise one line names the command and the
# exit code is 1. Quiet and quick when nothing is missing. Used by .ci/run and scripts/test.ts.
set -euo pipefail

chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
shell="${CHROMIUM_HEADLESS_SHELL_PATH:-/usr/bin/chromium-headless-shell}"

missing() {
  local packages=()
  [ -x "$chromium" ] || packages+=(chromium)
  [ -x "$shell" ] || packages+=(chromium-headless-shell)
  if ! command -v fc-list >/dev/null 2>&1 || [ -z "$(fc-list :lang=zh family)" ]; then packages+=(fonts-noto-cjk); fi
  echo "${packages[*]}"
}

packages="$(missing)"
[ -z "$packages" ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing $packages from Debian's packages..."
  apt-get update -qq
  # shellcheck disable=SC2086 # one word per package
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $packages >/dev/null
  packages="$(missing)"
  [ -z "$packages" ] && exit 0
  echo "Still missing after apt-get install: $packages (are CHROMIUM_PATH=$chromium and CHROMIUM_HEADLESS_SHELL_PATH=$shell right?)" >&2
  exit 1
fi
echo "npm test needs $packages, missing here: run  sudo apt-get install -y $packages" >&2
exit 1
