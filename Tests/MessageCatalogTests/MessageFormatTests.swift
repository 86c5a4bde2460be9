import Foundation
import Testing
#if SystemICU && os(Linux)
import ICUKit
#endif
@testable import MessageCatalog

@Suite("MessageFormat")
struct MessageFormatTests {
    static func millis(_ iso: String) -> Double {
        ISO8601DateFormatter().date(from: iso)!.timeIntervalSince1970 * 1000
    }

    // MARK: The documented examples

    @Test(arguments: [
        (Int64(1_000_000), "1.000.000 de días"),
        (1, "1 día"),
        (2, "2 días"),
        (0, "0 días"),
        (1_000_001, "1.000.001 días")
    ])
    func spanishMany(_ n: Int64, _ expected: String) throws {
        let m = try MessageFormat("{n, plural, one {# día} many {# de días} other {# días}}", locale: "es")
        #expect(try m.format(["n": .int(n)]) == expected)
    }

    @Test func visibleFractionDigits() throws {
        #expect(try PluralCategories.category(of: "1", locale: "en") == "one")
        #expect(try PluralCategories.category(of: "1.0", locale: "en") == "other")
        #expect(try PluralCategories.category(of: "1.50", locale: "en") == "other")
        // Spanish: 1,0 is still "one" (CLDR: i = 1 and v = 0 is not required).
        #expect(try PluralCategories.category(of: "1.0", locale: "es") == "one")
        #expect(try PluralCategories.category(of: "1000000", locale: "es") == "many")
        #expect(try PluralCategories.category(of: "2", locale: "en", ordinal: true) == "two")
        #expect(try PluralCategories.category(of: "-1", locale: "en") == "one")
        #expect(throws: Diagnostic.self) { try PluralCategories.category(of: "1,0", locale: "en") }
        #expect(throws: Diagnostic.self) { try PluralCategories.category(of: "abc", locale: "en") }
        #expect(try PluralCategories.categories(locale: "ar") == ["zero", "one", "two", "few", "many", "other"])
        #expect(try PluralCategories.categories(locale: "ja") == ["other"])
    }

    /// A decimal keeps its digits where the style shows them, and ICU's MessageFormat default
    /// (`#,##0.###`) drops trailing zeros and selects on what it printed ("1.0" prints "1": one).
    @Test func decimalArguments() throws {
        let m = try MessageFormat("{n, plural, one {# one} other {# other}} / {n, number, ::.00}", locale: "en")
        #expect(try m.format(["n": .decimal("1.0")]) == "1 one / 1.00")
        #expect(try m.format(["n": .decimal("1.50")]) == "1.5 other / 1.50")
        #expect(try m.format(["n": .decimal("12345678901234567890.5")]) == "12,345,678,901,234,567,890.5 other / 12,345,678,901,234,567,890.50")
    }

    // MARK: Bad input

    @Test func missingArgument() throws {
        let m = try MessageFormat("{name} has {n, plural, one {# cat} other {# cats}}", locale: "en")
        let e = try #require(throws: Diagnostic.self) { try m.format(["n": 2]) }
        #expect(e.kind == .missingArgument)
        #expect(e.message.contains("name"))
    }

    @Test(arguments: [
        "{n, plural, one {# cat} other {# cats}}",
        "{n, selectordinal, one {#st} other {#th}}",
        "{n, number}",
        "{n, number, ::.0}",
        "{n, number, #,##0.00}",
        "{n, spellout}",
        "{n, date, short}"
    ])
    func textWhereANumberIsNeeded(_ pattern: String) throws {
        if Backend.name == "Foundation", pattern.contains("#,##") {
            // Foundation has no DecimalFormat patterns: refused when the message is compiled.
            let e = try #require(throws: Diagnostic.self) { try MessageFormat(pattern, locale: "en") }
            #expect(e.message.contains("DecimalFormat"))
            return
        }
        let m = try MessageFormat(pattern, locale: "en")
        let e = try #require(throws: Diagnostic.self) { try m.format(["n": "three"]) }
        #expect(e.kind == .badArgument)
        #expect(e.message.contains("'n'"))
    }

    @Test func aBadDecimalIsABadArgument() throws {
        let m = try MessageFormat("{n, number}", locale: "en")
        let e = try #require(throws: Diagnostic.self) { try m.format(["n": .decimal("1.2.3")]) }
        #expect(e.kind == .badArgument)
    }

    @Test(arguments: ["xx", "qaa", "en_US!", "123", "", "e", "en-US-x-", String(repeating: "a", count: 200)])
    func badLocaleTags(_ tag: String) throws {
        let e = try #require(throws: Diagnostic.self) { try MessageFormat("{n, number}", locale: tag) }
        #expect(e.kind == .badLocale)
        #expect(!e.message.isEmpty)
    }

    @Test func unknownAndMalformedTagsAreToldApart() throws {
        let unknown = try #require(throws: Diagnostic.self) { try MessageFormat("x", locale: "xx") }
        let malformed = try #require(throws: Diagnostic.self) { try MessageFormat("x", locale: "en_US!") }
        #expect(unknown.message.contains("no data"))
        #expect(malformed.message.contains("well-formed"))
        // Good tags, including ones with regions, scripts and extensions.
        for tag in ["en", "es-MX", "zh-Hans", "zh-Hant-TW", "pt-BR", "es-419", "en-US-u-ca-gregory", "en_GB"] {
            _ = try MessageFormat("{n, number}", locale: tag)
        }
    }

    @Test(arguments: ["Mars/Olympus_Mons", "", "America/New York", "UTC+25", "../../etc/passwd"])
    func unknownTimeZone(_ zone: String) throws {
        let m = try MessageFormat("{d, time, short}", locale: "en")
        let e = try #require(throws: Diagnostic.self) { try m.format(["d": .date(millis: 0)], timeZone: zone) }
        #expect(e.kind == .badTimeZone)
    }

    // MARK: Size and depth

    @Test(.timeLimit(.minutes(1))) func oneMegabytePattern() throws {
        let unit = "Hello {name}, you have {n, plural, one {# day} other {# days}} left ({p, number, percent}). "
        let count = (1 << 20) / unit.utf8.count + 1
        let pattern = String(repeating: unit, count: count)
        #expect(pattern.utf8.count >= 1 << 20)
        let m = try MessageFormat(pattern, locale: "en")
        let text = try m.format(["name": "Ana", "n": 3, "p": 0.5])
        let one = "Hello Ana, you have 3 days left (50%). "
        #expect(text == String(repeating: one, count: count))

        // One unmatched brace at the very end of a megabyte is found, with its position.
        let broken = pattern + "{oops"
        let e = try #require(throws: Diagnostic.self) { try MessageFormat(broken, locale: "en") }
        #expect(e.syntax?.kind == .unmatchedBrace)
        #expect(e.offset == pattern.utf16.count)
        // A megabyte of literal text with no argument at all.
        let plain = String(repeating: "a'{'b''c ", count: (1 << 20) / 9)
        #expect(try MessageFormat(plain, locale: "en").format([:]) == String(repeating: "a{b'c ", count: (1 << 20) / 9))
    }

    @Test(.timeLimit(.minutes(1))) func tenThousandNestedBraces() throws {
        let braces = String(repeating: "{", count: 10_000) + String(repeating: "}", count: 10_000)
        let e = try #require(throws: Diagnostic.self) { try MessageFormat(braces, locale: "en") }
        #expect(e.kind == .syntax)
        #expect(e.syntax?.kind == .malformedArgument)
        #expect(e.offset == 1)

        // 10,000 well-formed nested selects: refused at our depth limit, not a stack overflow.
        let deep = String(repeating: "{a, select, other {", count: 10_000) + "x" + String(repeating: "}}", count: 10_000)
        let d = try #require(throws: Diagnostic.self) { try MessageFormat(deep, locale: "en") }
        #expect(d.syntax?.kind == .tooDeep)
        #expect(d.syntax.map { $0.line == 1 && $0.column == $0.offset.map { $0 + 1 } } == true)

        // 10,000 unclosed plurals.
        let open = String(repeating: "{n, plural, other {", count: 10_000)
        let o = try #require(throws: Diagnostic.self) { try MessageFormat(open, locale: "en") }
        #expect(o.kind == .syntax)
    }

    // MARK: Time zones

    /// Mexico abolished DST in October 2022 (tzdata 2022f). ICU 72 carries 2022e, for which
    /// Mexico City would be at UTC−5 in July 2026; the engine must show the current rules' wall
    /// time, UTC−6.
    @Test func mexicoCityIn2026() throws {
        let en = try MessageFormat("{d, time, short}", locale: "en")
        let summer2026 = Self.millis("2026-07-01T18:00:00Z")
        #expect(try en.format(["d": .date(millis: summer2026)], timeZone: "America/Mexico_City") == "12:00\u{202F}PM")
        let es = try MessageFormat("{d, date, long}, {d, time, short}", locale: "es")
        #expect(try es.format(["d": .date(millis: summer2026)], timeZone: "America/Mexico_City") == "1 de julio de 2026, 12:00")
        // Winter: both data sets agree on UTC−6.
        #expect(try en.format(["d": .date(millis: Self.millis("2026-01-15T18:00:00Z"))], timeZone: "America/Mexico_City") == "12:00\u{202F}PM")
        // Summer 2022, before the change: Mexico City was on DST, UTC−5, in every data set.
        #expect(try en.format(["d": .date(millis: Self.millis("2022-07-01T18:00:00Z"))], timeZone: "America/Mexico_City") == "1:00\u{202F}PM")
        // And our answer is Foundation's (current tzdata) wall time.
        let tz = try #require(TimeZone(identifier: "America/Mexico_City"))
        #expect(tz.secondsFromGMT(for: Date(timeIntervalSince1970: summer2026 / 1000)) == -6 * 3600)

        #if SystemICU && os(Linux)
        // ICU's own data, asked directly, still has the old rule: the reason for the resolver.
        if LocaleData.tzDataVersion < "2022f" {
            let raw = try ICUDateFormatter.formatter(localeID: "en", spec: .styles(date: .none, time: .short), timeZoneID: "America/Mexico_City")
            #expect(try raw.format(millis: summer2026) == "1:00\u{202F}PM")
        }
        #endif
    }

    @Test func zonesAreAnArgumentNotGlobalState() throws {
        let m = try MessageFormat("{d, time, short}", locale: "en")
        let t = MessageValue.date(millis: Self.millis("2026-11-23T10:05:00Z"))
        #expect(try m.format(["d": t]) == "10:05\u{202F}AM")
        #expect(try m.format(["d": t], timeZone: "Europe/Madrid") == "11:05\u{202F}AM")
        #expect(try m.format(["d": t], timeZone: "Asia/Shanghai") == "6:05\u{202F}PM")
        #expect(try m.format(["d": t], timeZone: "America/New_York") == "5:05\u{202F}AM")
        #expect(try m.format(["d": t], timeZone: "Asia/Kolkata") == "3:35\u{202F}PM")
        #expect(try m.format(["d": t]) == "10:05\u{202F}AM")
    }

    // MARK: Concurrency

    /// One compiled message, formatted from many tasks at once (each with its own context, and
    /// through the convenience API), in several zones and locales' worth of values: every result
    /// equals the one computed alone.
    @Test func oneMessageFromManyTasks() async throws {
        let pattern =
            "{name}: {n, plural, offset:1 =0 {none} one {# other} other {# others}} on {d, date, ::MMMEd} at {d, time, short}, {p, number, percent}, {g, select, female {she} other {they}}"
        let message = try MessageFormat(pattern, locale: "es")
        let zones = ["UTC", "Europe/Madrid", "America/Mexico_City", "Asia/Shanghai", "Australia/Sydney", "America/New_York"]
        func args(_ i: Int) -> [String: MessageValue] {
            [
                "name": .string("user\(i)"), "n": .int(Int64(i % 13)), "p": .double(Double(i % 7) / 8),
                "g": .string(i % 2 == 0 ? "female" : "x"), "d": .date(millis: 1_795_000_000_000 + Double(i) * 3_600_000)
            ]
        }
        let count = 300
        var expected: [String] = []
        for i in 0..<count { expected.append(try message.format(args(i), timeZone: zones[i % zones.count])) }
        #expect(Set(expected).count == count)

        let results = try await withThrowingTaskGroup(of: [(Int, String)].self) { group in
            for task in 0..<16 {
                group.addTask {
                    let context = FormatContext()
                    var out: [(Int, String)] = []
                    for round in 0..<3 {
                        for j in 0..<count {
                            let i = (j + task * 17 + round * 5) % count
                            let zone = zones[i % zones.count]
                            let text =
                                task % 2 == 0
                                ? try message.format(message.bind(args(i)), timeZone: zone, context: context)
                                : try message.format(args(i), timeZone: zone)
                            out.append((i, text))
                        }
                    }
                    return out
                }
            }
            var all: [(Int, String)] = []
            for try await part in group { all += part }
            return all
        }
        #expect(results.count == 16 * 3 * count)
        let wrong = results.filter { expected[$0.0] != $0.1 }
        #expect(wrong.isEmpty, "\(wrong.count) concurrent results differ, e.g. \(wrong.first.map { "\(expected[$0.0]) vs \($0.1)" } ?? "")")
    }

    #if SystemICU && os(Linux)
    /// ICU's number-formatter cache is bounded: when it empties, a released formatter's
    /// address may be reused by the next one. The small-integer fast path must not carry the
    /// released formatter's verdict over to it (it once wrote a currency as plain "0").
    @Test func aRecycledFormatterGetsItsOwnFastPathVerdict() throws {
        for _ in 0..<4 {
            for k in 1...600 {
                let m = try MessageFormat("{n, number, ::scale/\(k)}", locale: "en")
                #expect(try m.format(["n": .int(1)], timeZone: "UTC") == String(k))
            }
            let currency = try MessageFormat("{n, number, ::currency/EUR}", locale: "en")
            #expect(try currency.format(["n": .int(0)], timeZone: "UTC") == "€0.00")
        }
    }
    #endif

    @Test func compilingConcurrentlyIsSafe() async throws {
        let locales = ["en", "es", "zh-Hans", "ar", "ru", "pl", "fr", "de", "ja", "pt-BR"]
        let texts = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for i in 0..<200 {
                group.addTask {
                    let m = try MessageFormat(
                        "{n, plural, one {# x} other {# y}} {n, number, ::currency/EUR} {d, date, ::yMMMd}", locale: locales[i % locales.count])
                    return (i, try m.format(["n": .int(Int64(i * 1000)), "d": .date(millis: 0)], timeZone: "Asia/Shanghai"))
                }
            }
            var out = [String](repeating: "", count: 200)
            for try await (i, t) in group { out[i] = t }
            return out
        }
        for i in 0..<200 {
            let alone = try MessageFormat(
                "{n, plural, one {# x} other {# y}} {n, number, ::currency/EUR} {d, date, ::yMMMd}", locale: locales[i % locales.count]
            )
            .format(["n": .int(Int64(i * 1000)), "d": .date(millis: 0)], timeZone: "Asia/Shanghai")
            #expect(texts[i] == alone)
        }
    }
}
