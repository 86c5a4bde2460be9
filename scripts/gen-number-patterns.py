#!/usr/bin/env python3
"""Generates Sources/CLDRData/Generated/NumberPatternsData.swift from scripts/cldr/numbers.json.

    python3 scripts/gen-number-patterns.py         # writes the Swift file
    python3 scripts/gen-number-patterns.py OUTPUT  # writes OUTPUT (scripts/check-generated.sh compares it)

The JSON is ICU's own copy of CLDR's compact decimal patterns (long and short, per power of ten
and plural form), percent patterns and percent signs, in the `latn` numbering system, as each
bundle of ICU's main tree defines them itself (dumped by scripts/cldr/dump-icu-numbers.c; see
scripts/cldr/README.md). Python 3 standard library only; the output depends on the JSON alone.

The data is kept out of the type checker's way, as UnitPatternsData.swift does: only string
literals and `switch`es from a bundle id (`es`, `es_419`, `root`) to what that bundle defines:
  * `compactLong(of:)`, `compactShort(of:)`: entries separated by U+001F, each
    `magnitude U+001E form U+001E pattern` (magnitude = the number of zeros of the power of ten;
    form = a plural keyword, or `0`/`1` for an explicit value; pattern as CLDR writes it, "0"
    meaning "no compact form for this power");
  * `percentPattern(of:)`, `percentSign(of:)`.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "cldr"))
from gencommon import check_same_icu, cldr_json, failer, output_path, swift_string, version_members, write_output  # noqa: E402
# The output file: Sources/CLDRData/Generated/NumberPatternsData.swift, or the path given as the first
# argument (CI regenerates into a temporary folder and compares: scripts/check-generated.sh).
OUT = output_path("NumberPatternsData.swift")

FORMS = ["zero", "one", "two", "few", "many", "other", "0", "1"]
FIELD, ENTRY = "\u001e", "\u001f"


fail = failer("gen-number-patterns")

# Invisible marks and spaces are written as escapes, so a reader of the generated file sees them.
INVISIBLE = (0x200e, 0x200f, 0x061c, 0xa0, 0x202f)


def check_affixes(pattern, where, allowed):
    """The runtime parses only a subset of ICU's pattern syntax: fail on anything else."""
    quoted = False
    for i, c in enumerate(pattern):
        if c == "'":
            quoted = not quoted
        elif not quoted and (c in "¤‰*@" or (c == "E" and i > 0 and pattern[i - 1] in "0#")):
            fail("%s: pattern %r uses %r, which the runtime does not parse" % (where, pattern, c))
    if "%" in pattern and "%" not in allowed:
        fail("%s: pattern %r has a percent sign" % (where, pattern))
    if pattern.count(";") > 1:
        fail("%s: pattern %r has more than two subpatterns" % (where, pattern))


def compact_table(table, where):
    entries = []
    for power, forms in table.items():
        if power != "1" + "0" * (len(power) - 1) or not 3 <= len(power) - 1 <= 19:
            fail("%s: unexpected power of ten %r" % (where, power))
        for form, pattern in forms.items():
            if form not in FORMS:
                fail("%s: unknown plural form %r" % (where, form))
            if FIELD in pattern or ENTRY in pattern:
                fail("%s: pattern %r contains a separator" % (where, pattern))
            # ICU's CompactDataSink counts the first run of zeros: the digits must be zeros.
            body = pattern.split(";")[0]
            if any(c in body for c in "#123456789,"):
                fail("%s: pattern %r has digits other than zeros" % (where, pattern))
            check_affixes(pattern, where, "")
            entries.append((len(power) - 1, FORMS.index(form), form, pattern))
    entries.sort()
    return ENTRY.join("%d%s%s%s%s" % (m, FIELD, f, FIELD, p) for m, _, f, p in entries)


def generate():
    data = cldr_json("numbers.json")
    units = cldr_json("units.json")
    plurals = cldr_json("plurals.json")
    # The runtime walks CLDRUnitPatterns.bundleChain (the unit tree's aliases, plurals.json's
    # parents): the main tree must agree on both.
    if data["localeAliases"] != units["localeAliases"]:
        fail("the main tree's %%ALIAS ids differ from the unit tree's")
    check_same_icu(data, "numbers.json", plurals, fail)

    long_, short, percent, sign = {}, {}, {}, {}
    for bundle, fields in sorted(data["bundles"].items()):
        if "long" in fields:
            long_[bundle] = compact_table(fields["long"], bundle + "/patternsLong")
        if "short" in fields:
            short[bundle] = compact_table(fields["short"], bundle + "/patternsShort")
        if "percent" in fields:
            p = fields["percent"]
            check_affixes(p, bundle + "/percentFormat", "%")
            if ";" in p or p.count("%") != 1 or "'" in p:
                fail("%s: percent pattern %r is not one subpattern with one unquoted %%" % (bundle, p))
            percent[bundle] = p
        if "percentSign" in fields:
            sign[bundle] = fields["percentSign"]
    if "root" not in short or "root" not in percent or "root" not in sign:
        fail("root lacks short compact patterns, a percent pattern or a percent sign")

    out = []
    w = out.append
    w("// GENERATED FILE, DO NOT EDIT. Regenerate with:")
    w("//     python3 scripts/gen-number-patterns.py")
    w("// from scripts/cldr/numbers.json (CLDR %s number patterns as ICU %s carries them; dumped by"
      % (data["cldrVersion"], data["icuVersion"]))
    w("// scripts/cldr/dump-icu-numbers.c).")
    w("//")
    w("// The patterns are data of the Unicode Common Locale Data Repository (CLDR), Copyright © 1991-2022")
    w("// Unicode, Inc., distributed under the Unicode License (see https://www.unicode.org/copyright.html).")
    w("")
    w("/// The generated tables behind `CLDRNumberPatterns`: what each bundle of ICU's main tree defines")
    w("/// itself (`latn` numbering system) of the long (%d bundles) and short (%d) compact decimal"
      % (len(long_), len(short)))
    w("/// patterns, the percent pattern (%d) and the percent sign (%d)." % (len(percent), len(sign)))
    w("package enum NumberPatternsData {")
    version_members(w, data)
    compact_doc = ": entries separated by U+001F, each\n    /// `magnitude U+001E form U+001E pattern`"
    for name, table, doc in [
        ("compactLong", long_, "The long compact decimal patterns a bundle defines itself" + compact_doc),
        ("compactShort", short, "The short compact decimal patterns a bundle defines itself" + compact_doc),
        ("percentPattern", percent, "The percent pattern a bundle defines itself (`#,##0 %`)"),
        ("percentSign", sign, "The percent sign a bundle defines itself"),
    ]:
        w("")
        w("    /// %s; nil for a bundle that defines none." % doc)
        w("    package static func %s(of bundle: String) -> String? {" % name)
        w("        switch bundle {")
        for bundle in sorted(table):
            w("        case \"%s\": return %s" % (bundle, swift_string(table[bundle], INVISIBLE)))
        w("        default: return nil")
        w("        }")
        w("    }")
    w("}")
    w("")
    return "\n".join(out), (len(long_), len(short), len(percent), len(sign))


def main():
    text, counts = generate()
    written = write_output(OUT, text)
    print("gen-number-patterns: %d bundles with long compact patterns, %d with short, %d percent patterns, %d percent signs -> %s"
          % (counts + (written,)))


if __name__ == "__main__":
    main()
