#!/usr/bin/env bash
# Rewrites Tests/Fixtures/preview/bundled.txt: `msgtool preview --time-zone UTC` of the bundled
# catalogs, the table MsgToolTests' "msgtool preview golden" suite compares with in both
# configurations (with no allowed difference).
# Usage: bash scripts/gen-preview-golden.sh [swift test flags...]
# The golden is the server's text: run it in the ICU build (default traits, Linux).
set -euo pipefail
cd "$(dirname "$0")/.."
WRITE_PREVIEW_GOLDEN=1 swift test "$@" --filter 'PreviewGoldenTests'
echo "wrote Tests/Fixtures/preview/bundled.txt: $(wc -l < Tests/Fixtures/preview/bundled.txt) lines"
