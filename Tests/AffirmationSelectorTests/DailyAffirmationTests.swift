import Foundation
import MessageCatalog
import NotificationPlanning
import Testing
@testable import AffirmationSelector

@Suite("The day's affirmation for an app's screens")
struct DailyAffirmationTests {
    static let catalogs = try! ContentGenerator.bundled()

    /// The daily-affirmation requests the planner makes for a week from `now`.
    func plannedWeek(locale: String, tone: Tone, zone: String, now: Date) throws -> [NotificationRequest] {
        var preferences = NotificationPreferences(timeZone: zone)
        preferences.locale = locale
        preferences.tone = tone
        preferences.dailyAffirmation.enabled = true
        let result = try Planner.plan(preferences: preferences, state: SchedulerState(), events: [], now: now, content: Self.catalogs)
        return result.added.filter { $0.kind == .dailyAffirmation }
    }

    @Test(
        "The notification, the home screen and a widget show the same texts for a date",
        arguments: [
            ("en", "en_US", Tone.cheerful, "America/New_York"), ("es-MX", "es_MX", .gentle, "America/Mexico_City"),
            ("es-ES", "es_ES", .minimal, "Europe/Madrid"), ("zh-Hans-CN", "zh_Hans_CN", .gentle, "Asia/Shanghai")
        ])
    func sameAsThePlanner(_ tag: String, _ localeID: String, _ tone: Tone, _ zoneID: String) throws {
        let now = Date(timeIntervalSince1970: 1_795_500_000)  // 2026-11-25
        let requests = try plannedWeek(locale: tag, tone: tone, zone: zoneID, now: now)
        #expect(requests.count == 7)
        for request in requests {
            let shown = try AffirmationSelector.dailyAffirmation(
                for: request.fireDate, locale: Locale(identifier: localeID), tone: tone,
                timeZone: TimeZone(identifier: zoneID)!, content: Self.catalogs)
            #expect(shown.title == request.title)
            #expect(shown.body == request.body)
            #expect(String(shown.index) == request.userInfo["affirmationIndex"])
            #expect("daily-affirmation-\(shown.date)" == request.identifier)
            #expect(!shown.text.isEmpty && shown.body.contains(shown.text))
        }
    }

    @Test("Any instant of the local day gives that day's affirmation; the next day another")
    func localDate() throws {
        let zone = TimeZone(identifier: "Pacific/Auckland")!
        let morning = try AffirmationSelector.dailyAffirmation(
            for: Date(timeIntervalSince1970: 1_795_518_000), locale: Locale(identifier: "en_NZ"),
            timeZone: zone)
        let evening = try AffirmationSelector.dailyAffirmation(
            for: Date(timeIntervalSince1970: 1_795_518_000 + 12 * 3600),
            locale: Locale(identifier: "en_NZ"), timeZone: zone)
        let tomorrow = try AffirmationSelector.dailyAffirmation(
            for: Date(timeIntervalSince1970: 1_795_518_000 + 24 * 3600),
            locale: Locale(identifier: "en_NZ"), timeZone: zone)
        #expect(morning == evening)
        #expect(morning.date == LocalDate(Date(timeIntervalSince1970: 1_795_518_000), in: zone))
        #expect(tomorrow.date == morning.date.adding(days: 1))
        #expect(tomorrow.text != morning.text)
        #expect(morning.locale == "en")
    }

    @Test("An app's own list: one entry a day, every entry once in a cycle, the same whatever the locale")
    func appList() throws {
        let list = (1...7).map { "Affirmation number \($0)." }
        let zone = TimeZone(identifier: "Europe/Madrid")!
        let start = LocalDate(year: 2026, month: 12, day: 3)  // a cycle of 7 starts on a day number divisible by 7
        #expect(start.dayNumber % 7 == 0)
        var seen: [String] = []
        for offset in 0..<7 {
            let date = Date(timeIntervalSince1970: TimeInterval(start.adding(days: offset).dayNumber) * 86_400 + 9 * 3600)
            let english = try AffirmationSelector.dailyAffirmation(for: date, from: list, locale: Locale(identifier: "en_GB"), timeZone: zone)
            let spanish = try AffirmationSelector.dailyAffirmation(for: date, from: list, locale: Locale(identifier: "es_ES"), timeZone: zone)
            #expect(english.index == spanish.index)
            #expect(english.text == list[english.index])
            #expect(english.body.contains(english.text))
            #expect(spanish.locale == "es")
            seen.append(english.text)
        }
        #expect(Set(seen) == Set(list))
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0 != $1 })
    }

    @Test("An empty list is refused with what to do")
    func emptyList() {
        #expect(throws: AffirmationSelectionError("the list of affirmations is empty: pass at least one affirmation")) {
            _ = try AffirmationSelector.dailyAffirmation(for: Date(timeIntervalSince1970: 0), from: [], timeZone: TimeZone(identifier: "UTC")!)
        }
    }

    @Test("A malformed locale is an error naming it, not a crash")
    func badLocale() {
        do {
            _ = try AffirmationSelector.dailyAffirmation(
                for: Date(timeIntervalSince1970: 0), locale: Locale(identifier: "!!"),
                timeZone: TimeZone(identifier: "UTC")!)
            Issue.record("a malformed locale rendered")
        } catch {
            #expect(error.message.contains("affirmation.pool"))
        }
    }

    @Test(
        "Foundation locales become the catalogs' BCP 47 tags",
        arguments: [
            ("es_MX", "es-MX"), ("zh_Hans_CN", "zh-Hans-CN"), ("en", "en"), ("es_419", "es-419")
        ])
    func tags(_ identifier: String, _ tag: String) {
        #expect(SelectorLocale.tag(Locale(identifier: identifier)) == tag)
    }

    @Test("A selection draws each cycle's permutation once and picks what SeededPicker picks, date by date")
    func memoizedPicksAreSeededPickers() throws {
        for seed: UInt64 in [0, 2_795_742_288] {
            var selection = DailySelection(
                content: Self.catalogs, locale: "en", tone: .gentle, timeZone: "Europe/Madrid", termOfAddress: .unspecified, seed: seed)
            let size = try selection.poolCount()
            let first = LocalDate(year: 2026, month: 1, day: 1).dayNumber
            for day in first..<(first + 800) {
                let date = LocalDate(dayNumber: day)
                for count in [1, 2, 3, 5, 60] {
                    #expect(
                        selection.notificationVariant(for: date, count: count)
                            == SeededPicker.dailyIndex(for: date, namespace: DailySelection.notificationKey, poolSize: count, seed: seed))
                }
                #expect(try selection.poolEntry(for: date).index == SeededPicker.dailyAffirmation(for: date, locale: "en", poolSize: size, seed: seed))
            }
        }
    }

    @Test("A date's text is YYYY-MM-DD with ASCII digits, zero-padded, for every year")
    func dateText() {
        for (year, month, day) in [(2026, 11, 23), (0, 1, 1), (9, 9, 9), (999, 12, 31), (9999, 12, 31), (10_000, 1, 1), (-1, 12, 31)] {
            let padded = "\(LocalDate.pad(year, 4))-\(LocalDate.pad(month, 2))-\(LocalDate.pad(day, 2))"
            #expect(LocalDate(year: year, month: month, day: day).description == padded)
        }
        #expect(LocalDate(year: 2026, month: 3, day: 7).description == "2026-03-07")
        #expect(LocalDate(year: 7, month: 3, day: 7).description == "0007-03-07")
        #expect(LocalDate.pad(5, 2) == "05")
        #expect(LocalDate.pad(-5, 2) == "-05")
        #expect(LocalDate.pad(123, 2) == "123")
    }
}
