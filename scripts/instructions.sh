#!/usr/bin/env bash
# Instructions per render and per user, counted by valgrind's callgrind: repeatable on a busy
# machine where times are not (perf's hardware counters are not available in the team's VMs:
# `perf stat -e instructions true` says "<not supported>"). A change is judged by these figures;
# times are measured as the README's speed table says.
#
#   bash scripts/instructions.sh [--bench BIN] [--workload FILE] [--users FILE --now ISO] [--output-shape SHAPE]
#
# The process counted is msgtool-bench itself, which `msgtool bench` runs by exec: valgrind does
# not follow an exec unless told to (--trace-children=yes), so under valgrind `msgtool bench`
# hands over to an uncounted msgtool-bench and callgrind reports nothing.
# - per render: `msgtool-bench --passes 1` on the workload with 20,000 and with 60,000 renders;
#   the difference of the two processes' instructions over the 40,000 renders between them
#   (start-up, compiling the templates and the warm-up cancel out).
# - per user: `msgtool-bench --batch --jobs 1 --passes 1` (msgtool batch's worker on one thread:
#   each line decoded, planned and written) on the first N and the first 2N users of FILE
#   (N = 200, or half the file if smaller), the difference over the N users planned twice more
#   (the warm-up pass and the timed one; start-up and the catalogs cancel out).
#   Default users: scripts/gen-users.py --seed 7 --count 400. --output-shape: the lines written
#   (compact, compact2 or full; default compact).
# Defaults: BIN .build/release/msgtool-bench (`swift build -c release --product msgtool-bench`;
# --msgtool BIN counts the msgtool-bench next to that msgtool), FILE Benchmarks/workload/workload.json,
# --now 2026-11-23T09:30:00+01:00. Needs valgrind (Debian: apt-get install valgrind) and python3.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bench="$root/.build/release/msgtool-bench"
workload="$root/Benchmarks/workload/workload.json"
users="" now="2026-11-23T09:30:00+01:00" shape="compact"
while [ $# -gt 0 ]; do
  case "$1" in
    --bench) bench="$2"; shift 2 ;;
    --msgtool) bench="$(dirname "$2")/msgtool-bench"; shift 2 ;;
    --workload) workload="$2"; shift 2 ;;
    --users) users="$2"; shift 2 ;;
    --now) now="$2"; shift 2 ;;
    --output-shape) shape="$2"; shift 2 ;;
    -h|--help) sed -n '2,23p' "$0"; exit 0 ;;
    *) echo "instructions.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
command -v valgrind >/dev/null || { echo "instructions.sh: valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }
[ -x "$bench" ] || { echo "instructions.sh: $bench is not built (swift build -c release --product msgtool-bench)" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Valgrind 3.19 cannot read the toolchain's DWARF 5 debug information: count a copy without it.
cp "$bench" "$work/msgtool-bench"
strip --strip-debug "$work/msgtool-bench"

# The instructions a command executes (its whole process, every thread).
count() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>"$work/vg.err" >/dev/null || {
    cat "$work/vg.err" >&2; echo "instructions.sh: the command failed under valgrind: $*" >&2; exit 1; }
  sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/vg.err" | tail -1
}

if [ -f "$workload" ]; then
  for n in 20000 60000; do
    python3 - "$workload" "$work/w$n.json" "$n" <<'PY'
import json, sys
w = json.load(open(sys.argv[1]))
w["renders"] = int(sys.argv[3])
json.dump(w, open(sys.argv[2], "w"), ensure_ascii=False)
PY
  done
  a="$(count "$work/msgtool-bench" --workload "$work/w20000.json" --passes 1)"
  b="$(count "$work/msgtool-bench" --workload "$work/w60000.json" --passes 1)"
  python3 -c "print(f'per render: {($b - $a) / 40000:,.0f} instructions  ($(basename "$workload"), {$b - $a:,} over 40,000 renders)')"
else
  echo "per render: skipped ($workload not found; give --workload)"
fi

if [ -z "$users" ]; then
  users="$work/users.jsonl"
  python3 "$root/scripts/gen-users.py" --seed 7 --count 400 > "$users"
fi
total="$(grep -c . "$users")"
n=$(( total >= 400 ? 200 : total / 2 ))
[ "$n" -ge 1 ] || { echo "instructions.sh: $users has fewer than 2 users" >&2; exit 1; }
awk -v n="$n" 'NF && c++ < n' "$users" > "$work/u1.jsonl"
awk -v n=$(( 2 * n )) 'NF && c++ < n' "$users" > "$work/u2.jsonl"
# msgtool-bench --batch --jobs 1 plans on one thread (valgrind 3.19 crashes on msgtool batch's worker
# tasks): each line decoded, planned and written as msgtool batch's worker does, one pass.
a="$(count "$work/msgtool-bench" --workload "$workload" --batch --jobs 1 --passes 1 --users "$work/u1.jsonl" --now "$now" --output-shape "$shape")"
b="$(count "$work/msgtool-bench" --workload "$workload" --batch --jobs 1 --passes 1 --users "$work/u2.jsonl" --now "$now" --output-shape "$shape")"
# Each process plans its users twice (the warm-up pass and the timed one).
python3 -c "print(f'per user:   {($b - $a) / (2 * $n):,.0f} instructions  (msgtool-bench --batch --jobs 1: decode, plan, write $shape lines; users {$n + 1}-{2 * $n} of $(basename "$users"))')"
