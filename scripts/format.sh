#!/usr/bin/env bash
# swift-format over the package's Swift sources with the checked-in configuration (.swift-format:
# 4 spaces, 160 columns, layout only; no rewriting rules). Generated files are left as their
# generators write them (*/Generated/*, Tests/DocSnippetsTests/Snippets.swift).
#
#   bash scripts/format.sh          # rewrite the files in place
#   bash scripts/format.sh --check  # exit 1 and list the files swift-format would change
#
# The check compares each file with swift-format's output, so lines swift-format cannot shorten
# (a long string literal) do not fail it.
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(git ls-files '*.swift' | grep -v -E '/Generated/|^Tests/DocSnippetsTests/Snippets\.swift$')
if [[ "${1:-}" != "--check" ]]; then
  swift format format --in-place --parallel --configuration .swift-format "${files[@]}"
  exit 0
fi
bad=0
for f in "${files[@]}"; do
  if ! swift format format --configuration .swift-format "$f" | cmp -s - "$f"; then
    echo "format: $f is not formatted (run: bash scripts/format.sh)" >&2
    bad=1
  fi
done
if [[ $bad -ne 0 ]]; then exit 1; fi
echo "format: ${#files[@]} Swift files formatted as .swift-format says"
