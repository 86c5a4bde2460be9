#!/usr/bin/env python3
"""Generates Sources/CLDRData/Generated/PluralRulesData.swift from scripts/cldr/plurals.json.

    python3 scripts/gen-plural-rules.py

The JSON is ICU's own copy of the CLDR plural rules and parent locales, dumped by
scripts/cldr/dump-icu-plurals.c (see there). Python 3 standard library only; the output depends
on the JSON alone, so running this twice gives a byte-identical file.

What it writes:
  * `PluralRuleSet`, one case per distinct rule set (identical rule sets of different locales,
    cardinal or ordinal, are one case), with `select(_:)` and `categories`;
  * one `static func` per rule set, its conditions compiled to Swift over `PluralOperands`;
  * `PluralRulesData.cardinal(packed:)` / `ordinal(packed:)`: a `switch` from a locale id packed
    into a UInt64 (every id in ICU's plural tables has at most 8 ASCII bytes) to its rule set;
  * `PluralRulesData.explicitParent(of:)`: CLDR's parent locales (`%%Parent` in ICU's bundles).
"""

import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "cldr"))
from gencommon import cldr_json, failer, output_path, version_members, write_output  # noqa: E402
# The output file: Sources/CLDRData/Generated/PluralRulesData.swift, or the path given as the first
# argument (CI regenerates into a temporary folder and compares: scripts/check-generated.sh).
OUT = output_path("PluralRulesData.swift")

CATEGORIES = ["zero", "one", "two", "few", "many", "other"]


fail = failer("gen-plural-rules")


# ---------------------------------------------------------------------------------------------
# Rule syntax (UTS #35, "Plural rules syntax"), as CLDR 42 / ICU 72 use it:
#   condition     = and_condition ('or' and_condition)*
#   and_condition = relation ('and' relation)*
#   relation      = operand ('%' value)? ('=' | '!=') range_list
#   range_list    = (value '..' value | value) (',' (value '..' value | value))*
# ---------------------------------------------------------------------------------------------

TOKEN = re.compile(r"\s*(!=|=|%|\.\.|,|[a-z]+|[0-9]+)")


def tokenize(text):
    tokens, pos = [], 0
    text = text.strip()
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m:
            fail("cannot tokenize %r at %d" % (text, pos))
        tokens.append(m.group(1))
        pos = m.end()
    return tokens


class Parser:
    def __init__(self, text):
        self.text = text
        self.tokens = tokenize(text)
        self.pos = 0

    def peek(self):
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def next(self):
        tok = self.peek()
        if tok is None:
            fail("unexpected end of %r" % self.text)
        self.pos += 1
        return tok

    def number(self):
        tok = self.next()
        if not tok.isdigit():
            fail("expected a number in %r, got %r" % (self.text, tok))
        return int(tok)

    def condition(self):
        ors = [self.and_condition()]
        while self.peek() == "or":
            self.next()
            ors.append(self.and_condition())
        if self.peek() is not None:
            fail("trailing %r in %r" % (self.peek(), self.text))
        return ors

    def and_condition(self):
        ands = [self.relation()]
        while self.peek() == "and":
            self.next()
            ands.append(self.relation())
        return ands

    def relation(self):
        operand = self.next()
        if operand not in ("n", "i", "v", "w", "f", "t", "c", "e"):
            fail("unknown operand %r in %r" % (operand, self.text))
        modulus = None
        if self.peek() == "%":
            self.next()
            modulus = self.number()
        op = self.next()
        if op not in ("=", "!="):
            fail("unknown operator %r in %r" % (op, self.text))
        ranges = []
        while True:
            lo = self.number()
            hi = lo
            if self.peek() == "..":
                self.next()
                hi = self.number()
            ranges.append((lo, hi))
            if self.peek() != ",":
                break
            self.next()
        return (operand, modulus, op == "!=", tuple(ranges))


# Operand -> (Swift expression, Swift type). `n` is compared through `i` when the number is an
# integer (`f == 0`): UTS #35 `n = 2..4` holds only for the integers 2, 3, 4, and `n % 10`
# of an integer n is `i % 10`. The operands are never negative.
OPERANDS = {
    "n": "o.i", "i": "o.i", "f": "o.f", "t": "o.t",
    "v": "o.v", "w": "o.w", "c": "o.c", "e": "o.c",
}


INT64_OPERANDS = ("n", "i", "f", "t")


def swift_relation(rel):
    operand, modulus, negated, ranges = rel
    base = OPERANDS[operand]
    expr = base if modulus is None else "(%s %% %d)" % (base, modulus)
    within = "within" if operand in INT64_OPERANDS else "withinInt"
    if negated and operand != "n" and len(ranges) == 1:
        lo, hi = ranges[0]
        return "%s != %d" % (expr, lo) if lo == hi else "!%s(%s, %d, %d)" % (within, expr, lo, hi)
    parts = []
    for lo, hi in ranges:
        if lo == hi:
            parts.append("%s == %d" % (expr, lo))
        else:
            parts.append("%s(%s, %d, %d)" % (within, expr, lo, hi))
    test = parts[0] if len(parts) == 1 else "(" + " || ".join(parts) + ")"
    if operand == "n":
        test = "(o.f == 0 && %s)" % test
    return "!" + wrap(test) if negated else test


def wrap(expr):
    return expr if expr.startswith("(") and expr.endswith(")") and balanced(expr[1:-1]) else "(" + expr + ")"


def balanced(s):
    depth = 0
    for ch in s:
        depth += ch == "("
        depth -= ch == ")"
        if depth < 0:
            return False
    return depth == 0


def swift_condition(ors):
    ands = [" && ".join(swift_relation(r) for r in a) for a in ors]
    if len(ands) == 1:
        return ands[0]
    return " || ".join("(" + a + ")" if len(ors[i]) > 1 else a for i, a in enumerate(ands))


def split_rule(text):
    """'i = 1 and v = 0 @integer 1 @decimal ...' -> ('i = 1 and v = 0', samples text)."""
    at = text.find("@")
    cond = (text if at < 0 else text[:at]).strip()
    samples = "" if at < 0 else text[at:].strip()
    return " ".join(cond.split()), samples


def pack(locale):
    data = locale.encode("ascii")
    if len(data) > 8:
        fail("locale id %r longer than 8 bytes" % locale)
    value = 0
    for k, b in enumerate(data):
        value |= b << (8 * k)
    return value


def camel(locale):
    parts = re.split(r"[_-]", locale)
    return parts[0] + "".join(p[:1].upper() + p[1:].lower() for p in parts[1:])


def doc_lines(text, width=96, prefix="    /// "):
    words, lines, line = text.split(), [], ""
    for w in words:
        if line and len(prefix) + len(line) + 1 + len(w) > width:
            lines.append(prefix + line)
            line = w
        else:
            line = line + " " + w if line else w
    if line:
        lines.append(prefix + line)
    return lines


def main():
    data = cldr_json("plurals.json")

    # Distinct rule sets, by their conditions (samples do not change what a rule set selects).
    sets = {}  # key -> dict(rules=[(cat, cond, samples)], users=[(kind, locale)])
    set_of = {"cardinal": {}, "ordinal": {}}
    for kind in ("cardinal", "ordinal"):
        for locale in sorted(data[kind]):
            name = data[kind][locale]
            raw = data["rules"].get(name)
            if raw is None:
                fail("%s locale %s names the unknown rule set %r" % (kind, locale, name))
            for cat in raw:
                if cat not in CATEGORIES:
                    fail("unknown category %r in %s" % (cat, name))
            rules = []
            for cat in CATEGORIES:
                if cat in raw:
                    cond, samples = split_rule(raw[cat])
                    rules.append((cat, cond, samples))
            if not rules or rules[-1][0] != "other" or rules[-1][1]:
                fail("rule set %s has no unconditional 'other'" % name)
            key = tuple((c, cond) for c, cond, _ in rules)
            entry = sets.setdefault(key, {"rules": rules, "users": []})
            entry["users"].append((kind, locale))
            set_of[kind][locale] = key

    # Case names: the first locale that uses the rule set, cardinal before ordinal.
    names = {}
    for key, entry in sets.items():
        if key == (("other", ""),):
            names[key] = "otherOnly"
            continue
        kind, locale = entry["users"][0]
        names[key] = kind + camel(locale)[:1].upper() + camel(locale)[1:]
    if len(set(names.values())) != len(names):
        fail("duplicate case names")
    ordered = sorted(sets, key=lambda k: (k != (("other", ""),), names[k]))
    if len(ordered) > 255:
        fail("more rule sets than UInt8 can count")

    out = []
    w = out.append
    w("// GENERATED FILE, DO NOT EDIT. Regenerate with:")
    w("//     python3 scripts/gen-plural-rules.py")
    w("// from scripts/cldr/plurals.json (CLDR %s plural rules and parent locales as ICU %s carries"
      % (data["cldrVersion"], data["icuVersion"]))
    w("// them; dumped by scripts/cldr/dump-icu-plurals.c).")
    w("//")
    w("// The rules are data of the Unicode Common Locale Data Repository (CLDR), Copyright © 1991-2022")
    w("// Unicode, Inc., distributed under the Unicode License (see https://www.unicode.org/copyright.html).")
    w("")
    w("/// A distinct set of CLDR plural rules, cardinal or ordinal, shared by the locales listed on")
    w("/// each case. Get one with `CLDRPluralRules.ruleSet(for:ordinal:)`.")
    w("package enum PluralRuleSet: UInt8, Sendable, CaseIterable {")
    for key in ordered:
        entry = sets[key]
        users = entry["users"]
        card = [l for k, l in users if k == "cardinal"]
        ordl = [l for k, l in users if k == "ordinal"]
        desc = []
        if card:
            desc.append("Cardinal rules of " + ", ".join(card) + ".")
        if ordl:
            desc.append("Ordinal rules of " + ", ".join(ordl) + ".")
        for line in doc_lines(" ".join(desc)):
            w(line)
        for cat, cond, _ in entry["rules"]:
            if cond:
                w("    /// - %s: `%s`" % (cat, cond))
        w("    case %s" % names[key])
    w("}")
    w("")
    w("extension PluralRuleSet {")
    w("    /// The category these rules give to a number.")
    w("    @inlinable")
    w("    package func select(_ operands: PluralOperands) -> PluralCategory {")
    w("        switch self {")
    for key in ordered:
        w("        case .%s: return PluralRulesData.%s(operands)" % (names[key], names[key]))
    w("        }")
    w("    }")
    w("")
    w("    /// The categories these rules have, in CLDR order (zero, one, two, few, many, other).")
    w("    package var categories: [PluralCategory] {")
    w("        switch self {")
    for key in ordered:
        cats = ", ".join("." + c for c, _ in key)
        w("        case .%s: return [%s]" % (names[key], cats))
    w("        }")
    w("    }")
    w("}")
    w("")
    w("/// The generated tables and rule functions behind `CLDRPluralRules` and `CLDRParentLocales`.")
    w("package enum PluralRulesData {")
    version_members(w, data)
    w("")
    w("    @inline(__always) @usableFromInline")
    w("    static func within(_ x: Int64, _ lo: Int64, _ hi: Int64) -> Bool { x >= lo && x <= hi }")
    w("")
    w("    @inline(__always) @usableFromInline")
    w("    static func withinInt(_ x: Int, _ lo: Int, _ hi: Int) -> Bool { x >= lo && x <= hi }")
    for key in ordered:
        entry = sets[key]
        w("")
        w("    @usableFromInline")
        w("    static func %s(_ o: PluralOperands) -> PluralCategory {" % names[key])
        for cat, cond, _ in entry["rules"]:
            if not cond:
                continue
            w("        // %s: %s" % (cat, cond))
            w("        if %s { return .%s }" % (swift_condition(Parser(cond).condition()), cat))
        w("        return .other")
        w("    }")

    for kind in ("cardinal", "ordinal"):
        w("")
        w("    /// The %s rule set of a locale id exactly as ICU's plural table has it" % kind)
        w("    /// (`en`, `pt_PT`, `root`), packed by `CLDRPluralRules.pack(_:)`; nil if it has none.")
        w("    package static func %s(packed id: UInt64) -> PluralRuleSet? {" % kind)
        w("        switch id {")
        by_set = {}
        for locale in sorted(set_of[kind]):
            by_set.setdefault(set_of[kind][locale], []).append(locale)
        for key in ordered:
            locales = by_set.get(key)
            if not locales:
                continue
            w("        case")
            for idx, locale in enumerate(locales):
                sep = "," if idx + 1 < len(locales) else ":"
                w("            0x%016X%s // %s" % (pack(locale), sep, locale))
            w("            return .%s" % names[key])
        w("        default: return nil")
        w("        }")
        w("    }")

    w("")
    w("    /// CLDR's explicit parent of a locale id in ICU form (`%%Parent` in ICU's bundle of it;")
    w("    /// \"root\" when the parent is the root locale), nil when the parent is the truncation.")
    w("    package static func explicitParent(of id: String) -> String? {")
    w("        switch id {")
    parents = data["parents"]
    by_parent = {}
    for child in sorted(parents):
        by_parent.setdefault(parents[child], []).append(child)
    for parent in sorted(by_parent):
        children = by_parent[parent]
        w("        case %s:" % ", ".join('"%s"' % c for c in children))
        w("            return \"%s\"" % parent)
    w("        default: return nil")
    w("        }")
    w("    }")
    w("}")
    w("")

    text = "\n".join(out)
    written = write_output(OUT, text)
    print("gen-plural-rules: %d rule sets for %d cardinal and %d ordinal locales, %d parents -> %s"
          % (len(ordered), len(set_of["cardinal"]), len(set_of["ordinal"]), len(parents), written))


if __name__ == "__main__":
    main()
