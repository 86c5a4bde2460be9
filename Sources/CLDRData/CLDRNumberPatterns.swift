/// CLDR number patterns without ICU, as ICU 72 carries them (CLDR 42, see
/// `NumberPatternsData.cldrVersion`), generated into Swift by `scripts/gen-number-patterns.py`:
/// the long compact decimal patterns (`"0 mil"`, `"0 millones"`) and the percent patterns
/// (`"#,##0 %"`) with their percent sign. Foundation has no long compact style, and its percent
/// patterns are those of the operating system's CLDR (CLDR 46 writes Latin American Spanish
/// "51%", CLDR 42 "51 %"): the Foundation backend applies these so that a phone prints what ICU 72
/// prints on a server.
///
/// The lookup is ICU's, in the `latn` numbering system (the digits Foundation writes):
/// - compact patterns (`CompactData::populate` in ICU 72's number formatter): for every power of
///   ten and plural form, the first bundle of the locale's chain (`CLDRUnitPatterns.bundleChain`)
///   that defines it wins; when no bundle of the chain has long patterns, the short ones are used;
/// - a percent pattern or sign: the first bundle of the chain that defines one.
package enum CLDRNumberPatterns {
    /// The CLDR version of the patterns.
    package static var cldrVersion: String { NumberPatternsData.cldrVersion }

    /// A locale's compact decimal patterns, merged along its bundle chain as ICU merges them.
    package struct Compact: Sendable, Hashable {
        /// The largest power of ten with patterns (14 for "100 trillion" in English).
        package let largestMagnitude: Int
        /// By power of ten: how many powers of ten the number is scaled down by (3 for
        /// `"0 thousand"` at 10³ and at 10⁴), 0 where the power has no compact form.
        private let shifts: [Int]
        /// By power of ten, then form (`one`, `other`, `1`): the pattern; `"0"` means none.
        private let patterns: [[String: String]]

        init(entries: [(magnitude: Int, form: String, pattern: String)]) {
            var largest = 0
            var shifts = [Int](repeating: 0, count: 21)
            var patterns = [[String: String]](repeating: [:], count: 21)
            for e in entries where e.magnitude < 21 && patterns[e.magnitude][e.form] == nil {
                patterns[e.magnitude][e.form] = e.pattern
                largest = max(largest, e.magnitude)
                // ICU: the first pattern with zeros sets the power's multiplier;
                // a pattern such as French `1` "mille" has none; `"0"` (no compact form) counts none.
                let zeros = e.pattern == "0" ? 0 : Self.zeroRun(e.pattern)
                if shifts[e.magnitude] == 0, zeros > 0 {
                    shifts[e.magnitude] = e.magnitude + 1 - zeros
                }
            }
            self.largestMagnitude = largest
            self.shifts = shifts
            self.patterns = patterns
        }

        /// The length of the first run of zeros (ICU's `countZeros`).
        private static func zeroRun(_ pattern: String) -> Int {
            var count = 0
            for c in pattern.unicodeScalars {
                if c == "0" { count += 1 } else if count > 0 { break }
            }
            return count
        }

        /// How many powers of ten a number of magnitude `magnitude` (the power of ten of its first
        /// digit) is scaled down by; 0 below a thousand and where the locale writes no compact form.
        package func shift(magnitude: Int) -> Int {
            guard magnitude >= 0 else { return 0 }
            return shifts[min(magnitude, largestMagnitude)]
        }

        /// The pattern for a number of magnitude `magnitude` (before scaling) whose scaled, rounded
        /// value has the plural category `category` and is the integer `integer` (nil if it has a
        /// fraction): an explicit `0`/`1` pattern first, then the category's, then `other`'s. Nil
        /// where the number is written without a compact form.
        package func pattern(magnitude: Int, category: PluralCategory, integer: Int?) -> String? {
            guard magnitude >= 0 else { return nil }
            let forms = patterns[min(magnitude, largestMagnitude)]
            var found: String?
            if integer == 0 { found = forms["0"] } else if integer == 1 { found = forms["1"] }
            if found == nil { found = forms[category.keyword] ?? forms["other"] }
            return found == "0" ? nil : found
        }
    }

    /// The long compact patterns of a locale (an ICU id such as `es_419` or a BCP 47 id such as
    /// `es-419`); the short ones when no bundle of its chain has long patterns.
    package static func compactLong(localeID: some StringProtocol) -> Compact {
        let chain = CLDRUnitPatterns.bundleChain(of: localeID)
        let long = entries(chain.compactMap(NumberPatternsData.compactLong(of:)))
        return Compact(entries: long.isEmpty ? entries(chain.compactMap(NumberPatternsData.compactShort(of:))) : long)
    }

    /// The short compact patterns of a locale (`compact-short`: "1.2K", "1,2 mil"), for systems
    /// whose Foundation has no compact notation (before iOS 15, macOS 12, watchOS 8, tvOS 15).
    package static func compactShort(localeID: some StringProtocol) -> Compact {
        Compact(entries: entries(CLDRUnitPatterns.bundleChain(of: localeID).compactMap(NumberPatternsData.compactShort(of:))))
    }

    /// The percent pattern of a locale (`"#,##0 %"` in Spanish, `"#,##0%"` in English), as ICU 72
    /// has it.
    package static func percentPattern(localeID: some StringProtocol) -> String {
        CLDRUnitPatterns.bundleChain(of: localeID).lazy.compactMap(NumberPatternsData.percentPattern(of:)).first ?? "#,##0%"
    }

    /// The percent sign of a locale (`"%"`; `"٪"` in Persian), as ICU 72 has it.
    package static func percentSign(localeID: some StringProtocol) -> String {
        CLDRUnitPatterns.bundleChain(of: localeID).lazy.compactMap(NumberPatternsData.percentSign(of:)).first ?? "%"
    }

    /// Every entry of the bundles' records, nearest bundle first.
    private static func entries(_ records: [String]) -> [(magnitude: Int, form: String, pattern: String)] {
        var out: [(magnitude: Int, form: String, pattern: String)] = []
        for record in records {
            for entry in record.split(separator: "\u{1F}") {
                let fields = entry.split(separator: "\u{1E}", maxSplits: 2, omittingEmptySubsequences: false)
                guard fields.count == 3, let magnitude = Int(fields[0]) else { continue }
                out.append((magnitude, String(fields[1]), String(fields[2])))
            }
        }
        return out
    }
}

/// The affixes of one subpattern of an ICU decimal pattern, and the parse of a pattern into them:
/// the subset of ICU's pattern syntax that CLDR's compact and percent patterns use.
package struct NumberPatternAffixes: Sendable, Hashable {
    /// The text before the number, unquoted, with `-` written as U+E000 (the locale's sign goes
    /// there) and `%` as U+E001 (the locale's percent sign).
    package let prefix: String
    /// The text after the number, in the same form.
    package let suffix: String
    /// Whether the subpattern has a number at all (French `"mille"` has none).
    package let hasNumber: Bool

    /// Affixes as given (see the properties for their form).
    package init(prefix: String, suffix: String, hasNumber: Bool) {
        self.prefix = prefix
        self.suffix = suffix
        self.hasNumber = hasNumber
    }

    /// The positive and (if written) negative subpatterns of `pattern`.
    package static func parse(_ pattern: String) -> (positive: NumberPatternAffixes, negative: NumberPatternAffixes?) {
        var subpatterns: [NumberPatternAffixes] = []
        var prefix = "", suffix = "", inNumber = false, sawNumber = false, quoted = false
        var previousQuote = false
        func finish() {
            subpatterns.append(NumberPatternAffixes(prefix: prefix, suffix: suffix, hasNumber: sawNumber))
            prefix = ""; suffix = ""; inNumber = false; sawNumber = false
        }
        for c in pattern {
            if c == "'" {
                // `''` is a literal apostrophe, inside or outside quotes.
                if previousQuote { if sawNumber { suffix.append("'") } else { prefix.append("'") }; previousQuote = false; quoted.toggle(); continue }
                quoted.toggle()
                previousQuote = true
                continue
            }
            previousQuote = false
            var out = c
            if !quoted {
                if "0#,.".contains(c), !sawNumber || inNumber {
                    inNumber = true; sawNumber = true
                    continue
                }
                if c == ";" { finish(); continue }
                if c == "-" { out = "\u{E000}" } else if c == "%" { out = "\u{E001}" }
            }
            inNumber = false
            if sawNumber { suffix.append(out) } else { prefix.append(out) }
        }
        finish()
        return (subpatterns[0], subpatterns.count > 1 ? subpatterns[1] : nil)
    }
}
