/// The first day of a month written as an ordinal where the language's typography wants it,
/// decided once for both formatting backends so that a server and a phone print the same text:
/// French «1er mai», «vendredi 1er mai 2026», «1er janv. 2026», then «2 mai» and «31 décembre».
///
/// French writes the first day of a month as an ordinal and every other day as a cardinal
/// (the Imprimerie nationale's *Lexique des règles typographiques*; in Quebec, the OQLF's
/// *Banque de dépannage linguistique*). CLDR 42 (ICU 72) has no data for it: its French date
/// patterns (`d MMMM y`, `EEEE d MMMM y`, `d MMM y`) print «1 mai», which a French reader takes
/// for a typo. CLDR added ordinal days of the month later (`dayOfMonths` and the pattern symbol
/// `ddd`, a technical preview), which no ICU or Foundation the package runs on carries.
///
/// The rule: in a language of ``languages``, when a date pattern's day of the month is a lone
/// numeric `d` followed, across spaces only, by a month name (`MMM`, `MMMM`, `LLL`, `LLLL`), the
/// day 1 gets the suffix of the locale's own ordinal of 1: ICU's rule-based `%digits-ordinal`
/// («1er», the masculine of *le premier jour*) in the ICU backend, Foundation's ordinal number
/// style (the same ICU rules underneath) in the Foundation backend, and ``fallbackSuffix`` where
/// neither answers with digits and letters. Numeric dates («01/05/2026», «2026-05-01»), a
/// two-digit `dd`, a day after its month and a day alone (`::d`) are unchanged, as are
/// weekday-only and time-only formats. The pattern is read when a formatter is opened, so a
/// formatter the rule does not concern formats exactly as before.
package enum FirstDayOrdinal {
    /// The languages whose first day of a month is an ordinal («1er mai»).
    package static let languages: Set<String> = ["fr"]

    /// The suffix written when the locale's ordinal of 1 cannot be read («er»).
    package static let fallbackSuffix = "er"

    /// Whether a locale id's (`fr`, `fr_CA`, `fr-CH`) dates take the ordinal first day.
    package static func applies(localeID: some StringProtocol) -> Bool {
        let language = localeID.prefix { $0 != "_" && $0 != "-" && $0 != "@" }
        return languages.contains(language.lowercased())
    }

    /// The letters after the number in the locale's ordinal text of 1 (`1er` → `er`), or nil
    /// when the text is not the digit 1 followed by letters only (`1.º`, `第1`).
    /// - Parameter text: the ordinal of 1 as the locale writes it.
    package static func suffix(ordinalOfOne text: String) -> String? {
        guard text.hasPrefix("1") else { return nil }
        let rest = text.dropFirst()
        guard !rest.isEmpty, rest.allSatisfy(\.isLetter) else { return nil }
        return String(rest)
    }

    /// One field or literal of a SimpleDateFormat pattern.
    private enum Token: Equatable {
        case field(Character, Int)
        case literal(String)
    }

    /// The pattern as fields (a run of one ASCII letter) and literals (quoted text unquoted,
    /// `''` as one quote), in order; each field with the index after it in `pattern`.
    private static func tokens(_ pattern: String) -> [(Token, String.Index)] {
        var out: [(Token, String.Index)] = []
        var i = pattern.startIndex
        var literal = ""
        func flush(_ at: String.Index) {
            if !literal.isEmpty { out.append((.literal(literal), at)); literal = "" }
        }
        while i < pattern.endIndex {
            let c = pattern[i]
            if c == "'" {
                let next = pattern.index(after: i)
                if next < pattern.endIndex, pattern[next] == "'" {
                    literal.append("'")
                    i = pattern.index(after: next)
                    continue
                }
                // A quoted run, up to the closing quote (`''` inside is one quote).
                var j = next
                while j < pattern.endIndex {
                    if pattern[j] == "'" {
                        let after = pattern.index(after: j)
                        if after < pattern.endIndex, pattern[after] == "'" {
                            literal.append("'")
                            j = pattern.index(after: after)
                            continue
                        }
                        break
                    }
                    literal.append(pattern[j])
                    j = pattern.index(after: j)
                }
                i = j < pattern.endIndex ? pattern.index(after: j) : j
            } else if c.isASCII, c.isLetter {
                flush(i)
                var j = i
                var count = 0
                while j < pattern.endIndex, pattern[j] == c {
                    count += 1
                    j = pattern.index(after: j)
                }
                out.append((.field(c, count), j))
                i = j
            } else {
                literal.append(c)
                i = pattern.index(after: i)
            }
        }
        flush(i)
        return out
    }

    /// Where the rule puts the suffix in a SimpleDateFormat pattern: the index right after its
    /// day field, when the pattern has exactly one day-of-month field, a lone `d`, followed by
    /// spaces (U+0020, U+00A0, U+202F) and then a month name (`MMM` or longer, `LLL` or longer);
    /// nil otherwise (`dd/MM/y`, `y-MM-dd`, `MMMM d`, `d`, `EEEE`, `HH:mm`).
    /// - Parameter pattern: the resolved pattern of a date formatter (`EEEE d MMMM y`).
    package static func dayInsertionIndex(inPattern pattern: String) -> String.Index? {
        let tokens = tokens(pattern)
        let days = tokens.indices.filter { if case .field("d", _) = tokens[$0].0 { return true } else { return false } }
        guard days.count == 1, let day = days.first, tokens[day].0 == .field("d", 1), day + 2 < tokens.count,
            case .literal(let gap) = tokens[day + 1].0, !gap.isEmpty,
            gap.unicodeScalars.allSatisfy({ $0 == " " || $0 == "\u{00A0}" || $0 == "\u{202F}" }),
            case .field(let month, let width) = tokens[day + 2].0, month == "M" || month == "L", width >= 3
        else { return nil }
        return tokens[day].1
    }

    /// Whether the rule concerns a pattern (``dayInsertionIndex(inPattern:)`` finds its day).
    /// - Parameter pattern: the resolved pattern of a date formatter.
    package static func concerns(pattern: String) -> Bool { dayInsertionIndex(inPattern: pattern) != nil }

    /// The pattern with `suffix` quoted right after its day field (`d MMMM y` → `d'er' MMMM y`),
    /// or nil when the rule does not concern the pattern: what the day 1 is formatted with.
    /// - Parameters:
    ///   - pattern: the resolved pattern of a date formatter.
    ///   - suffix: the ordinal suffix (`er`).
    package static func ordinalPattern(_ pattern: String, suffix: String) -> String? {
        guard let at = dayInsertionIndex(inPattern: pattern) else { return nil }
        var quoted = "'"
        for c in suffix { quoted += c == "'" ? "''" : String(c) }
        var out = pattern
        out.insert(contentsOf: quoted + "'", at: at)
        return out
    }
}
