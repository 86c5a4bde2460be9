import Foundation
import Testing
@testable import MessageCatalog

/// A context remembers the numbers, dates and plural categories it had formatted (by formatter
/// and value) and never prints a different text for it: a reused context formats exactly as a
/// fresh one, for every kind of part, in both backends.
@Suite("Part memo")
struct PartMemoTests {
    static let patterns: [(String, [String])] = [
        ("{n, plural, one {# day} other {# days}} and {n, number}", ["en", "es", "zh", "ar", "ru"]),
        ("{n, plural, offset:1 =0 {nobody} =1 {you} one {you and # other} other {you and # others}}", ["en", "es"]),
        ("{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}", ["en"]),
        ("{n, number, integer} / {n, number, percent} / {n, number, ::.0} / {n, number, ::currency/USD}", ["en", "es", "zh"]),
        ("{n, plural, one {# km} other {# km}} ({n, number, ::.0})", ["en", "es", "fr"])
    ]

    static let values: [MessageValue] = {
        var v: [MessageValue] = (-120...1_200).map { .int(Int64($0)) }
        v += [1_000, 1_001, 4_880, 10_000, 10_432, 123_456, 1_000_000, 2_500_000, -1_234_567].map { .int($0) }
        v += [0.0, -0.0, 0.5, 1.0, 1.5, 2.36, 7.5, 1234.56, 12_345.67, 0.333, 1e9].map { .double($0) }
        return v
    }()

    @Test func aReusedContextFormatsAsAFreshOne() throws {
        for (pattern, locales) in Self.patterns {
            for locale in locales {
                let m = try MessageFormat(pattern, locale: locale)
                let shared = FormatContext()
                for pass in 0..<2 {  // the second pass is answered by the memo
                    for v in Self.values {
                        let args = m.bind(["n": v])
                        let fresh = try m.format(args, context: FormatContext())
                        let reused = try m.format(args, context: shared)
                        #expect(reused == fresh, "\(locale) \(pattern) n=\(v) pass \(pass)")
                    }
                }
                #expect(shared.memo.count > 0)
                #expect(shared.memo.count <= PartMemo.maxEntries)
            }
        }
    }

    @Test func datesInSeveralZonesAreNotMixedUp() throws {
        let m = try MessageFormat("{d, date, medium} {d, time, short} {d, date, ::EEEE}", locale: "en")
        let shared = FormatContext()
        let instants: [Double] = (0..<40).map { 1_743_120_000_000 + Double($0) * 3_600_000 * 7 }
        for zone in ["UTC", "America/Mexico_City", "Asia/Kathmandu", "UTC", "Pacific/Chatham"] {
            for ms in instants {
                let args = m.bind(["d": .date(millis: ms)])
                #expect(
                    try m.format(args, timeZone: zone, context: shared) == m.format(args, timeZone: zone, context: FormatContext()),
                    "\(zone) \(ms)")
            }
        }
    }

    @Test func aPartIsFormattedOnceThenRemembered() throws {
        let m = try MessageFormat("{n, number} steps", locale: "en")
        let context = FormatContext()
        #expect(context.memo.count == 0)
        #expect(try m.format(m.bind(["n": 12_345]), context: context) == "12,345 steps")
        let after = context.memo.count
        #expect(after == 1)
        #expect(try m.format(m.bind(["n": 12_345]), context: context) == "12,345 steps")
        #expect(context.memo.count == after)
        #expect(try m.format(m.bind(["n": 12_346]), context: context) == "12,346 steps")
        #expect(context.memo.count == after + 1)
    }

    @Test func theMemoIsBounded() throws {
        let m = try MessageFormat("{n, plural, one {# step} other {# steps}}", locale: "en")
        let context = FormatContext()
        for n in 0..<Int64(PartMemo.maxEntries * 2 + 100) {
            let text = try m.format(m.bind(["n": .int(n * 1_001)]), context: context)
            #expect(context.memo.count <= PartMemo.maxEntries)
            if n % 997 == 0 {
                #expect(text == (try m.format(m.bind(["n": .int(n * 1_001)]), context: FormatContext())))
            }
        }
        #expect(try m.format(m.bind(["n": 1_001]), context: context) == "1,001 steps")
    }

    @Test func formattingIntoBytesAppendsTheSameText() throws {
        let m = try MessageFormat("{name} walked {n, plural, one {# km} other {# km}} ({n, number, ::.0})", locale: "es")
        let context = FormatContext()
        var out = Array("→ ".utf8)
        try m.format(m.bind(["name": "María", "n": 12_345.67]), context: context, appendingUTF8To: &out)
        let text = try m.format(m.bind(["name": "María", "n": 12_345.67]), context: FormatContext())
        #expect(out == Array("→ ".utf8) + Array(text.utf8))
        // A failed format leaves the bytes as they were.
        let before = out
        #expect(throws: Diagnostic.self) {
            try m.format(m.bind(["n": 3]), context: context, appendingUTF8To: &out)
        }
        #expect(out == before)
    }
}
