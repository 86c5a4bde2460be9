import Foundation
import Testing
import ToolkitSupport
@testable import MessageCatalog

/// French typography in formatted values, by both backends alike: the first day of a month is an
/// ordinal («1er mai», `FirstDayOrdinal`), and a duration's two units are written without «et»
/// («1 h 20 min», `DurationUnitList`). Every other locale prints what it printed before.
@Suite("French dates and durations")
struct FrenchDateAndDurationTests {
    static func millis(_ iso: String) -> Double {
        (ISO8601DateFormatter().date(from: iso)!.timeIntervalSince1970 * 1000).rounded()
    }

    static func format(_ pattern: String, _ locale: String, _ iso: String, zone: String = "UTC") throws -> String {
        try MessageFormat(pattern, locale: locale).format(["d": .date(millis: millis(iso))], timeZone: zone)
    }

    @Test(
        "The first day of a month is «1er», every other day a number",
        arguments: [
            ("fr-FR", "{d, date, long}", "2026-05-01T12:00:00Z", "1er mai 2026"),
            ("fr-FR", "{d, date, long}", "2026-05-02T12:00:00Z", "2 mai 2026"),
            ("fr-FR", "{d, date, long}", "2026-12-31T12:00:00Z", "31 décembre 2026"),
            ("fr-FR", "{d, date, long}", "2026-05-11T12:00:00Z", "11 mai 2026"),
            ("fr-FR", "{d, date, long}", "2026-05-21T12:00:00Z", "21 mai 2026"),
            ("fr-FR", "{d, date, full}", "2026-01-01T12:00:00Z", "jeudi 1er janvier 2026"),
            ("fr-FR", "{d, date, medium}", "2026-01-01T12:00:00Z", "1er janv. 2026"),
            ("fr-FR", "{d, date, ::MMMMd}", "2026-05-01T12:00:00Z", "1er mai"),
            ("fr-FR", "{d, date, ::MMMMEEEEd}", "2026-05-01T12:00:00Z", "vendredi 1er mai"),
            ("fr", "{d, date, long} à {d, time, short}", "2026-05-01T12:00:00Z", "1er mai 2026 à 12:00"),
            ("fr-CA", "{d, date, long}", "2026-05-01T12:00:00Z", "1er mai 2026"),
            ("fr-CA", "{d, date, long}", "2026-05-02T12:00:00Z", "2 mai 2026"),
            ("fr-CA", "{d, date, full}", "2026-01-01T12:00:00Z", "jeudi 1er janvier 2026")
        ])
    func firstDay(_ locale: String, _ pattern: String, _ iso: String, _ expected: String) throws {
        #expect(try Self.format(pattern, locale, iso) == expected)
    }

    @Test(
        "Numeric dates, a day alone, a two-digit day, weekdays and times are unchanged",
        arguments: [
            ("fr-FR", "{d, date, short}", "01/05/2026"),
            ("fr-CA", "{d, date, short}", "2026-05-01"),
            ("fr-FR", "{d, date, ::d}", "1"),
            ("fr-FR", "{d, date,dd MMMM}", "01 mai"),
            ("fr-FR", "{d, date, ::EEEE}", "vendredi"),
            ("fr-FR", "{d, time, short}", "12:00")
        ])
    func notTheFirstDayRule(_ locale: String, _ pattern: String, _ expected: String) throws {
        #expect(try Self.format(pattern, locale, "2026-05-01T12:00:00Z") == expected)
    }

    @Test("The day is the one of the zone the date is shown in")
    func zone() throws {
        // 30 April 22:30 UTC is 1 May 00:30 in Paris.
        #expect(try Self.format("{d, date, long}", "fr-FR", "2026-04-30T22:30:00Z", zone: "Europe/Paris") == "1er mai 2026")
        #expect(try Self.format("{d, date, long}", "fr-FR", "2026-04-30T22:30:00Z") == "30 avril 2026")
        // 1 May 02:00 UTC is still 30 April in Montreal.
        #expect(try Self.format("{d, date, long}", "fr-CA", "2026-05-01T02:00:00Z", zone: "America/Toronto") == "30 avril 2026")
    }

    @Test(
        "Other languages print the first of the month as before",
        arguments: [
            ("en-US", "May 1, 2026"), ("en-GB", "1 May 2026"), ("es-ES", "1 de mayo de 2026"), ("es-MX", "1 de mayo de 2026"),
            ("zh-Hans", "2026年5月1日")
        ])
    func otherLanguages(_ locale: String, _ expected: String) throws {
        #expect(try Self.format("{d, date, long}", locale, "2026-05-01T12:00:00Z") == expected)
    }

    @Test(
        "French durations join their units without «et»; the rest of the text is CLDR's",
        arguments: [
            ("fr-FR", 45, "45\u{202F}s"), ("fr-FR", 3600, "1\u{202F}h"), ("fr-FR", 4800, "1\u{202F}h 20\u{A0}min"),
            ("fr-FR", 90_000, "25\u{202F}h"), ("fr-FR", 330, "5\u{A0}min 30\u{202F}s"),
            ("fr-CA", 45, "45\u{A0}s"), ("fr-CA", 3600, "1\u{A0}h"), ("fr-CA", 4800, "1\u{A0}h 20\u{A0}min"), ("fr-CA", 90_000, "25\u{A0}h")
        ])
    func frenchDurations(_ locale: String, _ seconds: Int, _ expected: String) throws {
        let id = try Backend.localeID(forTag: locale)
        #expect(try Backend.formatDuration(seconds: seconds, localeID: id) == expected)
    }

    @Test(
        "Other languages' durations are unchanged",
        arguments: [
            ("en-US", 4800, "1 hr, 20 min"), ("en-US", 330, "5 min, 30 sec"), ("en-GB", 4800, "1 hr, 20 mins"),
            ("es-ES", 4800, "1\u{A0}h y 20\u{A0}min"), ("es-MX", 4800, "1\u{A0}h y 20\u{A0}min"), ("zh-Hans", 4800, "1小时20分钟"),
            ("en-US", 90_000, "25 hr"), ("es-ES", 45, "45\u{A0}s")
        ])
    func otherDurations(_ locale: String, _ seconds: Int, _ expected: String) throws {
        let id = try Backend.localeID(forTag: locale)
        #expect(try Backend.formatDuration(seconds: seconds, localeID: id) == expected)
    }

    @Test(
        "The rule reads a lone day before a month name, and nothing else",
        arguments: [
            ("d MMMM y", true), ("EEEE d MMMM y", true), ("d MMM y", true), ("d MMMM y 'à' HH:mm", true), ("d\u{202F}LLLL", true),
            ("dd/MM/y", false), ("y-MM-dd", false), ("MMMM d, y", false), ("d", false), ("EEEE", false), ("HH:mm", false),
            ("d 'de' MMMM", false), ("dd MMMM", false), ("d MM y", false), ("'d' MMMM", false), ("d MMMM, d", false)
        ])
    func patterns(_ pattern: String, _ concerned: Bool) {
        #expect(FirstDayOrdinal.concerns(pattern: pattern) == concerned)
    }

    @Test("The ordinal pattern quotes the suffix after the day; the suffix is read from the ordinal of 1")
    func rule() {
        #expect(FirstDayOrdinal.ordinalPattern("EEEE d MMMM y", suffix: "er") == "EEEE d'er' MMMM y")
        #expect(FirstDayOrdinal.ordinalPattern("dd/MM/y", suffix: "er") == nil)
        #expect(FirstDayOrdinal.suffix(ordinalOfOne: "1er") == "er")
        #expect(FirstDayOrdinal.suffix(ordinalOfOne: "1.º") == nil)
        #expect(FirstDayOrdinal.suffix(ordinalOfOne: "第1") == nil)
        #expect(FirstDayOrdinal.applies(localeID: "fr_CA") && FirstDayOrdinal.applies(localeID: "fr-CH") && !FirstDayOrdinal.applies(localeID: "es_ES"))
        #expect(DurationUnitList.usesNarrowList(localeID: "fr_FR") && !DurationUnitList.usesNarrowList(localeID: "en_US"))
    }
}
