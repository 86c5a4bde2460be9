#!/usr/bin/env python3
"""Tonight's `msgtool batch` input from today's users, last night's output and today's events.

    python3 scripts/nightly-input.py --users users.jsonl --plans 'last/plans-*.jsonl' \
        [--previous-input 'last/input-*.jsonl'] [--events events.jsonl] [--shard I/N] > tonight.jsonl

- --users: one user a line, a `msgtool batch` input line (a `msgtool schedule` config plus "id"):
  today's users, new ones included, deleted ones gone. A "state" and "events" given there are
  used only for a user without a line last night (the first night, a user who joined or moved
  here today); its events come before the user's events of --events.
- --plans: last night's output lines (any number of files, e.g. every shard's plans-I.jsonl; a
  glob in quotes is expanded here). A user's "state" is carried into tonight's line.
- --previous-input: last night's input lines (what this script wrote then). A user whose line of
  last night failed (an error line, no "state") keeps the state it had in that input, so one bad
  night never makes a user a fresh install again.
- --events: today's events, one a line: {"user": ID, "event": {EVENT}} (EVENT as in `msgtool
  schedule --events`); a user's events keep their order.
- --shard I/N: write only the users of shard I of N (FNV-1a 64 of the id's UTF-8 bytes, mod N;
  docs/batch.md), the same users `msgtool batch --shard I/N` keeps.

Output: one line a user, in the order of --users: "id" first, then the user's keys as given, then
"state" (when known) and "events" (when any), compact JSON. A user without a line last night
starts as a fresh install. Memory holds the ids and file offsets of last night's lines and today's
events, not the states.

Exit status 0; 1 with `FILE:LINE: error: ...` on stderr for a line that is not a JSON object with a
string "id" (or "user"), a user given twice, or a user on two plan lines (a shard merged twice);
2 for bad usage.
"""
import argparse
import glob
import json
import sys


def shard_of(user_id: str, n: int) -> int:
    h = 0xCBF29CE484222325
    for b in user_id.encode("utf-8"):
        h = ((h ^ b) * 0x100000001B3) % 2**64
    return h % n


class Failure(Exception):
    pass


def fail(path, line, message):
    raise Failure(f"{path}:{line}: error: {message}")


def parse(path, number, raw, what):
    try:
        obj = json.loads(raw)
    except json.JSONDecodeError as e:
        fail(path, number, f"not JSON ({e.msg} at column {e.colno}): each line must be one {what} object")
    if not isinstance(obj, dict):
        fail(path, number, f"not a JSON object: each line must be one {what} object")
    return obj


def expand(patterns, what):
    files = []
    for p in patterns:
        matched = sorted(glob.glob(p))
        if not matched:
            raise Failure(f"error: no {what} file matches '{p}': give the files of last night's run (every shard's)")
        files.extend(matched)
    return files


def index_lines(files, key, what):
    """id -> (file, offset) of each line carrying key 'key'; error lines are left out."""
    index = {}
    for path in files:
        with open(path, "rb") as f:
            number, offset = 0, 0
            for raw in f:
                number += 1
                start, offset = offset, offset + len(raw)
                if not raw.strip():
                    continue
                obj = parse(path, number, raw, what)
                uid = obj.get(key)
                if "error" in obj or not isinstance(obj.get("state"), dict):
                    continue  # a failed user: no state on this line
                if not isinstance(uid, str):
                    fail(path, number, f'the line has no string "{key}"')
                if uid in index:
                    other = index[uid]
                    fail(path, number, f"user '{uid}' is also on {other[0]}:{other[2]}: a shard's file was given (or merged) twice")
                index[uid] = (path, start, number)
    return index


def read_state(entry, handles):
    path, offset, _ = entry
    f = handles.get(path)
    if f is None:
        f = handles[path] = open(path, "rb")
    f.seek(offset)
    return json.loads(f.readline())["state"]


def main():
    ap = argparse.ArgumentParser(description="Tonight's msgtool batch input: today's users joined with last night's states and today's events.")
    ap.add_argument("--users", required=True, help="today's users (JSON Lines, msgtool batch input without state or events)")
    ap.add_argument("--plans", action="append", default=[], help="last night's output files or a quoted glob (repeatable)")
    ap.add_argument("--previous-input", action="append", default=[], help="last night's input files or a quoted glob (repeatable)")
    ap.add_argument("--events", help='today\'s events, one {"user": ID, "event": {...}} a line')
    ap.add_argument("--shard", help="I/N: only the users of shard I of N")
    a = ap.parse_args()
    shard = None
    if a.shard is not None:
        try:
            i, n = (int(x) for x in a.shard.split("/"))
            if not (n >= 1 and 0 <= i < n):
                raise ValueError
        except ValueError:
            ap.error(f"--shard takes I/N with 0 <= I < N, e.g. 0/4 (got '{a.shard}')")
        shard = (i, n)
    try:
        plans = index_lines(expand(a.plans, "--plans"), "user", "output")
        previous = index_lines(expand(a.previous_input, "--previous-input"), "id", "input")
        events = {}
        if a.events:
            with open(a.events, "rb") as f:
                for number, raw in enumerate(f, 1):
                    if not raw.strip():
                        continue
                    obj = parse(a.events, number, raw, '{"user": ID, "event": {...}}')
                    uid, event = obj.get("user"), obj.get("event")
                    if not isinstance(uid, str) or not isinstance(event, dict) or set(obj) != {"user", "event"}:
                        fail(a.events, number, 'an event line is {"user": ID, "event": {"type": ..., "timestamp": ...}} and nothing else')
                    if shard is None or shard_of(uid, shard[1]) == shard[0]:
                        events.setdefault(uid, []).append(event)
        handles = {}
        seen = set()
        out = sys.stdout
        with open(a.users, "rb") as f:
            for number, raw in enumerate(f, 1):
                if not raw.strip():
                    continue
                user = parse(a.users, number, raw, "user")
                uid = user.get("id")
                if not isinstance(uid, str):
                    fail(a.users, number, 'the user has no string "id"')
                if uid in seen:
                    fail(a.users, number, f"user '{uid}' is given twice")
                seen.add(uid)
                if shard is not None and shard_of(uid, shard[1]) != shard[0]:
                    continue
                own_events = user.get("events", [])
                if not isinstance(own_events, list):
                    fail(a.users, number, '"events" must be an array of event objects')
                line = {"id": uid}
                line.update((k, v) for k, v in user.items() if k not in ("id", "state", "events"))
                entry = plans.get(uid) or previous.get(uid)
                if entry is not None:
                    line["state"] = read_state(entry, handles)
                    own_events = []  # the users file's own events were planned last night
                elif "state" in user:
                    line["state"] = user["state"]
                today = own_events + events.pop(uid, [])
                if today:
                    line["events"] = today
                out.write(json.dumps(line, ensure_ascii=False, separators=(",", ":")))
                out.write("\n")
        for h in handles.values():
            h.close()
        if events:
            print(f"nightly-input: {sum(len(v) for v in events.values())} events of {len(events)} users not in {a.users} were left out", file=sys.stderr)
    except Failure as e:
        print(e, file=sys.stderr)
        return 1
    except OSError as e:
        print(f"{e.filename}: error: {e.strerror}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
