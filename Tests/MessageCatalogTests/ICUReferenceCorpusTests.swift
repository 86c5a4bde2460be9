// ICU's own MessageFormat is the reference: only in the SystemICU build (Linux), where ICUKit is there.
#if SystemICU && os(Linux)
import Foundation
import Testing
import ICUKit
import ICUReference
@testable import MessageCatalog
import ToolkitSupport
import ToolkitJSON

// The engine against ICU's own C MessageFormat (`umsg_open` + `umsg_vformat`, wrapped by
// `ReferenceMessageFormat`) over a corpus generated here, deterministically.
//
// Every case is written once, with named arguments; the numbered form umsg needs is derived
// from it (`{n` → `{0`, by the order of the template's declared arguments, every index used).
// umsg formats dates in ICU's process default time zone, so this suite sets it, and is
// serialized; nothing else in the package reads ICU's default zone (every formatter we open is
// given its zone).

/// How an argument is passed, and so how umsg reads it from the C varargs.
enum CorpusKind: Sendable {
    /// `number`, `plural`, `selectordinal`, `spellout`…: a C double.
    case number
    /// `{n, number, integer}`: ICU infers a 32-bit integer.
    case integer
    /// `date` / `time`: a UDate (ms since 1970).
    case date
    /// plain `{s}` and `select`: a NUL-terminated UTF-16 string.
    case string
}

/// One value of the corpus, with what each side is given.
struct CorpusValue: Sendable, CustomStringConvertible {
    let ours: MessageValue
    let icu: ReferenceMessageFormat.Argument

    var description: String {
        switch ours {
        case .int(let i): "\(i)"
        case .double(let d): "\(d)"
        case .decimal(let s): "decimal(\"\(s)\")"
        case .string(let s): "\"\(s)\""
        case .date(let ms): "date(\(CorpusValue.iso(ms)))"
        }
    }

    static func int(_ i: Int64) -> CorpusValue { CorpusValue(ours: .int(i), icu: .double(Double(i))) }
    static func int32(_ i: Int64) -> CorpusValue { CorpusValue(ours: .int(i), icu: .int32(Int32(i))) }
    static func double(_ d: Double) -> CorpusValue { CorpusValue(ours: .double(d), icu: .double(d)) }
    static func decimal(_ s: String) -> CorpusValue { CorpusValue(ours: .decimal(s), icu: .double(Double(s)!)) }
    static func string(_ s: String) -> CorpusValue { CorpusValue(ours: .string(s), icu: .string(s)) }
    static func date(_ iso: String) -> CorpusValue {
        let f = ISO8601DateFormatter()
        let ms = f.date(from: iso)!.timeIntervalSince1970 * 1000
        return CorpusValue(ours: .date(millis: ms), icu: .date(ms))
    }

    static func iso(_ ms: Double) -> String {
        ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: ms / 1000))
    }
}

/// A pattern with named arguments, and the numbered pattern umsg gets.
struct CorpusTemplate: Sendable {
    let named: String
    let arguments: [(name: String, kind: CorpusKind)]
    let numbered: String

    init(_ named: String, _ arguments: [(String, CorpusKind)]) {
        self.named = named
        self.arguments = arguments.map { (name: $0.0, kind: $0.1) }
        self.numbered = CorpusTemplate.renumber(named, names: arguments.map(\.0))
    }

    /// `{name` followed by `,`, `}` or white space becomes `{index`. Templates never put a
    /// declared argument name in quoted literal text, so a textual pass is exact.
    static func renumber(_ pattern: String, names: [String]) -> String {
        var out = ""
        var rest = Substring(pattern)
        while let brace = rest.firstIndex(of: "{") {
            out += rest[..<brace]
            out += "{"
            rest = rest[rest.index(after: brace)...]
            let ws = rest.prefix(while: { $0 == " " })
            let afterWS = rest.dropFirst(ws.count)
            let ident = afterWS.prefix(while: { $0.isLetter || $0.isNumber || $0 == "_" })
            let next = afterWS.dropFirst(ident.count).first
            if let i = names.firstIndex(of: String(ident)), next == "," || next == "}" || next == " " {
                out += ws
                out += String(i)
                rest = afterWS.dropFirst(ident.count)
            }
        }
        out += rest
        return out
    }
}

struct CorpusCase: Sendable {
    let template: CorpusTemplate
    let locale: String
    let timeZone: String
    let values: [CorpusValue]
}

/// The generated corpus.
enum Corpus {
    static let numberLocales = ["en", "es", "zh-Hans", "ar", "ru", "pl", "fr", "de", "ja", "pt-BR"]
    static let dateLocales = ["en", "es", "zh-Hans", "ar", "ru", "fr", "de", "ja", "pt-BR"]
    static let zones = ["UTC", "America/New_York", "Europe/Madrid", "Asia/Shanghai", "Australia/Sydney"]

    /// Everyday numbers, plus a few that exercise grouping and rounding.
    static let numbers: [CorpusValue] = [
        .int(0), .int(1), .int(2), .int(3), .int(5), .int(11), .int(21), .int(100), .int(1_000_000),
        .double(1.5), .int(-1), .decimal("1.0"), .decimal("1.50"),
        .int(1234), .int(12345), .double(12345.678), .double(0.005), .double(-1234.5), .double(2.0), .int(22), .int(101),
        .double(0.1 + 0.2), .double(-0.0), .double(1e21), .double(123_456_789.125), .int(-1_000_000), .decimal("-2.50"), .decimal("0.001")
    ]
    /// For `{n, number, integer}` (an int32 for umsg).
    static let integers: [CorpusValue] = [0, 1, 2, 3, 5, 11, 21, 100, 1_000_000, -1, 1234, 12345, 22, 101].map { CorpusValue.int32($0) }

    static let instants: [CorpusValue] = [
        "2026-11-23T10:05:00Z",  // the examples' Monday
        "2026-03-29T00:30:00Z",  // 30 min before the EU spring-forward
        "2026-03-29T01:30:00Z",  // 30 min after it
        "2026-07-01T18:00:00Z",  // northern summer
        "2026-04-04T16:30:00Z",  // Sydney: just after the end of DST (2026-04-05 03:00 local)
        "2025-12-31T23:59:59Z",  // year boundary everywhere but UTC−
        "2000-02-29T12:00:00Z"  // leap day
    ].map(CorpusValue.date)

    static let genders = ["female", "male", "other", "nonbinary", ""].map(CorpusValue.string)
    static let names = ["Ana", "Wei 伟", "O'Brien", "{braces}", "#1"].map(CorpusValue.string)

    /// Templates whose one varying argument is `n`, a number (umsg: double).
    static let numberTemplates: [CorpusTemplate] = [
        // number styles
        .init("{n, number}", [("n", .number)]),
        .init("{n,number,percent}", [("n", .number)]),
        .init("{n, number, currency}", [("n", .number)]),
        .init("{n, number, ::.0}", [("n", .number)]),
        .init("{n, number, ::.00}", [("n", .number)]),
        .init("{n, number, ::.0#}", [("n", .number)]),
        .init("{n, number, ::percent}", [("n", .number)]),
        .init("{n, number, ::percent scale/100}", [("n", .number)]),
        .init("{n, number, ::currency/EUR}", [("n", .number)]),
        .init("{n, number, ::currency/JPY unit-width-full-name}", [("n", .number)]),
        .init("{n, number, ::compact-short}", [("n", .number)]),
        .init("{n, number, ::compact-long}", [("n", .number)]),
        .init("{n, number, ::measure-unit/length-kilometer unit-width-full-name}", [("n", .number)]),
        .init("{n, number, ::measure-unit/length-kilometer}", [("n", .number)]),
        .init("{n, number, ::precision-integer}", [("n", .number)]),
        .init("{n, number, ::sign-always group-off}", [("n", .number)]),
        .init("{n, number, ::scientific}", [("n", .number)]),
        .init("{n, number, #,##0.00}", [("n", .number)]),
        .init("{n, number, 0.0}", [("n", .number)]),
        .init("{n, number, #,##0.###;(#,##0.###)}", [("n", .number)]),
        .init("{n, number, '#'0}", [("n", .number)]),
        .init("{n, spellout}", [("n", .number)]),
        .init("{n, ordinal}", [("n", .number)]),
        .init("{n, duration}", [("n", .number)]),
        // plural: the Spanish "días" example, =N, #, offset
        .init("{n, plural, one {# día} many {# de días} other {# días}}", [("n", .number)]),
        .init("{n, plural, =0 {none} =1 {exactly one} one {# (one)} other {# (other)}}", [("n", .number)]),
        .init("{n, plural, =1.5 {one and a half} other {# things}}", [("n", .number)]),
        .init("{n, plural, zero {zero #} one {one #} two {two #} few {few #} many {many #} other {other #}}", [("n", .number)]),
        .init("{n, plural, offset:1 =0 {nobody} =1 {only you} one {you and # other} other {you and # others}}", [("n", .number)]),
        .init("{n, plural, offset:2 =2 {two exactly} zero {z #} one {o #} two {t #} few {f #} many {m #} other {x #}}", [("n", .number)]),
        .init("{n,plural,other{# items}}", [("n", .number)]),
        .init("Items: {n, plural, one {{n, number, ::.0} item} other {{n, number, ::.0} items}}", [("n", .number)]),
        .init(
            "{n, plural, one {{n, number, #,##0.00} item} few {{n, number, #,##0.00} few} many {{n, number, #,##0.00} many} other {{n, number, #,##0.00} items}}",
            [("n", .number)]),
        .init("{n, plural, one {{n, number} x} few {{n, number} f} other {{n, number} y}}", [("n", .number)]),
        .init("{n, plural, one {# / {n, number, percent}} other {# / {n, number, percent}!}}", [("n", .number)]),
        // selectordinal
        .init("{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}", [("n", .number)]),
        .init("{n, selectordinal, =1 {first} zero {z#} one {o#} two {t#} few {f#} many {m#} other {x#}}", [("n", .number)]),
        .init("the {n, selectordinal, offset:1 one {#st} two {#nd} few {#rd} other {#th}} runner", [("n", .number)]),
        // plural in plural, with `#` in both levels
        .init(
            "{n, plural, one {{n, plural, offset:1 =0 {a} other {# inner}} outer #} other {# outer, {n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}}}",
            [("n", .number)]),
        // apostrophe quoting
        .init("It''s {n, number} o''clock", [("n", .number)]),
        .init("'{'literal'}' {n, number} '{name}' is not an argument", [("n", .number)]),
        .init("{n, plural, one {'#' # item} other {'#' # items, '{'#'}'}}", [("n", .number)]),
        .init("You've got {n, plural, one {# message} other {# messages}}", [("n", .number)]),
        .init("{n, number} items'", [("n", .number)]),
        .init("{n, plural, other {don't # ''quoted'' '''#'''}}", [("n", .number)]),
        .init("'{'{n, number}'}' and a lone ' here", [("n", .number)]),
        .init("{n, plural, one {quote ' at # end} other {# it''s}}'", [("n", .number)]),
        .init("{ n , plural , one { # } other {  # spaced  } }", [("n", .number)])
    ]

    /// Templates with `n` (a number) and another argument that takes a few values.
    static let mixedTemplates: [(CorpusTemplate, [CorpusValue])] = [
        (.init("{who} has {n, plural, one {# cat} other {# cats}}.", [("who", .string), ("n", .number)]), names),
        (
            .init(
                "{g, select, female {{n, plural, one {She has # cat} other {She has # cats}}} male {{n, plural, one {He has # cat} other {He has # cats}}} other {{n, plural, one {They have # cat} other {They have # cats}}}}",
                [("g", .string), ("n", .number)]), genders
        ),
        (
            .init(
                "{n, plural, offset:1 =0 {{g, select, female {no one likes her} other {no one likes them}}} =1 {{g, select, female {only she} other {only they}}} one {{g, select, female {she and # other (#)} other {they and # other}}} other {{g, select, female {she and # others} male {he and # others} other {they and # others}}}}",
                [("g", .string), ("n", .number)]), genders
        ),
        (
            .init(
                "{n, plural, one {{g, select, other {# is literal in a select, and so is '#}}} other {{g, select, female {{n, plural, one {# (inner one)} other {# (inner other)}}} other {#}}}}",
                [("g", .string), ("n", .number)]), genders
        ),
        (.init("{g, select, female {Ella} male {Él} other {Elle}} {n, selectordinal, one {#.º} other {#.ª}} ({g})", [("g", .string), ("n", .number)]), genders),
        (
            .init("{s, select, a {It''s '{'a'}'} other {'#' stays, {s}}} {n, number, ::.00}", [("s", .string), ("n", .number)]),
            ["a", "b", "O'Brien"].map(CorpusValue.string)
        )
    ]

    /// Two numbers: plural in plural.
    static let pluralInPlural = CorpusTemplate(
        "{n, plural, one {{m, plural, one {# file in # folder} other {# files in one folder}}} other {{m, plural, =0 {no files in # folders} one {# file in several folders} other {# files in {n, number} folders}}}}",
        [("n", .number), ("m", .number)])

    static let integerTemplates: [CorpusTemplate] = [
        .init("{n, number, integer}", [("n", .integer)]),
        .init("{n,number,integer} of {total, number}", [("n", .integer), ("total", .number)])
    ]

    static let dateTemplates: [CorpusTemplate] = [
        .init("{d, date}", [("d", .date)]),
        .init("{d, date, short}", [("d", .date)]),
        .init("{d, date, medium}", [("d", .date)]),
        .init("{d, date, long}", [("d", .date)]),
        .init("{d, date, full}", [("d", .date)]),
        .init("{d, time}", [("d", .date)]),
        .init("{d, time, short}", [("d", .date)]),
        .init("{d, time, medium}", [("d", .date)]),
        .init("{d, time, long}", [("d", .date)]),
        .init("{d, time, full}", [("d", .date)]),
        .init("{d, date, ::EEEE}", [("d", .date)]),
        .init("{d, date, ::MMMd}", [("d", .date)]),
        .init("{d, date, ::yMMMMd}", [("d", .date)]),
        .init("{d, date, ::jmm}", [("d", .date)]),
        .init("{d, time, ::jmm}", [("d", .date)]),
        .init("{d, date, ::yMMMEdjmmz}", [("d", .date)]),
        .init("{d, date, yyyy-MM-dd'T'HH:mm zzzz}", [("d", .date)]),
        .init("{d, date, long} at {d, time, short}, {d, date, ::EEEE}", [("d", .date)]),
        .init(
            "{name}, you have {n, plural, one {# reminder} other {# reminders}} on {d, date, ::MMMMEEEEd} at {d, time, short}",
            [("name", .string), ("n", .number), ("d", .date)])
    ]

    /// Every case, in a fixed order.
    static let cases: [CorpusCase] = {
        var out: [CorpusCase] = []
        for locale in numberLocales {
            for t in numberTemplates {
                for v in numbers { out.append(CorpusCase(template: t, locale: locale, timeZone: "UTC", values: [v])) }
            }
            for (t, others) in mixedTemplates {
                for (i, v) in numbers.enumerated() {
                    // Each number with every other value would be large; rotate through them,
                    // and give the first three numbers every value.
                    let picks = i < 3 ? others : [others[i % others.count]]
                    for o in picks { out.append(CorpusCase(template: t, locale: locale, timeZone: "UTC", values: [o, v])) }
                }
            }
            for (i, n) in numbers.enumerated() {
                for m in [numbers[(i * 7) % numbers.count], .int(1), .int(0)] {
                    out.append(CorpusCase(template: pluralInPlural, locale: locale, timeZone: "UTC", values: [n, m]))
                }
            }
            for v in integers {
                out.append(CorpusCase(template: integerTemplates[0], locale: locale, timeZone: "UTC", values: [v]))
                out.append(CorpusCase(template: integerTemplates[1], locale: locale, timeZone: "UTC", values: [v, .int(1_000_000)]))
            }
            out.append(
                CorpusCase(
                    template: .init("{s}", [("s", .string)]), locale: locale, timeZone: "UTC", values: [.string("plain {text} with 'quotes' and # signs")]))
            out.append(CorpusCase(template: .init("'{ an unterminated quote runs to the end {x} #", []), locale: locale, timeZone: "UTC", values: []))
            out.append(CorpusCase(template: .init("no arguments, it''s '{'fine'}'", []), locale: locale, timeZone: "UTC", values: []))
        }
        for locale in dateLocales {
            for zone in zones {
                for t in dateTemplates {
                    for (i, d) in instants.enumerated() {
                        switch t.arguments.count {
                        case 1: out.append(CorpusCase(template: t, locale: locale, timeZone: zone, values: [d]))
                        default: out.append(CorpusCase(template: t, locale: locale, timeZone: zone, values: [names[i % names.count], numbers[i], d]))
                        }
                    }
                }
            }
        }
        return out
    }()
}

/// One difference between the engine and ICU.
struct CorpusMismatch: CustomStringConvertible {
    let c: CorpusCase
    let ours: String
    let icu: String

    var description: String {
        let args = zip(c.template.arguments, c.values).map { "\($0.0.name)=\($0.1)" }.joined(separator: ", ")
        return """
            pattern: \(c.template.named)
              locale: \(c.locale)  zone: \(c.timeZone)  args: \(args)
              ours: \(Self.visible(ours))
              ICU:  \(Self.visible(icu))
            """
    }

    /// Shows invisible and non-ASCII spaces (U+00A0, U+202F…) as escapes.
    static func visible(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            if u.properties.isWhitespace && u != " " || u.properties.generalCategory == .format {
                out += "\\u{\(String(u.value, radix: 16, uppercase: true))}"
            } else {
                out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }
}

@Suite("ICU reference corpus", .serialized)
struct ICUReferenceCorpusTests {
    @Test func corpusIsLargeAndWellFormed() throws {
        #expect(Corpus.cases.count >= 5000)
        // The derivation of numbered patterns is itself exact on the templates.
        #expect(
            CorpusTemplate.renumber("{n, plural, one {{who} #} other {{ who } {n}}}", names: ["who", "n"])
                == "{1, plural, one {{0} #} other {{ 0 } {1}}}")
        for c in Corpus.cases {
            for (i, _) in c.template.arguments.enumerated() {
                #expect(c.template.numbered.contains("{\(i)") || c.template.numbered.contains("{ \(i)"), "\(c.template.named)")
            }
            #expect(c.values.count == c.template.arguments.count)
        }
    }

    @Test func engineEqualsICUMessageFormat() throws {
        var mismatches: [CorpusMismatch] = []
        var compared = 0
        var compiled: [String: Result<MessageFormat, Diagnostic>] = [:]
        let byZone = Dictionary(grouping: Corpus.cases, by: \.timeZone)
        for zone in byZone.keys.sorted() {
            ReferenceMessageFormat.setDefaultTimeZone(zone)
            // umsg's date formats take the default zone when the pattern is applied: open anew per zone.
            var references: [String: Result<ReferenceMessageFormat, ICUError>] = [:]
            for c in byZone[zone]! {
                let localeID = try LocaleData.icuID(forTag: c.locale)
                let refKey = localeID + "\u{0}" + c.template.numbered
                let reference: Result<ReferenceMessageFormat, ICUError>
                if let r = references[refKey] {
                    reference = r
                } else {
                    reference = Result { () throws(ICUError) in try ReferenceMessageFormat(pattern: c.template.numbered, localeID: localeID) }
                    references[refKey] = reference
                }
                let ourKey = c.locale + "\u{0}" + c.template.named
                let message: Result<MessageFormat, Diagnostic>
                if let m = compiled[ourKey] {
                    message = m
                } else {
                    message = Result { () throws(Diagnostic) in try MessageFormat(c.template.named, locale: c.locale) }
                    compiled[ourKey] = message
                }
                let icuText: String
                switch reference {
                case .failure(let e): icuText = "<ICU error: \(e)>"
                case .success(let r):
                    do { icuText = try r.format(c.values.map(\.icu)) } catch { icuText = "<ICU error: \(error)>" }
                }
                let ourText: String
                switch message {
                case .failure(let e): ourText = "<error: \(e.kind): \(e.description)>"
                case .success(let m):
                    var args: [String: MessageValue] = [:]
                    for (a, v) in zip(c.template.arguments, c.values) { args[a.name] = v.ours }
                    do { ourText = try m.format(args, timeZone: c.timeZone) } catch { ourText = "<error: \(error.kind): \(error.message)>" }
                }
                compared += 1
                // The two exceptions to ICU 72's text (docs/foundation-backend.md): CLDR's minimum grouping digits where ICU 72's legacy
                // formats ignore them, and a no-break space between a number and its unit where the language wants one.
                let expected = UnitSpacingException.toolkit(icu72: icuText, pattern: c.template.named, locale: c.locale)
                if ourText != expected || icuText.hasPrefix("<ICU error") {
                    mismatches.append(CorpusMismatch(c: c, ours: ourText, icu: icuText))
                }
            }
        }
        ReferenceMessageFormat.setDefaultTimeZone("UTC")
        #expect(compared == Corpus.cases.count)
        let report = mismatches.prefix(20).map(\.description).joined(separator: "\n")
        let differing = mismatches.count
        #expect(differing == 0, "\(mismatches.count) of \(compared) cases differ from ICU's MessageFormat; the first \(min(20, mismatches.count)):\n\(report)")
    }

    /// The reference itself is sane (so that equality above means something): umsg prints
    /// the Spanish "1.000.000 de días" example, and dates follow the default zone we set.
    @Test func referenceIsICU() throws {
        let es = try ReferenceMessageFormat(pattern: "{0, plural, one {# día} many {# de días} other {# días}}", localeID: "es")
        #expect(try es.format([.double(1_000_000)]) == "1.000.000 de días")
        ReferenceMessageFormat.setDefaultTimeZone("Asia/Shanghai")
        let t = try ReferenceMessageFormat(pattern: "{0, time, ::Hm}", localeID: "en")
        ReferenceMessageFormat.setDefaultTimeZone("UTC")
        #expect(try t.format([.date(0)]) == "08:00")
    }
}

// MARK: - The conformance fixture

/// The corpus as a committed fixture (`Tests/Fixtures/conformance/icu72.jsonl`): msgtool's
/// `format --jsonl` input plus ICU 72's text, for the conformance tests of both configurations
/// (ConformanceFixture.swift, MsgToolTests). With `WRITE_CONFORMANCE_FIXTURE=<path>` this writes
/// it (scripts/gen-conformance-fixture.sh); otherwise it checks that the committed file is what
/// the corpus and ICU give today, so that it cannot go stale.
/// In the serialized "ICU reference corpus" suite: umsg reads ICU's process default time zone,
/// which these tests set.
extension ICUReferenceCorpusTests {
    /// ICU's text for every case of the corpus, in order (umsg, the default zone set per zone).
    static func icuTexts() throws -> [String] {
        var texts = [String](repeating: "", count: Corpus.cases.count)
        let byZone = Dictionary(grouping: Corpus.cases.indices, by: { Corpus.cases[$0].timeZone })
        defer { ReferenceMessageFormat.setDefaultTimeZone("UTC") }
        for zone in byZone.keys.sorted() {
            ReferenceMessageFormat.setDefaultTimeZone(zone)
            var references: [String: ReferenceMessageFormat] = [:]
            for i in byZone[zone]! {
                let c = Corpus.cases[i]
                let localeID = try LocaleData.icuID(forTag: c.locale)
                let key = localeID + "\u{0}" + c.template.numbered
                let r: ReferenceMessageFormat
                if let hit = references[key] {
                    r = hit
                } else {
                    r = try ReferenceMessageFormat(pattern: c.template.numbered, localeID: localeID)
                    references[key] = r
                }
                texts[i] = try r.format(c.values.map(\.icu))
            }
        }
        return texts
    }

    static func fixtureText() throws -> String {
        let texts = try icuTexts()
        var out = ""
        for (i, c) in Corpus.cases.enumerated() {
            out += ConformanceFixture.line(
                id: i, locale: c.locale, timeZone: c.timeZone, pattern: c.template.named,
                args: zip(c.template.arguments, c.values).map { ($0.0.name, $0.1.ours) }, icu72: texts[i],
                toolkit: UnitSpacingException.toolkit(icu72: texts[i], pattern: c.template.named, locale: c.locale))
            out += "\n"
        }
        return out
    }

    /// Every value, written as msgtool's JSON input, reads back as the very value the corpus
    /// gives the engine (so the fixture and the corpus test format the same thing).
    @Test func valuesRoundTripThroughMsgtoolTyping() throws {
        var compiled: [String: MessagePattern] = [:]
        for c in Corpus.cases {
            let pattern: MessagePattern
            if let p = compiled[c.template.named] { pattern = p } else { pattern = try MessagePattern(c.template.named); compiled[c.template.named] = pattern }
            let kinds = ConformanceFixture.usageKinds(pattern)
            for (a, v) in zip(c.template.arguments, c.values) {
                let node = try JSONReader.parse(ConformanceFixture.json(v.ours))
                let back = try ConformanceFixture.value(json: node, usage: kinds[a.name])
                #expect(back == v.ours, "\(a.name) = \(v) in \(c.template.named) reads back as \(back)")
            }
        }
    }

    @Test func fixtureIsICU72sTextOfTheCorpus() throws {
        let text = try Self.fixtureText()
        if let path = ProcessInfo.processInfo.environment["WRITE_CONFORMANCE_FIXTURE"], !path.isEmpty {
            let url = URL(fileURLWithPath: path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url, options: .atomic)
            return
        }
        let committed = try String(contentsOf: ConformanceFixture.url, encoding: .utf8)
        if committed == text { return }
        let ours = text.split(separator: "\n"), theirs = committed.split(separator: "\n")
        let first = zip(ours, theirs).enumerated().first { $0.element.0 != $0.element.1 }
        Issue.record(
            """
            \(ConformanceFixture.relativePath) is stale (\(theirs.count) lines committed, \(ours.count) generated): \
            run scripts/gen-conformance-fixture.sh. First difference, line \((first?.offset ?? min(ours.count, theirs.count)) + 1):
              committed: \(first.map { String($0.element.1) } ?? "-")
              generated: \(first.map { String($0.element.0) } ?? "-")
            """)
    }
}

// MARK: - Malformed patterns

struct MalformedCase: Sendable, CustomTestStringConvertible {
    let named: String
    let numbered: String
    let kind: Diagnostic.Kind
    /// UTF-16 offset we report, and its 1-based line and column.
    let offset: Int
    let line: Int
    let column: Int

    init(_ named: String, _ numbered: String? = nil, _ kind: Diagnostic.Kind, at offset: Int, line: Int = 1, column: Int? = nil) {
        self.named = named
        self.numbered = numbered ?? named
        self.kind = kind
        self.offset = offset
        self.line = line
        self.column = column ?? offset + 1
    }

    var testDescription: String { named.count > 60 ? String(named.prefix(60)) + "… (\(named.utf16.count) units)" : named }
}

@Suite("Malformed patterns")
struct MalformedPatternTests {
    static let deep: String = String(repeating: "{a, select, other {", count: 300) + "x" + String(repeating: "}}", count: 300)
    static let deepNumbered: String = String(repeating: "{0, select, other {", count: 300) + "x" + String(repeating: "}}", count: 300)

    static let cases: [MalformedCase] = [
        // unbalanced braces
        .init("Hello {name", "Hello {0", .unmatchedBrace, at: 6),
        .init("{n, plural, one {# day} other {# days}", "{0, plural, one {# day} other {# days}", .unmatchedBrace, at: 0),
        .init("{n, plural, one {# day} other {# days", "{0, plural, one {# day} other {# days", .unmatchedBrace, at: 30),
        .init("{n, number", "{0, number", .unmatchedBrace, at: 0),
        .init("{n, number, ::.0", "{0, number, ::.0", .unmatchedBrace, at: 0),
        // plural/select without other
        .init("{n, plural, one {# day}}", "{0, plural, one {# day}}", .missingOther, at: 0),
        .init("{n, selectordinal, one {#st} two {#nd}}", "{0, selectordinal, one {#st} two {#nd}}", .missingOther, at: 0),
        .init("{g, select, female {she}}", "{0, select, female {she}}", .missingOther, at: 0),
        // unknown type
        .init("{n, numbr}", "{0, numbr}", .unknownType, at: 4),
        .init("{n, plurals, one {x} other {y}}", "{0, plurals, one {x} other {y}}", .unknownType, at: 4),
        // bad skeleton
        .init("{n, number, ::.0x}", "{0, number, ::.0x}", .badSkeleton, at: 14),
        .init("{n, number, ::currency/EURO}", "{0, number, ::currency/EURO}", .badSkeleton, at: 23),
        // bad offset
        .init("{n, plural, offset:x one {#} other {#}}", "{0, plural, offset:x one {#} other {#}}", .badOffset, at: 12),
        .init("{n, plural, one {#} offset:1 other {#}}", "{0, plural, one {#} offset:1 other {#}}", .badOffset, at: 20),
        // empty or cut-short arguments
        .init("{}", "{}", .malformedArgument, at: 1),
        .init("{n,}", "{0,}", .malformedArgument, at: 3),
        .init("{n, plural}", "{0, plural}", .malformedArgument, at: 1),
        .init("{n m}", "{0 1}", .malformedArgument, at: 3),
        .init("{n, plural, one # other {#}}", "{0, plural, one # other {#}}", .badSelector, at: 12),
        .init("{n, plural, =x {#} other {#}}", "{0, plural, =x {#} other {#}}", .badSelector, at: 12),
        // on a later line: line and column count from that line
        .init(
            "Line one\nline two {n, plural,\n  one {#}\n  few {#}}", "Line one\nline two {0, plural,\n  one {#}\n  few {#}}", .missingOther, at: 18, line: 2,
            column: 10),
        .init("Zeile\n{n, datum}", "Zeile\n{0, datum}", .unknownType, at: 10, line: 2, column: 5)
    ]

    @Test(arguments: cases)
    func rejectedByBoth(_ c: MalformedCase) throws {
        // ICU
        let icu = Result { () throws(ICUError) in try ReferenceMessageFormat(pattern: c.numbered, localeID: "en") }
        if case .success = icu { Issue.record("ICU's umsg_open accepted \(c.numbered.prefix(80))") }
        // our parser and compiler
        let ours = Result { () throws(Diagnostic) in try MessageFormat(c.named, locale: "en") }
        guard case .failure(let e) = ours else {
            Issue.record("MessageFormat accepted \(c.named.prefix(80)) (ICU: \(icu))")
            return
        }
        #expect(e.kind == .syntax)
        let s = try #require(e.syntax)
        #expect(s.kind == c.kind, "\(s.message)")
        #expect(s.offset == c.offset, "\(s.message)")
        #expect(e.offset == c.offset)
        #expect(s.line == c.line)
        #expect(s.column == c.column)
        #expect(!s.message.isEmpty)
    }

    /// Nesting: ICU's `MessagePattern::parseMessage` refuses a nesting level above
    /// `Part::MAX_VALUE` (32767), so umsg accepts 300 levels. Our parser stops at 255 levels
    /// (recursive descent on a thread's stack; no real message nests like that), so this is the
    /// one place where we reject what ICU accepts: pin it down, with its position.
    @Test func nestingDeeperThan255IsOursAlone() throws {
        _ = try ReferenceMessageFormat(pattern: Self.deepNumbered, localeID: "en")
        let e = try #require(throws: Diagnostic.self) { try MessageFormat(Self.deep, locale: "en") }
        let s = try #require(e.syntax)
        #expect(s.kind == .tooDeep)
        // The '{' that opens the 256th nested sub-message: 19 code units per level.
        #expect(s.offset == 19 * 256 - 1)
        #expect(s.line == 1 && s.column == 19 * 256)
        // 255 levels are accepted by both.
        let ok = String(repeating: "{a, select, other {", count: 255) + "x" + String(repeating: "}}", count: 255)
        #expect(try MessageFormat(ok, locale: "en").format(["a": "b"]) == "x")
    }

    /// Well-formed look-alikes of the table are accepted by both (the table is not rejecting everything).
    @Test(arguments: [
        ("{n, plural, one {# day} other {# days}}", "{0, plural, one {# day} other {# days}}"),
        ("{n, number, ::.0}", "{0, number, ::.0}"),
        ("{n, plural, offset:1 one {#} other {#}}", "{0, plural, offset:1 one {#} other {#}}"),
        (
            String(repeating: "{a, select, other {", count: 100) + "x" + String(repeating: "}}", count: 100),
            String(repeating: "{0, select, other {", count: 100) + "x" + String(repeating: "}}", count: 100)
        )
    ])
    func wellFormedAcceptedByBoth(_ named: String, _ numbered: String) throws {
        _ = try ReferenceMessageFormat(pattern: numbered, localeID: "en")
        _ = try MessageFormat(named, locale: "en")
    }
}
#endif
