#!/usr/bin/env bash
# The generated sources are current: each generator runs again into a temporary folder and its
# output must equal the committed file byte for byte (CI runs this; after editing a generator or
# its data, run the generator and commit its output).
#   Sources/CLDRData/Generated/PluralRulesData.swift   scripts/gen-plural-rules.py
#   Sources/CLDRData/Generated/UnitPatternsData.swift  scripts/gen-unit-patterns.py
#   Sources/CLDRData/Generated/NumberPatternsData.swift scripts/gen-number-patterns.py
#   Sources/CLDRData/Generated/LocaleData.swift        scripts/gen-locale-data.py
set -euo pipefail
cd "$(dirname "$0")/.."
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
stale=0
check() {
  local generator="$1" committed="$2"
  python3 "$generator" "$tmp/$(basename "$committed")" >/dev/null
  if ! cmp -s "$tmp/$(basename "$committed")" "$committed"; then
    echo "check-generated: $committed is not what $generator writes now: run python3 $generator and commit the file" >&2
    diff -u "$committed" "$tmp/$(basename "$committed")" | head -20 >&2 || true
    stale=1
  fi
}
check scripts/gen-plural-rules.py Sources/CLDRData/Generated/PluralRulesData.swift
check scripts/gen-unit-patterns.py Sources/CLDRData/Generated/UnitPatternsData.swift
check scripts/gen-number-patterns.py Sources/CLDRData/Generated/NumberPatternsData.swift
check scripts/gen-locale-data.py Sources/CLDRData/Generated/LocaleData.swift
if [ "$stale" -ne 0 ]; then exit 1; fi
echo "check-generated: the generated sources are current"
