import Foundation
@testable import MessageCatalog
import ToolkitSupport
import ToolkitJSON

// docs/foundation-backend.md (min-grouping): the toolkit's text equals ICU 72's own MessageFormat with one
// exception. ICU 72's legacy number formats, which its MessageFormat uses for `{n, number}`,
// `integer`, `percent`, `currency` and `#`, group every number of four digits or more and ignore
// CLDR's minimum grouping digits; the toolkit follows CLDR there, as ICU 73+ and Foundation do
// (es "1234", "10.432"). ICU 72's number skeletons already follow it; the rule-based formats
// (`spellout`, `ordinal`, `duration`) and DecimalFormat patterns keep ICU 72's text.
//
// This file states that exception once, for the tests that compare with ICU 72: the conformance
// fixture's generator writes the expected text with it (member `toolkit`), the reference-corpus
// test applies it to ICU's live output.

enum MinimumGroupingException {
    /// Whether the exception can touch a pattern's text: it has no argument that keeps ICU 72's
    /// grouping (a DecimalFormat pattern, `spellout`, `ordinal`, `duration`).
    static func applies(to pattern: MessagePattern) -> Bool {
        func ok(_ nodes: [MessageNode]) -> Bool {
            nodes.allSatisfy { node in
                guard case .argument(let a) = node else { return true }
                switch a.type {
                case .none: return true
                case .simple(let s):
                    switch s.type {
                    case .date, .time: return true
                    case .spellout, .ordinal, .duration: return false
                    case .number:
                        let style = (s.style ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
                        return style.isEmpty || style.hasPrefix("::") || ["integer", "percent", "currency"].contains(style.lowercased())
                    }
                case .plural(let p): return p.branches.allSatisfy { ok($0.message) }
                case .select(let s): return s.branches.allSatisfy { ok($0.message) }
                }
            }
        }
        return ok(pattern.nodes)
    }

    /// The locale's grouping separator when CLDR's minimum grouping digits keep four-digit
    /// numbers ungrouped there (es, pl: 2), else nil; asked from this build's backend
    /// (`::group-auto` on 1000 and on 10000), never written down by hand.
    static func separator(locale: String) -> String? {
        cache.withLock { cached in
            if let hit = cached[locale] { return hit }
            var found: String? = nil
            if let m = try? MessageFormat("{n, number, ::group-auto}|{n, number, ::group-off}", locale: locale),
                let thousand = try? m.format(["n": .int(1000)]), let tenThousand = try? m.format(["n": .int(10000)])
            {
                let t = thousand.split(separator: "|", omittingEmptySubsequences: false)
                let w = tenThousand.split(separator: "|", omittingEmptySubsequences: false)
                // 1000 as plain as with grouping off, 10000 grouped: the separator is what 10000 adds.
                if t.count == 2, w.count == 2, t[0] == t[1], w[0] != w[1], w[0].count > w[1].count, w[1].count >= 3 {
                    let grouped = w[0], plain = w[1]
                    let head = grouped.prefix(2), tail = grouped.suffix(plain.count - 2)
                    let middle = grouped.dropFirst(head.count).dropLast(tail.count)
                    if !middle.isEmpty, middle.allSatisfy({ !$0.isWholeNumber }) { found = String(middle) }
                }
            }
            cached[locale] = .some(found)
            return found
        }
    }

    private static let cache = Locked<[String: String?]>([:])

    /// `text` with the grouping separator taken out of every number whose integer part has four
    /// digits ("1.234,5" → "1234,5"; "12.345" and "1.234.567" stay).
    static func ungroupFourDigits(_ text: String, separator: String) -> String {
        let chars = Array(text)
        let sep = Array(separator)
        var out = ""
        var i = 0
        func digit(_ k: Int) -> Bool { k >= 0 && k < chars.count && chars[k].isWholeNumber }
        func sepAt(_ k: Int) -> Bool { k >= 0 && k + sep.count <= chars.count && Array(chars[k..<k + sep.count]) == sep }
        while i < chars.count {
            // one digit, not after a digit or a grouped digit; the separator; three digits; then
            // no further digit or group ("1.234.º" is four digits and an ordinal's period)
            let end = i + 4 + sep.count
            if digit(i), !digit(i - 1), !(sepAt(i - sep.count) && digit(i - sep.count - 1)), sepAt(i + 1),
                digit(i + 1 + sep.count), digit(i + 2 + sep.count), digit(i + 3 + sep.count),
                !digit(end), !(sepAt(end) && digit(end + sep.count))
            {
                out.append(chars[i])
                out.append(contentsOf: chars[(i + 1 + sep.count)...(i + 3 + sep.count)])
                i += 4 + sep.count
                continue
            }
            out.append(chars[i])
            i += 1
        }
        return out
    }

    /// What the toolkit prints where ICU 72 prints `icu72`, for a pattern and locale.
    static func expected(icu72: String, pattern: String, locale: String) -> String {
        guard let parsed = try? MessagePattern(pattern), applies(to: parsed), let sep = separator(locale: locale) else { return icu72 }
        return ungroupFourDigits(icu72, separator: sep)
    }
}
