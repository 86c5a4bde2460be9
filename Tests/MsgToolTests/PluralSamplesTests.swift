import Foundation
import Testing
import TestSupport

/// `msgtool plural` against CLDR itself: every sample of every locale's rules in
/// `scripts/cldr/plurals.json` (CLDR 42 as ICU 72 carries it), cardinal and ordinal, must get
/// the category CLDR lists it under, in whichever configuration msgtool was built (the system
/// ICU, or the Foundation backend with the generated rules).
@Suite("msgtool plural: every CLDR sample")
struct PluralSamplesTests {
    struct LocaleSamples: Sendable, CustomTestStringConvertible {
        let locale: String
        let ordinal: Bool
        /// (sample as written, CLDR category)
        let samples: [(String, String)]
        var testDescription: String { "\(locale) \(ordinal ? "ordinal" : "cardinal") (\(samples.count) samples)" }
    }

    static let cases: [LocaleSamples] = {
        let url = Repository.url("scripts/cldr/plurals.json")
        guard let data = try? Data(contentsOf: url),
            let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let rules = json["rules"] as? [String: [String: String]]
        else { return [] }
        var out: [LocaleSamples] = []
        for (kind, ordinal) in [("cardinal", false), ("ordinal", true)] {
            guard let table = json[kind] as? [String: String] else { continue }
            for (locale, set) in table.sorted(by: { $0.key < $1.key }) where locale != "root" {
                var samples: [(String, String)] = []
                for (category, rule) in (rules[set] ?? [:]).sorted(by: { $0.key < $1.key }) {
                    for text in expand(rule) { samples.append((text, category)) }
                }
                out.append(LocaleSamples(locale: locale.replacingOccurrences(of: "_", with: "-"), ordinal: ordinal, samples: samples))
            }
        }
        return out
    }()

    /// The samples of a rule: everything after `@integer` / `@decimal`, with `a~b` ranges
    /// expanded in steps of the last digit's place, without the `…` marker.
    static func expand(_ rule: String) -> [String] {
        var out: [String] = []
        for chunk in rule.components(separatedBy: "@").dropFirst() {
            let words = chunk.split(separator: " ", maxSplits: 1)
            guard words.count == 2 else { continue }
            for item in words[1].split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !item.isEmpty && item != "…" {
                let ends = item.split(separator: "~").map(String.init)
                guard ends.count == 2 else { out.append(item); continue }
                let places = ends[0].split(separator: ".").dropFirst().first?.count ?? 0
                let scale = pow(10.0, Double(places))
                guard let lo = Double(ends[0]), let hi = Double(ends[1]) else { continue }
                var k = Int((lo * scale).rounded())
                while Double(k) <= (hi * scale).rounded() {
                    out.append(places == 0 ? String(k) : String(format: "%.\(places)f", Double(k) / scale))
                    k += 1
                }
            }
        }
        return out
    }

    @Test func everyLocaleHasSamples() {
        #expect(Self.cases.count > 300)
        #expect(Self.cases.allSatisfy { !$0.samples.isEmpty })
    }

    @Test(arguments: cases)
    func samplesGetTheirCLDRCategory(_ c: LocaleSamples) throws {
        let run = try MsgTool.run(["plural", "--locale", c.locale] + (c.ordinal ? ["--ordinal"] : []) + ["--"] + c.samples.map(\.0))
        if run.status == 1, run.stderr.contains("is not a locale") {
            // A language the backend has no locale data for at all (ICU 72 and Foundation both
            // refuse a few CLDR plural locales such as jbo): refused clearly, not mis-selected.
            return
        }
        #expect(run.status == 0, "\(run)")
        let got = run.out.split(separator: "\n").map(String.init)
        #expect(got.count == c.samples.count, "\(run)")
        for ((text, expected), category) in zip(c.samples, got) where category != expected {
            Issue.record("\(c.locale) \(text): CLDR \(expected), msgtool \(category)")
        }
    }
}
