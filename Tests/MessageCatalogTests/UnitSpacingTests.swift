import Testing
import ToolkitSupport
@testable import MessageCatalog

/// A Spanish number and its unit are joined by a no-break space (U+00A0), by both backends alike,
/// where CLDR 42 writes an ordinary space; what CLDR already joins (French U+202F, Spanish «51 %»)
/// and the other languages are left as CLDR writes them.
@Suite("A no-break space between a number and its unit")
struct UnitSpacingTests {
    static let road = "{d, number, ::measure-unit/length-kilometer usage/road unit-width-short .#/@##}"

    @Test(
        "Spanish units are joined; English, French and Chinese are CLDR's",
        arguments: [
            ("es", road, 8.42, "8,4\u{A0}km"), ("es-MX", road, 8.42, "8.4\u{A0}km"), ("es-419", road, 0.3, "300\u{A0}m"),
            ("es", "{d, number, ::measure-unit/length-kilometer unit-width-full-name .0}", 8.42, "8,4\u{A0}kilómetros"),
            ("es", "{d, number, ::measure-unit/duration-hour}", 2, "2\u{A0}h"),
            ("en", road, 8.42, "8.4 km"), ("en-US", road, 8.42, "5.2 mi"), ("fr", road, 8.42, "8,4\u{202F}km"), ("zh-Hans", road, 8.42, "8.4公里")
        ])
    func units(_ locale: String, _ pattern: String, _ value: Double, _ expected: String) throws {
        #expect(try MessageFormat(pattern, locale: locale).format(["d": .double(value)]) == expected)
    }

    @Test("What is not a unit keeps its spaces: plain numbers, percent, literal text, the words around a unit")
    func notUnits() throws {
        let m = try MessageFormat("{n, number} pasos, {p, number, percent}, {d, number, ::measure-unit/length-kilometer .0} hoy", locale: "es")
        #expect(try m.format(["n": .int(10_432), "p": .double(0.51), "d": .double(8.42)]) == "10.432 pasos, 51\u{A0}%, 8,4\u{A0}km hoy")
    }

    @Test(
        "Durations: «1 h y 20 min» keeps «y» breakable and joins each number to its unit",
        arguments: [
            ("es", 4800, "1\u{A0}h y 20\u{A0}min"), ("es-MX", 330, "5\u{A0}min y 30\u{A0}s"), ("es", 7200, "2\u{A0}h"),
            ("en", 4800, "1 hr, 20 min"), ("zh-Hans", 4800, "1小时20分钟")
        ])
    func durations(_ locale: String, _ seconds: Int, _ expected: String) throws {
        let id = try Backend.localeID(forTag: locale)
        #expect(try Backend.formatDuration(seconds: seconds, localeID: id) == expected)
    }

    @Test("The memo of formatted parts returns the joined text on a hit, and the plain text for another locale")
    func memo() throws {
        let context = FormatContext()
        let es = try MessageFormat("{d, plural, =0 {nada} other {{d, number, ::measure-unit/length-kilometer .0}}}", locale: "es")
        let en = try MessageFormat("{d, plural, =0 {nothing} other {{d, number, ::measure-unit/length-kilometer .0}}}", locale: "en")
        for _ in 0..<3 {
            #expect(try es.format(es.bind(["d": .double(8.42)]), context: context) == "8,4\u{A0}km")
            #expect(try en.format(en.bind(["d": .double(8.42)]), context: context) == "8.4 km")
        }
    }

    @Test("Only a space right after a digit is joined")
    func rule() {
        #expect(UnitSpacing.joined("1 h y 20 min") == "1\u{A0}h y 20\u{A0}min")
        #expect(UnitSpacing.joined("km 5") == "km 5")
        var bytes = Array("5 pasos: 8 km".utf8)
        UnitSpacing.join(&bytes, from: 8)
        #expect(String(decoding: bytes, as: UTF8.self) == "5 pasos: 8\u{A0}km")
        #expect(UnitSpacing.joinsUnits(localeID: "es_MX") && UnitSpacing.joinsUnits(localeID: "es-419") && !UnitSpacing.joinsUnits(localeID: "en_US"))
    }
}
