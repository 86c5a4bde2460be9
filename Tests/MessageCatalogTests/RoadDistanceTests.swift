import Testing
@testable import MessageCatalog

/// `usage/road`: a distance given in kilometres reads in the unit the reader's region uses for
/// distances (CLDR's road preferences), with the same text from ICU (a server) and from the
/// Foundation backend (a device). The expected texts are ICU 72's, Spanish with its no-break
/// space between number and unit (`UnitSpacing`).
@Suite("Distances in the reader's units (usage/road)")
struct RoadDistanceTests {
    static let pattern = "{d, number, ::measure-unit/length-kilometer usage/road unit-width-short}"

    @Test(
        "The region picks miles, yards, feet, kilometres or metres, rounded as ICU rounds",
        arguments: [
            ("en-US", 8.42, "5.2 mi"), ("en-US", 1.6, "0.99 mi"), ("en-US", 1.0, "0.62 mi"), ("en-US", 8.04672, "5 mi"),
            ("en-US", 20.0, "12 mi"), ("en-US", 1000.0, "621 mi"), ("en-US", 0.8, "2,600 ft"), ("en-US", 0.3, "1,000 ft"),
            ("en-US", 0.03, "100 ft"), ("en-US", 0.01, "30 ft"), ("en-US", 0.0049, "20 ft"),
            ("en-GB", 8.42, "5.2 mi"), ("en-GB", 0.8, "850 yd"), ("en-GB", 0.3, "350 yd"), ("en-GB", 0.03, "30 yd"),
            ("en", 8.42, "8.4 km"), ("en", 1.6, "1.6 km"), ("en", 0.9, "0.9 km"), ("en", 0.899, "900 m"), ("en", 0.3, "300 m"),
            ("en", 0.03, "30 m"), ("en", 0.0049, "5 m"), ("en", 123.456, "123 km"),
            ("es", 0.9, "0,9\u{A0}km"), ("es-MX", 8.42, "8.4\u{A0}km"), ("es-MX", 0.3, "300\u{A0}m"),
            ("zh-Hans", 8.42, "8.4公里"), ("zh-Hans", 0.03, "30米")
        ])
    func road(_ locale: String, _ km: Double, _ expected: String) throws {
        let m = try MessageFormat(Self.pattern, locale: locale)
        #expect(try m.format(["d": .double(km)]) == expected)
    }

    /// What the catalogs write: one decimal for road distances (a marathon is 42.2 km, 26.2 mi),
    /// and never more than three significant digits (300 m is 984 ft, not “984.3 ft”).
    static let runners = "{d, number, ::measure-unit/length-kilometer usage/road unit-width-short .#/@##}"

    @Test(
        "Runners' precision (.#/@##): one decimal, at most three significant digits, from both backends",
        arguments: [
            ("en-US", 42.195, "26.2 mi"), ("en-US", 21.1, "13.1 mi"), ("en-US", 5.0, "3.1 mi"), ("en-US", 8.42, "5.2 mi"),
            ("en-US", 0.9, "0.6 mi"), ("en-US", 1.6, "1 mi"), ("en-US", 100.5, "62.4 mi"), ("en-US", 0.3, "984 ft"),
            ("en-US", 0.8, "2,620 ft"), ("en-US", 0.1, "328 ft"),
            ("en-GB", 42.2, "26.2 mi"), ("en-GB", 0.3, "328 yd"), ("en-GB", 0.8, "875 yd"),
            ("en", 42.195, "42.2 km"), ("en", 10.0, "10 km"), ("en", 0.3, "300 m"), ("en", 100.5, "100 km"), ("en", 160.9, "161 km"),
            ("es", 42.2, "42,2\u{A0}km"), ("es-MX", 21.1, "21.1\u{A0}km"), ("fr", 42.2, "42,2\u{202F}km"), ("zh-Hans", 42.2, "42.2公里")
        ])
    func runners(_ locale: String, _ km: Double, _ expected: String) throws {
        let m = try MessageFormat(Self.runners, locale: locale)
        #expect(try m.format(["d": .double(km)]) == expected)
    }

    @Test("A plain number with .#/@## rounds the same way; the stem is refused without its '@'")
    func fractionSignificantPlain() throws {
        let m = try MessageFormat("{n, number, ::.#/@##}", locale: "en")
        #expect(try m.format(["n": .double(42.195)]) == "42.2")
        #expect(try m.format(["n": .double(984.25)]) == "984")
        #expect(try m.format(["n": .double(2624.67)]) == "2,620")
        #expect(try m.format(["n": .double(0.559)]) == "0.6")
        #expect(throws: Diagnostic.self) { try MessageFormat("{n, number, ::.#/##}", locale: "en") }
    }

    @Test("usage/road needs a unit; a unit that is not a length keeps its own")
    func notALength() throws {
        #expect(throws: Diagnostic.self) {
            try MessageFormat("{d, number, ::usage/road}", locale: "en-US").format(["d": .double(1)])
        }
        #expect(try MessageFormat("{d, number, ::measure-unit/duration-hour usage/road}", locale: "en-US").format(["d": .double(1)]) == "1 hr")
    }

    @Test("The region of a locale id", arguments: [("en_US", "US"), ("en-GB", "GB"), ("es_419", "419"), ("zh_Hans_CN", "CN"), ("zh-Hans", nil), ("en", nil)])
    func region(_ id: String, _ expected: String?) {
        #expect(RoadUnitPreferences.region(of: id) == expected)
    }
}
