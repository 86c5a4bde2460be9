#!/usr/bin/env bash
# One shard of the nightly loop: last night's output + today's users and events -> tonight's
# input -> tonight's plans (docs/batch.md, "The nightly loop").
#
#   scripts/nightly.sh --now ISO --users USERS.jsonl [--events EVENTS.jsonl] \
#       [--last DIR] --out DIR --shard I/N [--jobs J] [--output-shape SHAPE] [--msgtool PATH]
#
# Reads DIR/plans-*.jsonl and DIR/input-*.jsonl of last night (--last; absent on the first
# night), writes OUT/input-I.jsonl (tonight's input of shard I: each user's config, last night's
# state, today's events) and OUT/plans-I.jsonl (msgtool batch's output for it). Each file is
# written as NAME.part and renamed when complete, so a shard that crashed or was killed leaves
# no file under its final name: re-run the same command (same inputs, --now and I/N) and it
# writes the same bytes. --output-shape is msgtool batch's (compact, compact2 or full); last
# night's plans may be of any shape: msgtool batch reads each state back as it was written.
#
# Exit status: msgtool batch's (0 every user planned, 1 done with some users failed: their error
# lines are in the plans), 2 bad usage, 3 the input could not be built (its error on stderr).
set -uo pipefail

usage() { echo "usage: $0 --now ISO --users FILE [--events FILE] [--last DIR] --out DIR --shard I/N [--jobs J] [--output-shape SHAPE] [--msgtool PATH]" >&2; exit 2; }

now="" users="" events="" last="" out="" shard="" jobs="" shape="" msgtool="${MSGTOOL:-msgtool}"
while [ $# -gt 0 ]; do
  case "$1" in
    --now) now="${2-}"; shift 2 ;;
    --users) users="${2-}"; shift 2 ;;
    --events) events="${2-}"; shift 2 ;;
    --last) last="${2-}"; shift 2 ;;
    --out) out="${2-}"; shift 2 ;;
    --shard) shard="${2-}"; shift 2 ;;
    --jobs) jobs="${2-}"; shift 2 ;;
    --output-shape) shape="${2-}"; shift 2 ;;
    --msgtool) msgtool="${2-}"; shift 2 ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    *) echo "$0: unknown argument '$1'" >&2; usage ;;
  esac
done
[ -n "$now" ] && [ -n "$users" ] && [ -n "$out" ] && [ -n "$shard" ] || usage
case "$shard" in
  */*) i="${shard%/*}" ;;
  *) echo "$0: --shard takes I/N, e.g. 0/4 (got '$shard')" >&2; exit 2 ;;
esac
mkdir -p "$out" || exit 3

here="$(cd "$(dirname "$0")" && pwd)"
join=(python3 "$here/nightly-input.py" --users "$users" --shard "$shard")
[ -n "$events" ] && join+=(--events "$events")
if [ -n "$last" ]; then
  if ! ls "$last"/plans-*.jsonl >/dev/null 2>&1; then
    echo "$0: $last has no plans-*.jsonl: give last night's output folder, or no --last on the first night" >&2; exit 3
  fi
  join+=(--plans "$last/plans-*.jsonl")
  ls "$last"/input-*.jsonl >/dev/null 2>&1 && join+=(--previous-input "$last/input-*.jsonl")
fi

input="$out/input-$i.jsonl" plans="$out/plans-$i.jsonl"
"${join[@]}" > "$input.part" || exit 3
mv "$input.part" "$input"

batch=("$msgtool" batch --now "$now" --shard "$shard")
[ -n "$jobs" ] && batch+=(--jobs "$jobs")
[ -n "$shape" ] && batch+=(--output-shape "$shape")
"${batch[@]}" "$input" > "$plans.part"
status=$?
if [ $status -le 1 ]; then mv "$plans.part" "$plans"; fi
exit $status
