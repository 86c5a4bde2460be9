#!/usr/bin/env bash
# The raw-ICU anchor for `msgtool bench`: ICU 72's own MessageFormat through its C API, one
# UMessageFormat per (template, locale) opened before timing, on ../workload.json (and, for the
# batch modes, ../batch_users.json, unpacked from ../batch_users.json.xz on first use).
#   run.sh [render-cached|render-open|plural|date|number|batch|schedule|verify|batch-verify] [--reps N]
# Prints one JSON line per timed pass: {"impl", "renders"|..., "ns_per_op", "ops_per_sec", "checksum", ...}.
# Needs gcc, g++, pkg-config, libicu-dev, xz, python3 with pip (installs pyicumessageformat into a venv in
# the build folder, to renumber the named arguments for the C API). Build folder: $ICU_BASELINE_BUILD,
# default a folder under the system's temporary directory; it is reused while the inputs are unchanged.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
[ -f "$HERE/../batch_users.json" ] || xz -dk "$HERE/../batch_users.json.xz"
BUILD=${ICU_BASELINE_BUILD:-${TMPDIR:-/tmp}/icu-baseline}
mkdir -p "$BUILD"
stamp=$(cat "$HERE"/*.c "$HERE"/*.cpp "$HERE"/*.py "$HERE/../workload.json" "$HERE/../batch_users.json" | sha256sum | cut -c1-16)
if [ ! -x "$BUILD/bench_icu" ] || [ "$(cat "$BUILD/stamp" 2>/dev/null)" != "$stamp" ]; then
  [ -x "$BUILD/venv/bin/python" ] || python3 -m venv "$BUILD/venv"
  "$BUILD/venv/bin/pip" install -q --disable-pip-version-check pyicumessageformat==1.0.0 >&2
  "$BUILD/venv/bin/python" "$HERE/gen_c.py" "$BUILD" >&2
  flags=$(pkg-config --cflags --libs icu-i18n icu-uc)
  gcc -O2 -std=c11 -w -I"$BUILD" "$HERE/bench_icu.c" -o "$BUILD/bench_icu" $flags
  g++ -O2 -std=c++17 -w -I"$BUILD" "$HERE/bench_icu_named.cpp" -o "$BUILD/bench_icu_named" $flags
  echo "$stamp" > "$BUILD/stamp"
fi
mode=${1:-render-cached}; shift || true
cd "$BUILD"
case "$mode" in
  named-cached) exec ./bench_icu_named render-cached "$@" ;;
  *) exec ./bench_icu "$mode" "$@" ;;
esac
