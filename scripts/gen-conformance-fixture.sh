#!/usr/bin/env bash
# Writes Tests/Fixtures/conformance/icu72.jsonl: every case of the ICU reference corpus
# (Tests/MessageCatalogTests/ICUReferenceCorpusTests.swift, `Corpus.cases`) as msgtool's
# `format --jsonl` input, with ICU 72's own MessageFormat text (umsg) as "icu72".
# Needs the ICU build (default traits, Linux, the system ICU). Without the variable set, the same
# test checks that the committed fixture is what ICU gives today.
# Usage: bash scripts/gen-conformance-fixture.sh [swift test flags...]
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
cd "$repo"
out="$repo/Tests/Fixtures/conformance/icu72.jsonl"
WRITE_CONFORMANCE_FIXTURE="$out" swift test "$@" --filter 'ICUReferenceCorpusTests/fixtureIsICU72sTextOfTheCorpus'
echo "wrote $out: $(wc -l < "$out") cases, $(wc -c < "$out") bytes"
