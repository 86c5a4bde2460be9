import Foundation
import Testing
import TestSupport

/// scripts/cldr/plurals.json (ICU 72's copy of the CLDR 42 plural rules), read by the tests.
struct PluralData: Sendable {
    struct File: Decodable {
        var icuVersion: String
        var cldrVersion: String
        var cardinal: [String: String]
        var ordinal: [String: String]
        var rules: [String: [String: String]]
        var availableLocales: [String]
        var parents: [String: String]
    }

    let file: File
    /// Every locale of the cardinal and ordinal tables, sorted.
    let cases: [LocaleCase]

    static let shared: PluralData = {
        let url = Repository.url("scripts/cldr/plurals.json")
        do {
            let file = try JSONDecoder().decode(File.self, from: Data(contentsOf: url))
            var cases: [LocaleCase] = []
            for (ordinal, table) in [(false, file.cardinal), (true, file.ordinal)] {
                for locale in table.keys.sorted() {
                    let rules = file.rules[table[locale]!]!
                    var samples: [Sample] = []
                    var categories: [String] = []
                    for category in ["zero", "one", "two", "few", "many", "other"] {
                        guard let text = rules[category] else { continue }
                        categories.append(category)
                        samples += Sample.expand(text, category: category)
                    }
                    cases.append(LocaleCase(locale: locale, ordinal: ordinal, categories: categories, samples: samples))
                }
            }
            return PluralData(file: file, cases: cases)
        } catch {
            fatalError("cannot read \(url.path): \(error)")
        }
    }()
}

/// One locale of ICU's plural tables, cardinal or ordinal, with its CLDR samples.
struct LocaleCase: Sendable, CustomTestStringConvertible {
    let locale: String
    let ordinal: Bool
    /// The categories the rule set has, in CLDR order.
    let categories: [String]
    let samples: [Sample]
    var testDescription: String { "\(locale) \(ordinal ? "ordinal" : "cardinal")" }
}

/// One sample number of a rule, as CLDR writes it ("15", "1.50", "1c6", "1.0000001c6").
struct Sample: Sendable, Hashable {
    let text: String
    let category: String
    /// Listed under `@integer` (else `@decimal`).
    let integer: Bool

    /// Mantissa and compact exponent of `c`/`e` notation; nil for a plain number.
    var compact: (mantissa: String, exponent: Int)? {
        guard let at = text.firstIndex(where: { $0 == "c" || $0 == "e" }) else { return nil }
        return (String(text[..<at]), Int(text[text.index(after: at)...])!)
    }

    /// The samples of a rule's text: `@integer 0~15, 100, … @decimal 0.0~1.5, 1.0000001c6, …`,
    /// with `a~b` ranges expanded in steps of the last digit and the `…` marker skipped.
    static func expand(_ rule: String, category: String) -> [Sample] {
        var result: [Sample] = []
        for section in rule.split(separator: "@").dropFirst() {
            let words = section.split(separator: " ", maxSplits: 1)
            let integer = words[0] == "integer"
            precondition(integer || words[0] == "decimal", "unknown sample kind in \(rule)")
            guard words.count > 1 else { continue }
            for item in words[1].split(separator: ",") {
                let item = item.trimmingCharacters(in: .whitespaces)
                if item.isEmpty || item == "…" { continue }
                if let tilde = item.firstIndex(of: "~") {
                    let low = String(item[..<tilde]), high = String(item[item.index(after: tilde)...])
                    let digits = fractionDigits(low)
                    precondition(digits == fractionDigits(high) && !low.contains("c"), "odd range \(item)")
                    let a = Int(low.replacingOccurrences(of: ".", with: ""))!
                    let b = Int(high.replacingOccurrences(of: ".", with: ""))!
                    for k in a...b {
                        result.append(Sample(text: format(k, fractionDigits: digits), category: category, integer: integer))
                    }
                } else {
                    result.append(Sample(text: item, category: category, integer: integer))
                }
            }
        }
        return result
    }

    static func fractionDigits(_ s: String) -> Int {
        guard let dot = s.firstIndex(of: ".") else { return 0 }
        return s[s.index(after: dot)...].count
    }

    static func format(_ scaled: Int, fractionDigits: Int) -> String {
        guard fractionDigits > 0 else { return String(scaled) }
        var digits = String(scaled)
        if digits.count <= fractionDigits {
            digits = String(repeating: "0", count: fractionDigits - digits.count + 1) + digits
        }
        digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -fractionDigits))
        return digits
    }
}
