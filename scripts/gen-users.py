#!/usr/bin/env python3
"""Generates users for `msgtool batch`: one JSON object a line on standard output.

    python3 scripts/gen-users.py --count 10000 [--seed 1] [--now 2026-11-23T09:30:00+01:00]

The same arguments give the same bytes (a seeded Mersenne Twister, nothing read from the clock
or the machine). Users spread over the catalogs' locales and their fallbacks (es-MX -> es-419 ->
es, zh-CN -> zh-Hans, zh-TW -> en), the three tones, time zones with and without DST on both
hemispheres and with half- and quarter-hour offsets, the permission states, and every kind of the
seeds: daily affirmations, achievement reminders (daily, every 3 days, weekly), milestones,
retrievals, daily and weekly habits, the interval timer and the step counter, with events in the
hour before --now and some prior state. Output is streamed: memory does not grow with --count.
"""

import argparse
import json
import random
import sys
from datetime import datetime, timedelta, timezone

LOCALES = [("en", 10), ("en-US", 12), ("en-GB", 5), ("en-IN", 5), ("en-NZ", 2), ("es", 6), ("es-ES", 6),
           ("es-MX", 8), ("es-419", 3), ("es-US", 3), ("zh-Hans", 6), ("zh-CN", 6), ("zh-SG", 2), ("zh-TW", 2)]
ZONES = [("America/New_York", 10), ("America/Los_Angeles", 8), ("America/Mexico_City", 8), ("America/Sao_Paulo", 4),
         ("America/Santiago", 3), ("America/St_Johns", 1), ("Europe/London", 6), ("Europe/Madrid", 8),
         ("Europe/Berlin", 4), ("Africa/Cairo", 2), ("Asia/Kolkata", 8), ("Asia/Kathmandu", 1), ("Asia/Shanghai", 8),
         ("Asia/Tokyo", 4), ("Australia/Sydney", 4), ("Australia/Adelaide", 2), ("Pacific/Auckland", 3),
         ("Pacific/Chatham", 1), ("UTC", 2)]
TONES = ["cheerful", "gentle", "minimal"]
AUTHORIZATION = [("authorized", 88), ("notDetermined", 5), ("denied", 3), ("provisional", 2), ("ephemeral", 2)]
FREQUENCIES = ["daily", "every_3_days", "weekly"]
HABITS = [("water", "Drink water"), ("read", "Read 10 pages"), ("walk", "Long walk"), ("stretch", "Stretch"),
          ("journal", "Journal"), ("meditate", "Meditate")]
ACTIVITIES = ["run", "walk", "ride", "swim", "hike", "other"]


def weighted(rng, table):
    """One value of a (value, weight) table."""
    total = sum(w for _, w in table)
    x = rng.randrange(total)
    for value, w in table:
        if x < w:
            return value
        x -= w
    raise AssertionError("unreachable")


def instant(moment):
    """ISO 8601 in UTC with Z."""
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def clock(rng, first_hour, last_hour):
    """A wall time HH:MM on a quarter hour."""
    return "%02d:%02d" % (rng.randint(first_hour, last_hour), rng.choice([0, 15, 30, 45]))


def user(rng, number, now):
    """One user: config keys, id, and sometimes state and events."""
    u = {"id": "u-%07d" % number, "timeZone": weighted(rng, ZONES), "locale": weighted(rng, LOCALES),
         "tone": rng.choice(TONES), "userSeed": rng.randrange(1 << 32)}
    if rng.random() < 0.03:
        u["notificationsEnabled"] = False
    else:
        u["authorization"] = weighted(rng, AUTHORIZATION)
    if rng.random() < 0.25:
        u["quietHours"] = {"start": clock(rng, 21, 23), "end": clock(rng, 6, 7)}
    events = []
    state = {}

    def event(kind, minutes_ago, **extra):
        events.append(dict({"type": kind, "timestamp": instant(now - timedelta(minutes=minutes_ago))}, **extra))

    # Every user has at least one kind on; most have two or three.
    kinds = [k for k in ("affirmation", "journal", "habits", "interval", "steps") if rng.random() < 0.45]
    if not kinds:
        kinds = [rng.choice(["affirmation", "journal", "habits", "interval", "steps"])]
    if "affirmation" in kinds:
        u["dailyAffirmation"] = {"enabled": True, "time": clock(rng, 7, 21), "windowDays": rng.choice([7, 7, 7, 5, 14])}
    if "journal" in kinds:
        anchor = (now - timedelta(days=rng.randrange(0, 10))).strftime("%Y-%m-%d")
        u["achievementReminder"] = {"enabled": True, "time": clock(rng, 18, 21), "frequency": rng.choice(FREQUENCIES),
                                    "anchorDate": anchor}
        u["milestones"] = {"enabled": rng.random() < 0.8}
        u["retrieval"] = {"enabled": True, "includePreview": rng.random() < 0.5}
        streak = rng.randrange(0, 12)
        if streak:
            days = [(now - timedelta(days=d)).strftime("%Y-%m-%d") for d in range(streak, 0, -1)]
            state["achievementDays"] = days
            state["achievementCount"] = streak + rng.randrange(0, 40)
        if rng.random() < 0.5:
            event("achievementRecorded", rng.randrange(1, 90), id="a-%d" % rng.randrange(10000))
        if rng.random() < 0.2:
            event("achievementRetrieved", rng.randrange(1, 50), id="a-%d" % rng.randrange(10000),
                  text="Finished my first 10K run", recordedOn=instant(now - timedelta(days=rng.randrange(30, 400))))
    if "habits" in kinds:
        chosen = rng.sample(HABITS, rng.randint(1, 3))
        u["habits"] = [{"id": hid, "name": name, "period": rng.choice(["daily", "daily", "weekly"]),
                        "hoursBefore": rng.randint(1, 23)} for hid, name in chosen]
        if rng.random() < 0.3:
            event("habitCompleted", rng.randrange(1, 120), habitId=chosen[0][0])
    if "interval" in kinds:
        u["interval"] = {"enabled": True, "seconds": rng.choice([30, 60, 90, 120, 300])}
        if rng.random() < 0.6:
            event("intervalSet", rng.randrange(0, 3), seconds=rng.randrange(10, 301))
    if "steps" in kinds:
        goal = rng.choice([6000, 8000, 10000, 12000])
        u["steps"] = {"goalEnabled": True, "halfwayEnabled": rng.random() < 0.7, "workoutEnabled": rng.random() < 0.7,
                      "unlockEnabled": rng.random() < 0.3, "goal": goal}
        event("appBackground", 75)
        event("stepsUpdated", rng.randrange(1, 70), steps=rng.randrange(0, goal + 4000))
        if rng.random() < 0.3:
            event("workoutCompleted", rng.randrange(1, 90), id="W-%d" % rng.randrange(1 << 20),
                  activity=rng.choice(ACTIVITIES), durationSeconds=rng.randrange(600, 7200),
                  distanceKm=round(rng.uniform(1, 25), 2))
    if rng.random() < 0.05:
        event("timeZoneChanged", rng.randrange(1, 600), timeZone=weighted(rng, ZONES))
    if state:
        u["state"] = state
    if events:
        u["events"] = events
    return u


def main():
    parser = argparse.ArgumentParser(description="Seeded users for msgtool batch, JSON Lines on stdout.")
    parser.add_argument("--count", type=int, default=1000, help="how many users (default 1000)")
    parser.add_argument("--seed", type=int, default=1, help="the random seed (default 1)")
    parser.add_argument("--now", default="2026-11-23T09:30:00+01:00",
                        help="the instant msgtool batch will plan at: events fall in the hour before it")
    args = parser.parse_args()
    if args.count < 0:
        parser.error("--count must be 0 or more")
    try:
        now = datetime.fromisoformat(args.now.replace("Z", "+00:00"))
    except ValueError:
        parser.error("--now takes an ISO 8601 instant with an offset (2026-11-23T09:30:00+01:00)")
    if now.tzinfo is None:
        parser.error("--now needs an offset (2026-11-23T09:30:00+01:00)")
    rng = random.Random(args.seed)
    out = sys.stdout
    chunk = []
    try:
        for number in range(1, args.count + 1):
            chunk.append(json.dumps(user(rng, number, now), ensure_ascii=False))
            if len(chunk) == 1000:
                out.write("\n".join(chunk) + "\n")
                chunk = []
        if chunk:
            out.write("\n".join(chunk) + "\n")
        out.flush()
    except BrokenPipeError:
        # `| head`: the reader has what it wanted.
        sys.stderr.close()


if __name__ == "__main__":
    main()
