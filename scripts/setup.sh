#!/usr/bin/env bash
# Installs what the package needs on a fresh Debian/Ubuntu machine: the system ICU with its
# headers (libicu-dev), pkg-config to find it, tzdata (Foundation's TimeZone reads the
# system's time-zone files), xz and jq (the tests and the docs' checks). Does nothing when they
# are already there.
# On macOS it installs nothing: the system ICU is used on Linux only (the SystemICU trait and
# CICU apply to Linux), so a Mac builds the Foundation backend with what Xcode ships.
set -euo pipefail

if [ "$(uname -s)" = "Darwin" ]; then
  echo "setup: nothing to install on macOS (the Foundation backend; the system ICU is for Linux)."
  exit 0
fi

need=()
command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
if command -v pkg-config >/dev/null 2>&1; then
  pkg-config --exists icu-i18n || need+=(libicu-dev)
else
  need+=(libicu-dev)
fi
[ -e /usr/share/zoneinfo/America/Mexico_City ] || need+=(tzdata)
# xz unpacks the benchmark workload's users and reference output (Benchmarks/workload); jq is
# used by the shell sessions the docs show (scripts/check-doc-outputs.py runs them).
command -v xz >/dev/null 2>&1 || need+=(xz-utils)
command -v jq >/dev/null 2>&1 || need+=(jq)

if [ ${#need[@]} -eq 0 ]; then
  echo "setup: ICU $(pkg-config --modversion icu-i18n), pkg-config, tzdata, xz and jq are installed."
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "setup: missing ${need[*]}; run as root: apt-get install -y ${need[*]}" >&2
    exit 1
  fi
fi
echo "setup: installing ${need[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq "${need[@]}" >/dev/null
pkg-config --exists icu-i18n || { echo "setup: pkg-config still cannot find icu-i18n" >&2; exit 1; }
echo "setup: ICU $(pkg-config --modversion icu-i18n) ready."
