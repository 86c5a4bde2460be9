#!/usr/bin/env bash
# Times the catalog tools on a generated catalog (scripts/gen-big-catalog.py): lint, stats,
# fmt --check, export and import (--dry-run) of each format, an import that writes, and a
# preview, with peak memory (docs/translators.md, "Large catalogs: memory").
#   bash scripts/bench-big-catalog.sh MSGTOOL MESSAGES [--minified]
# Prints one line per command: seconds, peak RSS in MB, exit status.
set -uo pipefail
bin="$1"; n="$2"; shift 2
dir="$(mktemp -d)"; trap 'rm -rf "$dir"' EXIT
python3 "$(dirname "$0")/gen-big-catalog.py" --messages "$n" --out "$dir/cat" "$@"
run() {
  local name="$1"; shift
  /usr/bin/time -f "%e %U %M %x" -o "$dir/t" "$@" >/dev/null 2>"$dir/err"
  read -r s u kb rc < <(tail -n 1 "$dir/t")
  [ "$rc" = 0 ] || [ "$name" = lint ] || head -n 1 "$dir/err" >&2
  printf "%-18s %8.2f s (user %7.2f s) %6d MB  exit %s\n" "$name" "$s" "$u" $((kb / 1024)) "$rc"
}
run lint "$bin" lint --catalog "$dir/cat"
run stats "$bin" stats --catalog "$dir/cat"
run "fmt --check" "$bin" fmt --check --catalog "$dir/cat"
for f in xliff po arb xcstrings; do
  run "export $f" "$bin" export --format "$f" --locale es --catalog "$dir/cat" --out "$dir/es.$f"
done
run "import xcstrings" "$bin" import --dry-run --locale es --catalog "$dir/cat" "$dir/es.xcstrings"
run "import xliff" "$bin" import --dry-run --catalog "$dir/cat" "$dir/es.xliff"
run "import po" "$bin" import --dry-run --catalog "$dir/cat" "$dir/es.po"
run "import arb" "$bin" import --dry-run --catalog "$dir/cat" "$dir/es.arb"
# an import that writes: one unit changed
sed '0,/<target xml:space="preserve">/s//<target xml:space="preserve">Cambio /' "$dir/es.xliff" > "$dir/changed.xliff"
run "import (writes)" "$bin" import --catalog "$dir/cat" "$dir/changed.xliff"
first="$(python3 -c 'import json, sys; print(next(iter(json.load(open(sys.argv[1]))["messages"])))' "$dir/cat/en.json")"
run "preview" "$bin" preview --catalog "$dir/cat" --locale es "$first"
