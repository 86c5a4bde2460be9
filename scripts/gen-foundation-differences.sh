#!/usr/bin/env bash
# Regenerates the generated part of docs/foundation-backend.md: runs the conformance test in the
# Apple configuration (Foundation backend) with WRITE_CONFORMANCE_DIFFERENCES set, which writes
# every case whose text differs from ICU 72, then classifies them by reason
# (scripts/gen-foundation-differences.py fails on a difference no investigated rule explains).
# Usage: bash scripts/gen-foundation-differences.sh [swift test flags...]
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
cd "$repo"
diffs="$(mktemp)"
trap 'rm -f "$diffs"' EXIT
# The test itself fails while the document is out of date: its output file is what we need.
WRITE_CONFORMANCE_DIFFERENCES="$diffs" swift test --disable-default-traits --scratch-path .build-apple "$@" \
    --filter 'ConformanceTests/engineConformsToICU72' >/dev/null || true
test -s "$diffs" || { echo "the conformance test wrote no differences (did the Apple configuration build?)" >&2; exit 1; }
python3 scripts/gen-foundation-differences.py "$diffs" docs/foundation-backend.md
