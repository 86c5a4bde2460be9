#!/usr/bin/env bash
# msgtool-bench (what `msgtool bench` runs) against the raw-ICU anchor (ICU 72's own cached C MessageFormat), alternating in
# one run: anchor, msgtool, anchor, msgtool, … N pairs; prints each pair's ns per render and the
# ratio (anchor ÷ msgtool: above 1 means msgtool is faster), then the median ratio and its
# min–max. Each side reports its own timed pass over the workload's 200,000 renders, so start-up
# and compiling are not in the figures; a busy machine slows both sides of a pair alike.
#
#   bash scripts/bench-vs-anchor.sh [--bench-binary BIN] [--bench DIR] [--pairs N]
#
# Defaults: BIN .build/release/msgtool-bench (`swift build -c release --product msgtool-bench`;
# --msgtool BIN takes the msgtool-bench next to that msgtool), DIR Benchmarks/workload (workload.json, baseline/run.sh),
# N 10. The anchor is built by DIR/baseline/run.sh on first use (gcc, libicu-dev, python3).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
binary="$root/.build/release/msgtool-bench"
bench="$root/Benchmarks/workload"
pairs=10
while [ $# -gt 0 ]; do
  case "$1" in
    --bench-binary) binary="$2"; shift 2 ;;
    --msgtool) binary="$(dirname "$2")/msgtool-bench"; shift 2 ;;
    --bench) bench="$2"; shift 2 ;;
    --pairs) pairs="$2"; shift 2 ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) echo "bench-vs-anchor.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
[ -x "$binary" ] || { echo "bench-vs-anchor.sh: $binary is not built (swift build -c release --product msgtool-bench)" >&2; exit 1; }
[ -f "$bench/workload.json" ] || { echo "bench-vs-anchor.sh: no workload.json in $bench (give --bench DIR)" >&2; exit 1; }
bash "$bench/baseline/run.sh" render-cached >/dev/null 2>&1 || { echo "bench-vs-anchor.sh: the anchor does not build or run ($bench/baseline/run.sh render-cached)" >&2; exit 1; }
field() { python3 -c "import json,sys; print(json.loads(sys.stdin.read().strip().splitlines()[-1])['$1'])"; }
ratios=()
for i in $(seq 1 "$pairs"); do
  a="$(bash "$bench/baseline/run.sh" render-cached 2>/dev/null | field ns_per_op)"
  m="$(cd "$root" && "$binary" --workload "$bench/workload.json" --json --passes 1 | field ns_per_render)"
  r="$(python3 -c "print(f'{$a / $m:.3f}')")"
  ratios+=("$r")
  echo "pair $i: anchor $a ns/render, msgtool $m ns/render, ratio $r"
done
python3 - "${ratios[@]}" <<'PY'
import statistics, sys
r = sorted(float(x) for x in sys.argv[1:])
print(f"median ratio {statistics.median(r):.2f} (min {r[0]:.2f}, max {r[-1]:.2f}) over {len(r)} pairs")
PY
