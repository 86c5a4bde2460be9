import Foundation
import Testing

/// msgtool on the Foundation backend's older path (`NumberFormatter`, generated CLDR 42 likely
/// subtags and list patterns: what iOS 14-15, macOS 11-12, watchOS 7-8 and tvOS 14-15 run),
/// forced on Linux by `NOTIFICATIONTOOLKIT_OLDER_FORMATTERS=1`, against the same fixtures as the
/// format styles and the ICU build: the preview golden table exactly, the conformance fixture as
/// the format styles print it (docs/foundation-backend.md, "Three paths", lists the one
/// difference), and CLDR's plural samples. Apple configuration only: the ICU build's msgtool
/// does not format with Foundation.
@Suite(
    "msgtool with the older formatters", .enabled(if: PreviewGoldenTests.foundationBackend, "msgtool formats with Foundation only in the Apple configuration"))
struct OlderFormattersCommandTests {
    static let older = ["NOTIFICATIONTOOLKIT_OLDER_FORMATTERS": "1"]

    @Test func previewOfTheBundledCatalogsEqualsTheGolden() throws {
        let run = try MsgTool.run(["preview", "--time-zone", "UTC"], timeout: 300, environment: Self.older)
        #expect(run.status == 0, "\(run)")
        let expected = try String(contentsOf: PreviewGoldenTests.golden, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let actual = run.out.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(actual.count > 1000, "the preview has \(actual.count) lines")
        var differing: [String] = []
        for (i, pair) in zip(expected, actual).enumerated() where pair.0 != pair.1 {
            differing.append("line \(i + 1):\n  golden: \(pair.0)\n  older formatters: \(pair.1)")
        }
        #expect(expected.count == actual.count, "the golden has \(expected.count) lines, the older formatters printed \(actual.count)")
        #expect(
            differing.isEmpty,
            "\(differing.count) rows differ from Tests/Fixtures/preview/bundled.txt; the first 10:\n\(differing.prefix(10).joined(separator: "\n"))")
    }

    @Test func conformanceFixtureAsTheFormatStylesPrintIt() throws {
        let input = try Data(contentsOf: ConformanceCommandTests.fixture)
        let cases = try MsgTool.jsonLines(input)
        let formatStyles = try MsgTool.run(["format", "--jsonl"], stdin: input, timeout: 600)
        let older = try MsgTool.run(["format", "--jsonl"], stdin: input, timeout: 600, environment: Self.older)
        #expect(!formatStyles.timedOut && !older.timedOut)
        let a = try MsgTool.jsonLines(formatStyles.stdout), b = try MsgTool.jsonLines(older.stdout)
        try #require(a.count == cases.count && b.count == cases.count, "\(a.count) and \(b.count) lines for \(cases.count) cases")
        var differing: [String] = []
        #if os(Linux)
        var fullNameCurrencies = 0
        #endif
        for ((c, x), y) in zip(zip(cases, a), b) {
            let textX = x["output"] as? String ?? "<error: \((x["error"] as? [String: Any])?["kind"] as? String ?? "?")>"
            let textY = y["output"] as? String ?? "<error: \((y["error"] as? [String: Any])?["kind"] as? String ?? "?")>"
            guard textX != textY else { continue }
            let pattern = c["pattern"] as? String ?? ""
            #if os(Linux)
            // Listed: the corelibs NumberFormatter's `.currencyPlural` ignores the currency code.
            if pattern.contains("currency/"), pattern.contains("unit-width-full-name") { fullNameCurrencies += 1; continue }
            #endif
            differing.append(
                "#\(c["id"] ?? "?") \(c["locale"] ?? "?") \(pattern.prefix(60)): format styles \(textX.debugDescription), older \(textY.debugDescription)")
        }
        #expect(differing.isEmpty, "\(differing.count) outputs differ; the first 20:\n\(differing.prefix(20).joined(separator: "\n"))")
        #if os(Linux)
        #expect(fullNameCurrencies == 280, "full-name currency cases that differ: \(fullNameCurrencies)")
        #endif
    }

    /// The samples of the bundled catalogs' languages and of the languages with the most
    /// categories get CLDR's category on the older path too.
    @Test(arguments: PluralSamplesTests.cases.filter { ["en", "es", "es-419", "zh", "ar", "ru", "pl", "fr", "pt", "cy", "lt", "sl", "he"].contains($0.locale) })
    func pluralSamples(_ c: PluralSamplesTests.LocaleSamples) throws {
        let run = try MsgTool.run(["plural", "--locale", c.locale] + (c.ordinal ? ["--ordinal"] : []) + ["--"] + c.samples.map(\.0), environment: Self.older)
        #expect(run.status == 0, "\(run)")
        let got = run.out.split(separator: "\n").map(String.init)
        #expect(got == c.samples.map(\.1), "\(c.locale) \(c.ordinal ? "ordinal" : "cardinal")")
    }
}
