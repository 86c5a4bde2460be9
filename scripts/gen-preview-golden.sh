#!/usr/bin/env bash
# Rewrites Tests/Fixtures/preview/bundled.txt: `msgtool preview --time-zone UTC` of the bundled
# catalogs, the table MsgToolTests' "msgtool preview golden" suite compares with in both
# configurations (the ICU build and the Apple configuration print the same rows).
# Usage: bash scripts/gen-preview-golden.sh [swift test flags...]
#   e.g. bash scripts/gen-preview-golden.sh --disable-default-traits --scratch-path .build-apple
set -euo pipefail
cd "$(dirname "$0")/.."
WRITE_PREVIEW_GOLDEN=1 swift test "$@" --filter 'PreviewGoldenTests'
echo "wrote Tests/Fixtures/preview/bundled.txt: $(wc -l < Tests/Fixtures/preview/bundled.txt) lines"
