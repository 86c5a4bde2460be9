#!/usr/bin/env python3
"""Generates Sources/CLDRData/Generated/UnitPatternsData.swift from scripts/cldr/units.json.

    python3 scripts/gen-unit-patterns.py

The JSON is ICU's own copy of the CLDR unit patterns ("{0} km") of the units the toolkit formats,
dumped by scripts/cldr/dump-icu-units.c (see there). Python 3 standard library only; the output
depends on the JSON alone, so running this twice gives a byte-identical file.

The data is kept out of the type checker's way: no dictionary or array literals, only string
literals and `switch`es (as PluralRulesData.swift does).
  * `UnitPatternsData.patterns`: every distinct pattern once, sorted, in one string literal,
    separated by U+001F;
  * `UnitPatternsData.records(of:)`: a `switch` from a bundle id (`en`, `es_419`, `root`) to the
    patterns that bundle defines itself, as one ASCII string of fixed-width records, sorted:
    2 digits key (table × 120 + unit × 6 + plural category) then the pattern index
    (`patternDigits` digits), all digits base 64 in the alphabet `DIGITS`;
  * `UnitPatternsData.tableAlias(of:table:)`: width tables that a bundle aliases to another;
  * `UnitPatternsData.localeAlias(of:)`: deprecated ids whose bundle is a `%%ALIAS`, and the ids
    ICU lists without a bundle of their own whose loaded bundle is not their truncation's.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "cldr"))
from gencommon import check_same_icu, cldr_json, failer, output_path, swift_string, version_members, write_output  # noqa: E402
# The output file: Sources/CLDRData/Generated/UnitPatternsData.swift, or the path given as the first
# argument (CI regenerates into a temporary folder and compares: scripts/check-generated.sh).
OUT = output_path("UnitPatternsData.swift")

CATEGORIES = ["zero", "one", "two", "few", "many", "other"]
TABLES = ["units", "unitsShort", "unitsNarrow"]  # Width.wide, .short, .narrow
DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_"
SEPARATOR = "\u001f"


fail = failer("gen-unit-patterns")


def encode(value, width):
    out = ""
    for _ in range(width):
        out = DIGITS[value % 64] + out
        value //= 64
    if value:
        fail("value too large for %d digits" % width)
    return out


def main():
    data = cldr_json("units.json")
    plurals = cldr_json("plurals.json")

    # The runtime walks CLDRParentLocales (generated from plurals.json, the main tree's
    # %%Parent); the unit tree must have the same parents.
    check_same_icu(data, "units.json", plurals, fail)

    units = data["units"]
    if units != sorted(units) or len(units) * 6 * len(TABLES) > 64 * 64:
        fail("unit list not sorted or too long")

    patterns = set()
    for tables in data["patterns"].values():
        for table, by_unit in tables.items():
            if table not in TABLES:
                fail("unknown table %r" % table)
            for unit, forms in by_unit.items():
                if unit not in units:
                    fail("unknown unit %r" % unit)
                for cat, text in forms.items():
                    if cat not in CATEGORIES:
                        fail("unknown plural category %r" % cat)
                    # ICU compiles the patterns with SimpleFormatter: an apostrophe quotes only
                    # before '{', '}' or another apostrophe. Such patterns would need unquoting.
                    if SEPARATOR in text or "''" in text or "'{" in text or "'}" in text:
                        fail("pattern %r needs SimpleFormatter unquoting" % text)
                    if text.replace("{0}", "").count("{") or text.replace("{0}", "").count("}"):
                        fail("pattern %r has another placeholder" % text)
                    patterns.add(text)
    patterns = sorted(patterns)
    index = {p: i for i, p in enumerate(patterns)}
    pattern_digits = 1
    while 64 ** pattern_digits < len(patterns):
        pattern_digits += 1

    for key, target in data["tableAliases"].items():
        if target not in TABLES or key.split("/")[1] not in TABLES:
            fail("unknown table alias %s -> %s" % (key, target))

    # Ids with no bundle of their own that ICU 72 does not resolve by truncation (sr_Cyrl_ME
    # loads sr_Latn_ME, not sr_Cyrl): looked up like the %%ALIAS ids.
    bundles = set(data["bundles"])
    locale_aliases = dict(data["localeAliases"])

    def first_bundle(locale):
        for _ in range(16):
            locale = locale_aliases.get(locale, locale)
            if locale in bundles:
                return locale
            if locale in data["parents"]:
                locale = data["parents"][locale]
            elif "_" in locale:
                locale = locale.rsplit("_", 1)[0]
            else:
                return "root"
        fail("alias loop at %s" % locale)

    loaded_for = {}
    for locale, loaded in sorted(data["loadedFor"].items()):
        if first_bundle(locale) != loaded:
            loaded_for[locale] = loaded
    for locale, loaded in loaded_for.items():
        locale_aliases[locale] = loaded

    records = {}
    entries = 0
    for locale in sorted(data["patterns"]):
        recs = []
        for table, by_unit in data["patterns"][locale].items():
            t = TABLES.index(table)
            for unit, forms in by_unit.items():
                u = units.index(unit)
                for cat, text in forms.items():
                    key = t * len(units) * 6 + u * 6 + CATEGORIES.index(cat)
                    recs.append((key, index[text]))
        recs.sort()
        entries += len(recs)
        records[locale] = "".join(encode(k, 2) + encode(p, pattern_digits) for k, p in recs)

    out = []
    w = out.append
    w("// GENERATED FILE, DO NOT EDIT. Regenerate with:")
    w("//     python3 scripts/gen-unit-patterns.py")
    w("// from scripts/cldr/units.json (CLDR %s unit patterns as ICU %s carries them; dumped by"
      % (data["cldrVersion"], data["icuVersion"]))
    w("// scripts/cldr/dump-icu-units.c).")
    w("//")
    w("// The patterns are data of the Unicode Common Locale Data Repository (CLDR), Copyright © 1991-2022")
    w("// Unicode, Inc., distributed under the Unicode License (see https://www.unicode.org/copyright.html).")
    w("")
    w("/// The generated tables behind `CLDRUnitPatterns`: %d patterns (%d distinct) of %d units in"
      % (entries, len(patterns), len(units)))
    w("/// three widths, as the %d bundles of ICU's unit tree that have any define them themselves."
      % len(records))
    w("package enum UnitPatternsData {")
    version_members(w, data)
    w("")
    w("    /// The units, in ICU skeleton spelling and sorted; a unit's index is its place here.")
    w("    package static func unitIndex(_ unit: some StringProtocol) -> Int? {")
    w("        switch unit {")
    for i, unit in enumerate(units):
        w("        case \"%s\": return %d" % (unit, i))
    w("        default: return nil")
    w("        }")
    w("    }")
    w("")
    w("    /// The number of units (`unitIndex` is below it).")
    w("    package static let unitCount = %d" % len(units))
    w("")
    w("    /// Digits of a pattern index in a record.")
    w("    package static let patternDigits = %d" % pattern_digits)
    w("")
    w("    /// The value of a base-64 digit of the records (`0-9`, `A-Z`, `a-z`, `-`, `_`).")
    w("    @inline(__always)")
    w("    package static func digit(_ byte: UInt8) -> Int {")
    w("        switch byte {")
    w("        case 0x30...0x39: return Int(byte) - 0x30")
    w("        case 0x41...0x5A: return Int(byte) - 0x41 + 10")
    w("        case 0x61...0x7A: return Int(byte) - 0x61 + 36")
    w("        case 0x2D: return 62")
    w("        default: return 63")
    w("        }")
    w("    }")
    w("")
    w("    /// A width table that a bundle aliases to another (`:alias{\"/LOCALE/…\"}`, looked up again")
    w("    /// from the start of the locale chain), as indices into (units, unitsShort, unitsNarrow).")
    w("    package static func tableAlias(of bundle: String, table: Int) -> Int? {")
    w("        switch (bundle, table) {")
    for key in sorted(data["tableAliases"]):
        bundle, table = key.split("/")
        w("        case (\"%s\", %d): return %d  // %s → %s"
          % (bundle, TABLES.index(table), TABLES.index(data["tableAliases"][key]), table,
             data["tableAliases"][key]))
    w("        default: return nil")
    w("        }")
    w("    }")
    w("")
    w("    /// The bundle ICU loads for a deprecated id whose bundle is a `%%ALIAS` (`zh_TW` → `zh_Hant_TW`,")
    w("    /// `iw` → `he`), or for an id without a bundle that ICU 72 does not resolve by truncation")
    w("    /// (`sr_Cyrl_ME` → `sr_Latn_ME`); nil for any other id.")
    w("    package static func localeAlias(of id: String) -> String? {")
    w("        switch id {")
    for alias in sorted(locale_aliases):
        note = "  // no bundle; not the truncation" if alias in loaded_for else ""
        w("        case \"%s\": return \"%s\"%s" % (alias, locale_aliases[alias], note))
    w("        default: return nil")
    w("        }")
    w("    }")
    w("")
    w("    /// The patterns a bundle defines itself, as sorted fixed-width records (see")
    w("    /// scripts/gen-unit-patterns.py); nil for a bundle that defines none.")
    w("    package static func records(of bundle: String) -> String? {")
    w("        switch bundle {")
    for locale in sorted(records):
        w("        case \"%s\": return \"%s\"" % (locale, records[locale]))
    w("        default: return nil")
    w("        }")
    w("    }")
    w("")
    w("    /// Every distinct pattern, sorted, separated by U+001F; a record's pattern index counts them.")
    w("    package static let patterns = ")
    # One literal per line, joined by `+` would make the type checker work; a single literal
    # with line continuations ("\" at the end of a line inside a multi-line string) is free.
    w('        """')
    line = ""
    for i, p in enumerate(patterns):
        piece = swift_string(p + (SEPARATOR if i + 1 < len(patterns) else ""))[1:-1]
        if len(line) + len(piece) > 100:
            w("        " + line + "\\")
            line = ""
        line += piece
    w("        " + line)
    w('        """')
    w("}")
    w("")

    text = "\n".join(out)
    written = write_output(OUT, text)
    print("gen-unit-patterns: %d units, %d bundles, %d patterns (%d distinct), %d locale aliases -> %s"
          % (len(units), len(records), entries, len(patterns), len(locale_aliases), written))


if __name__ == "__main__":
    main()
