#!/usr/bin/env python3
"""msgtool batch's output lines with every request whole: the expansion rule of the compact2
shape (docs/batch.md, "--output-shape compact2"), for a server that reads the lines without Swift.

    python3 scripts/expand-plans.py [--to compact|full] [FILE ...] > expanded.jsonl

Each line of the FILEs (standard input when none) is written again in the shape of --to: a
compact2 line ("shape": 2), a compact line or a full line becomes exactly the line that
`msgtool batch --output-shape compact` (the default) or `--output-shape full` writes for that
user, every request with all its keys and the state of version 1. An error line is copied as it
is. The functions `expand_request` and `expand_state` are the rule itself.

Exit status 0; 1 with `FILE:LINE: error: ...` on stderr for a line that is not one of msgtool
batch's lines or whose shape or state version this script does not know (the lines before it are
written); 2 for bad usage.
"""
import argparse
import json
import sys

# The kinds whose wall time floats with the device's zone: no trigger zone, "floating": true.
FLOATING = {"daily-affirmation", "achievement-reminder", "milestone-monthly", "milestone-yearly"}
# Each kind's category (msgtool categories) and thread (habit reminders: "habit-" + userInfo.habitId).
CATEGORY = {
    "achievement-reminder": "ACHIEVEMENT_REMINDER",
    "retrieval": "ACHIEVEMENT_RETRIEVAL",
    "milestone-streak": "MILESTONE", "milestone-count": "MILESTONE", "milestone-monthly": "MILESTONE", "milestone-yearly": "MILESTONE",
    "habit-reminder": "HABIT_REMINDER",
    "daily-affirmation": "DAILY_AFFIRMATION",
    "interval-reminder": "TIMER_REMINDER",
    "goal-achievement": "GOAL_ACHIEVEMENT", "steps-halfway": "GOAL_ACHIEVEMENT", "apps-unlocked": "GOAL_ACHIEVEMENT",
    "workout-completion": "WORKOUT_COMPLETION",
}
THREAD = {
    "interval-reminder": "interval", "workout-completion": "workout",
    "goal-achievement": "steps", "steps-halfway": "steps", "apps-unlocked": "steps", "retrieval": "retrieval",
    "milestone-streak": "milestone", "milestone-count": "milestone", "milestone-monthly": "milestone", "milestone-yearly": "milestone",
    "daily-affirmation": "daily-affirmation", "achievement-reminder": "achievement-reminder",
}
# The state's keys a compact2 state leaves out when they have these values (version 1 writes them all).
STATE_DEFAULTS = {
    "pending": [], "permissionRequested": False, "lastVariants": {}, "milestonesSent": [], "dailyMarkers": [],
    "achievementDays": [], "achievementCount": 0, "monthlyCounts": {}, "yearlyCounts": {}, "habitCompletions": {},
    "deletedHabits": [], "appInForeground": False, "processedEvents": {}, "workoutsNotified": {}, "recentlyFired": {},
}


class Failure(Exception):
    pass


def expand_request(request, planned_zone):
    """A compact2 request with every key: each key left out is derived from the others."""
    r = dict(request)
    kind = r["kind"]
    info = dict(r.get("userInfo", {}))
    if "kind" not in info:
        info["kind"] = kind
    elif info["kind"] is None:
        del info["kind"]  # the request has no kind in its userInfo
    r["userInfo"] = info
    if "timeZone" not in r:
        if planned_zone is None:
            raise Failure(f"request {r.get('identifier')!r} has no timeZone and the state no plannedTimeZone")
        r["timeZone"] = planned_zone
    r.setdefault("floating", kind in FLOATING)
    r.setdefault("categoryIdentifier", CATEGORY[kind])
    if "threadIdentifier" not in r:
        r["threadIdentifier"] = "habit-" + info["habitId"] if kind == "habit-reminder" else THREAD[kind]
    if "trigger" not in r:
        # The fire date's own wall time, as written ("2026-11-23T10:00:00+01:00").
        d = r["fireDate"]
        components = {"year": int(d[0:4]), "month": int(d[5:7]), "day": int(d[8:10]),
                      "hour": int(d[11:13]), "minute": int(d[14:16]), "second": int(d[17:19])}
        trigger = {"type": "calendar", "repeats": False, "dateComponents": components}
        if kind not in FLOATING:
            trigger["timeZone"] = r["timeZone"]
        r["trigger"] = trigger
    return r


def expand_state(state):
    """A state of version 1 or 2 as version 1 writes it: every key, every request whole."""
    version = state.get("version", 1)
    if version == 1:
        return state
    if version != 2:
        raise Failure(f"state version {version} is not one this script reads (1, or 2 of compact2): "
                      "expand it with the version of this script that goes with the msgtool that wrote it")
    out = dict(STATE_DEFAULTS)
    out.update(state)
    out["version"] = 1
    out["pending"] = [expand_request(r, state.get("plannedTimeZone")) for r in out["pending"]]
    return out


def dumps(value):
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def expand_line(line, to):
    """The line in the shape `to` ("compact" or "full"), as msgtool batch writes it."""
    if "error" in line:
        return None
    shape = line.get("shape", 1)
    if shape not in (1, 2):
        raise Failure(f"shape {shape} is not a shape this script reads (2: compact2; no \"shape\": compact or full): "
                      "expand the line with the version of this script that goes with the msgtool that wrote it")
    if not isinstance(line.get("user"), str) or not isinstance(line.get("state"), dict):
        raise Failure('not a line of msgtool batch: a planned user\'s line has "user" and "state"')
    state = expand_state(line["state"])
    pending = state["pending"]
    if shape == 1 and "pending" in line:  # the full shape
        added = line["added"]
    else:
        by_id = {r["identifier"]: r for r in pending}
        missing = [i for i in line.get("added", []) if i not in by_id]
        if missing:
            raise Failure(f"added names {missing[0]!r}, which is not a request of state.pending")
        added = [by_id[i] for i in line.get("added", [])]
    rest = {"notes": line.get("notes", []), "removed": line.get("removed", []), "state": state}
    if "authorizationRequest" in line:
        rest["authorizationRequest"] = line["authorizationRequest"]
    if to == "full":
        rest["added"], rest["pending"] = added, pending
    else:
        rest["added"] = [r["identifier"] for r in added]
    return '{"user":' + dumps(line["user"]) + "," + dumps(rest)[1:]


def main():
    ap = argparse.ArgumentParser(description="msgtool batch's lines (compact2, compact or full) with every request whole.")
    ap.add_argument("--to", choices=["compact", "full"], default="compact", help="the shape to write (default: compact)")
    ap.add_argument("files", nargs="*", help="msgtool batch output (standard input when none)")
    a = ap.parse_args()
    out = sys.stdout
    for path in a.files or ["-"]:
        name = "<stdin>" if path == "-" else path
        try:
            f = sys.stdin.buffer if path == "-" else open(path, "rb")
        except OSError as e:
            print(f"{name}: error: {e.strerror}", file=sys.stderr)
            return 1
        with f:
            for number, raw in enumerate(f, 1):
                if not raw.strip():
                    continue
                try:
                    try:
                        line = json.loads(raw)
                    except (json.JSONDecodeError, UnicodeDecodeError) as e:
                        raise Failure(f"not JSON ({e}): each line must be one line of msgtool batch's output")
                    if not isinstance(line, dict):
                        raise Failure("not a JSON object: each line must be one line of msgtool batch's output")
                    expanded = expand_line(line, a.to)
                except Failure as e:
                    out.flush()
                    print(f"{name}:{number}: error: {e}", file=sys.stderr)
                    return 1
                except (KeyError, TypeError, ValueError) as e:
                    out.flush()
                    print(f"{name}:{number}: error: not a line of msgtool batch ({type(e).__name__}: {e})", file=sys.stderr)
                    return 1
                out.write(raw.decode("utf-8").rstrip("\r\n") if expanded is None else expanded)
                out.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
