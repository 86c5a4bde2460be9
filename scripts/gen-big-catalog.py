#!/usr/bin/env python3
"""Writes a large catalog folder for measuring the tools (not committed data).

    python3 scripts/gen-big-catalog.py --messages 100000 --out /tmp/big [--minified]

The bundled catalogs' messages (Resources/strings en and es) are repeated under numbered keys
(`milestone.streak.000123`) until there are --messages of them, so every message is valid and
translated; each keeps its first part and, per tone, its first variant (an app's typical
message: a few units, not the bundled catalogs' pools of variants). --minified writes each file on one line (as some tools export JSON). Deterministic.
"""

import argparse
import json
import os

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Resources", "strings")


def small(message):
    message = dict(message)
    parts = message["parts"]
    first = sorted(parts)[0]
    tones = parts[first]
    if isinstance(tones, dict):
        tones = {tone: (texts[0] if isinstance(texts, list) else texts) for tone, texts in tones.items()}
    elif isinstance(tones, list):
        tones = tones[0]
    message["parts"] = {first: tones}
    return message


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--messages", type=int, required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--minified", action="store_true")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    for locale in ("en", "es"):
        with open(os.path.join(ROOT, locale + ".json"), encoding="utf-8") as f:
            source = json.load(f)
        keys = sorted(source["messages"])
        messages = {}
        for i in range(args.messages):
            key = keys[i % len(keys)]
            messages["%s.%06d" % (key, i)] = small(source["messages"][key])
        catalog = {"locale": locale, "messages": messages}
        with open(os.path.join(args.out, locale + ".json"), "w", encoding="utf-8") as f:
            if args.minified:
                json.dump(catalog, f, ensure_ascii=False, separators=(",", ":"))
            else:
                json.dump(catalog, f, ensure_ascii=False, indent=2)
            f.write("\n")


if __name__ == "__main__":
    main()
