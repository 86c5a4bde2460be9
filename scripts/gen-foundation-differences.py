#!/usr/bin/env python3
"""Rewrites the generated part of docs/foundation-backend.md (between the markers
`<!-- differences:begin -->` and `<!-- differences:end -->`): every conformance case whose text
differs between ICU 72 and the Foundation backend, grouped by reason, and the patterns the
Foundation backend refuses at compile time.

Input: the JSON lines the conformance test writes in the Apple configuration when
WRITE_CONFORMANCE_DIFFERENCES=<path> is set (scripts/gen-foundation-differences.sh runs both).

Every difference must be explained by one of the rules below (REASONS, classify); a difference no
rule explains makes this script fail, listing it: investigate it, then either propose a fix in
FoundationBackend or add a rule with the real reason. The explanations themselves are written in
the document's prose, by hand, above the markers.

Usage: scripts/gen-foundation-differences.py DIFFERENCES.jsonl [docs/foundation-backend.md]
"""
import collections
import json
import re
import sys

# Reason keys, in the order their tables appear, with a one-line title (the prose above the
# markers explains each key).
REASONS = {
    "min-grouping": "es, pl: `{n, ordinal}` of four digits is not grouped (CLDR minimumGroupingDigits 2 in ICU 76's rule-based format)",
    "ar-latn": "ar: Latin digits and their symbols by default (CLDR 46, ICU 76)",
    "ru-ordinal-period": "ru: `{n, ordinal}` without the period (CLDR 43)",
    "currency-name": "es: the full name of the yen (CLDR 46)",
    "datetime-at": "en, fr: date and time glued with \"at\" / \"à\" (atTime dateTimeFormat, ICU 76)",
    "cjk-full-date-space": "zh-Hans, ja: a space before the weekday in the full date (CLDR 46)",
    "de-weekday-comma": "de: no comma after the abbreviated weekday in generated patterns (CLDR 46)",
    "ru-month-weekday": "ru: March, June, July in full (\"марта\") in abbreviated dates; capitalized weekday in generated patterns (CLDR 46)",
    "huge-integer-operands": "fr, pt-BR, ar: the plural category of 10^21 (a defect of the generated operands, not of CLDR)",
}

REFUSED_REASONS = {
    "refused-decimal-pattern": "a DecimalFormat pattern (no Foundation equivalent the backend uses)",
    "refused-rbnf-duration": "ICU's rule-based `duration` format",
    "pending-unit-patterns": "measure-unit skeletons, measured before CLDRUnitPatterns landed",
}

ARABIC_DIGITS = re.compile("[\u0660-\u0669]")


def ungroup4(s):
    """1.234 / 1\u00a0234 → 1234 for numbers of exactly four integer digits."""
    return re.sub(r"(?<![\d.\u00a0\u202f])(\d)[.\u00a0](\d{3})(?![.\u00a0]\d)(?!\d)", r"\1\2", s)


def latin(s):
    """An Arabic text with Latin digits and symbols and without bidi marks, to compare the rest."""
    s = s.translate(str.maketrans("\u0660\u0661\u0662\u0663\u0664\u0665\u0666\u0667\u0668\u0669\u066b\u066c", "0123456789.,"))
    for mark in ("\u061c", "\u200e", "\u200f"):
        s = s.replace(mark, "")
    return s.replace("\u066a", "%").replace("\u00a0", " ")


def classify(d):
    p, loc, icu, fd = d["pattern"], d["locale"], d["icu72"], d["foundation"]
    args = d["args"]
    if args.get("n") == 1e21 and ("::.0" in p and loc in ("fr", "pt-BR") or loc == "ar" and "plural" in p and latin(icu) != latin(fd)):
        return "huge-integer-operands"
    if loc == "ar":
        return "ar-latn"
    if loc in ("es", "pl") and re.search(r"\{\s*\w+\s*,\s*ordinal\b", p) and ungroup4(icu) == fd:
        return "min-grouping"
    if loc == "ru" and "ordinal}" in p and icu == fd + ".":
        return "ru-ordinal-period"
    if loc == "es" and "currency/JPY unit-width-full-name" in p:
        return "currency-name"
    if "{d" in p:
        if loc in ("en", "fr") and "yMMMEdjmmz" in p and re.sub(r"(\d{4}), ", r"\1 at " if loc == "en" else r"\1 à ", icu) == fd:
            return "datetime-at"
        if loc in ("zh-Hans", "ja") and re.sub(r"日(星期|周|[月火水木金土日]曜日|\()", r"日 \1", icu) == fd:
            return "cjk-full-date-space"
        if loc == "de" and re.sub(r"^(\w\w)\., ", r"\1. ", icu) == fd:
            return "de-weekday-comma"
        if loc == "ru":
            t = icu.replace("мар.", "марта").replace("июн.", "июня").replace("июл.", "июля")
            t = re.sub(r"^(пн|вт|ср|чт|пт|сб|вс),", lambda m: m.group(1).capitalize() + ",", t)
            if t == fd:
                return "ru-month-weekday"
    return None


def refused_reason(pattern):
    if "measure-unit/" in pattern:
        return "pending-unit-patterns"
    if "duration}" in pattern:
        return "refused-rbnf-duration"
    if re.search(r"number, [#0']", pattern):
        return "refused-decimal-pattern"
    return None


def literal(s):
    """A JSON string literal with everything outside printable ASCII, `|` and `` ` `` escaped
    (as ConformanceFixture.documentLiteral writes it)."""
    out = ['"']
    raw = s.encode("utf-16-be")
    units = [int.from_bytes(raw[i:i + 2], "big") for i in range(0, len(raw), 2)]
    for u in units:
        if u == 0x22:
            out.append('\\"')
        elif u == 0x5C:
            out.append("\\\\")
        elif u in (0x7C, 0x60) or u < 0x20 or u >= 0x7F:
            out.append("\\u%04x" % u)
        else:
            out.append(chr(u))
    out.append('"')
    return "".join(out)


def cell(s):
    return s.replace("|", "\\|").replace("`", "'")


def main():
    diffs_path = sys.argv[1]
    doc_path = sys.argv[2] if len(sys.argv) > 2 else "docs/foundation-backend.md"
    fixture_path = "Tests/Fixtures/conformance/icu72.jsonl"
    diffs = [json.loads(line) for line in open(diffs_path, encoding="utf-8") if line.strip()]
    per_pattern = collections.Counter(json.loads(line)["pattern"] for line in open(fixture_path, encoding="utf-8"))

    refused = collections.OrderedDict()
    cases = collections.defaultdict(list)
    unexplained = []
    for d in diffs:
        if d["foundation"].startswith("<error"):
            refused.setdefault(d["pattern"], []).append(d)
            continue
        key = classify(d)
        if key is None:
            unexplained.append(d)
        else:
            cases[key].append(d)

    problems = []
    for pattern, ds in refused.items():
        texts = {d["foundation"] for d in ds}
        if len(ds) != per_pattern[pattern] or len(texts) != 1:
            problems.append("%s: %d of %d cases refused (%s)" % (pattern, len(ds), per_pattern[pattern], texts))
        if refused_reason(pattern) is None:
            problems.append("%s: refused for no known reason" % pattern)
    for d in unexplained:
        problems.append("#%d %s %s %s: ICU 72 %s, Foundation %s" % (d["id"], d["locale"], d["timeZone"], d["pattern"][:60], literal(d["icu72"]), literal(d["foundation"])))
    if problems:
        sys.stderr.write("%d differences no rule explains:\n%s\n" % (len(problems), "\n".join(problems[:60])))
        sys.exit(1)

    out = []
    total = sum(len(v) for v in cases.values())
    refused_cases = sum(len(v) for v in refused.values())
    out.append("Generated by `scripts/gen-foundation-differences.sh` from %d differing cases: %d cases of %d refused patterns, and %d texts.\n"
               % (len(diffs), refused_cases, len(refused), total))
    out.append("### Counts\n")
    out.append("| reason | cases |")
    out.append("| --- | --- |")
    for key in list(REFUSED_REASONS):
        n = sum(len(v) for p, v in refused.items() if refused_reason(p) == key)
        if n:
            out.append("| %s | %d |" % (key, n))
    for key in REASONS:
        if cases.get(key):
            out.append("| %s | %d |" % (key, len(cases[key])))
    out.append("")
    out.append("### Refused patterns\n")
    out.append("Every case of these patterns (every locale, zone and value) is refused when the message is compiled; the test checks each of them.\n")
    out.append("| kind | pattern | Foundation | reason |")
    out.append("| --- | --- | --- | --- |")
    for pattern, ds in refused.items():
        out.append("| refused | `%s` | `%s` | %s |" % (literal(pattern), literal(ds[0]["foundation"]), refused_reason(pattern)))
    out.append("")
    for key, title in REASONS.items():
        rows = cases.get(key)
        if not rows:
            continue
        out.append("### %s: %s\n" % (key, title))
        out.append("| id | locale | zone | pattern | args | ICU 72 | Foundation | reason |")
        out.append("| --- | --- | --- | --- | --- | --- | --- | --- |")
        for d in sorted(rows, key=lambda d: d["id"]):
            p = d["pattern"] if len(d["pattern"]) <= 48 else d["pattern"][:47] + "…"
            args = json.dumps(d["args"], ensure_ascii=False, separators=(",", ":"))
            out.append("| %d | %s | %s | %s | %s | `%s` | `%s` | %s |" % (
                d["id"], d["locale"], d["timeZone"], cell(p), cell(args), literal(d["icu72"]), literal(d["foundation"]), key))
        out.append("")

    doc = open(doc_path, encoding="utf-8").read()
    begin, end = "<!-- differences:begin -->", "<!-- differences:end -->"
    head, rest = doc.split(begin, 1)
    _, tail = rest.split(end, 1)
    open(doc_path, "w", encoding="utf-8").write(head + begin + "\n" + "\n".join(out) + "\n" + end + tail)
    print("%s: %d refused patterns (%d cases), %d listed texts" % (doc_path, len(refused), refused_cases, total))
    for key in REASONS:
        if cases.get(key):
            print("  %s: %d" % (key, len(cases[key])))


if __name__ == "__main__":
    main()
